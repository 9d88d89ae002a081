/**
 * Fills a store with what the API benchmark reads: a user, the three example bots as active
 * versions, and `matches` rated games between them, played in this process with the trusted
 * examples (the games are real, so replays, stats and the leaderboard are what a server holds).
 */
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { xix } from '@xix/engine';
import { playSeries, trustedPlayer, type Player } from '@xix/referee';
import { compileBot } from '@xix/sandbox';
import type { XixBot } from '@xix/sdk';
import type { Store } from '@xix/store';
import heuristic from '../../../sdk/examples/xix/heuristic.ts';
import random from '../../../sdk/examples/xix/random.ts';

const EXAMPLES = fileURLToPath(new URL('../../../sdk/examples/xix/', import.meta.url));
const BOTS: readonly { readonly name: string; readonly bot: XixBot }[] = [
  { name: 'random', bot: random },
  { name: 'heuristic', bot: heuristic },
];

export interface Seeded {
  readonly owner: string;
  readonly bots: readonly string[];
  readonly matches: number;
}

export async function seedStore(store: Store, matches: number): Promise<Seeded> {
  const owner = 'bench';
  await store.ensureUser(owner);
  const entrants: { readonly id: string; readonly name: string; readonly bot: XixBot }[] = [];
  // Two copies of each example under different names: four bots, six pairings.
  for (const copy of [1, 2]) {
    for (const { name, bot } of BOTS) {
      const file = `${EXAMPLES}${name}.ts`;
      const compiled = await compileBot({ entry: file });
      if (!compiled.ok) throw new Error(compiled.message);
      const put = await store.putVersion({
        owner,
        name: `${name}-${copy}`,
        game: xix.id,
        entry: `${name}.ts`,
        files: { [`${name}.ts`]: await readFile(file, 'utf8') },
        bundle: compiled.code,
        bytes: compiled.bytes,
        compileMs: 0,
        state: 'active',
      });
      if (!put.ok) throw new Error(`cannot store ${name}-${copy}: ${put.reason}`);
      entrants.push({ id: put.bot, name: `${name}-${copy}`, bot });
    }
  }
  const pairs = entrants.flatMap((a, i) => entrants.slice(i + 1).map((b) => [a, b] as const));
  const perPair = 2 * Math.ceil(matches / pairs.length / 2);
  let stored = 0;
  for (const [i, [a, b]] of pairs.entries()) {
    const seriesId = await store.createSeries({ game: xix.id, kind: 'challenge', rated: true, entrants: [{ bot: a.id, version: 1 }, { bot: b.id, version: 1 }], deals: perPair / 2, seed: 1000 * i, requestedBy: owner });
    const players: [Player, Player] = [trustedPlayer(a.bot, a.name), trustedPlayer(b.bot, b.name)];
    const writes: Promise<unknown>[] = [];
    playSeries({
      game: xix,
      games: perPair,
      seed: 1000 * i,
      players,
      onGame: ({ index, rotation, record }) => {
        const entrantA = { bot: a.id, version: 1, name: a.name };
        const entrantB = { bot: b.id, version: 1, name: b.name };
        writes.push(store.recordMatch({
          id: `${seriesId}.${index}`,
          seriesId,
          game: xix.id,
          kind: 'challenge',
          rated: true,
          entrants: rotation === 0 ? [entrantA, entrantB] : [entrantB, entrantA],
          replay: record.replay,
          logs: ['', ''],
          finishedAt: Date.now(),
        }));
      },
    });
    await Promise.all(writes);
    await store.setSeriesStatus(seriesId, 'done');
    stored += writes.length;
  }
  return { owner, bots: entrants.map((e) => e.id), matches: stored };
}
