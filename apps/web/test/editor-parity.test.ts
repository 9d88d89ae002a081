/**
 * The editor plays what `xix play` plays (issue 22): the same bot, house bot and seed give the same
 * games move for move, run through the page's own code (the transpiler of its TypeScript worker,
 * the house bots as the build compiles them, page-series.ts and page-player.ts, here in Node) and
 * through the CLI's sandbox. The bot reads Math.random and Date and prints, so the page must give
 * it what the sandbox gives (the seeded Math.random, the frozen Date). Also: the page's HMAC
 * (the referee's bot seeds, with no node:crypto in a page) is Node's, and a decision over the time
 * limits is a timeout forfeit.
 */
import { spawnSync } from 'node:child_process';
import { createHmac as nodeHmac } from 'node:crypto';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import * as sdk from '@xix/sdk';
import { GAMES, parseReplay, type Replay } from '@xix/engine';
import type { SeriesGame } from '@xix/referee';
import { houseBotModules } from '../editor-build.ts';
import { createHmac } from '../src/editor/hmac.ts';
import { pageEntrants, pageTable, playPageSeries, seriesBots } from '../src/editor/page-series.ts';
import { transpileBot } from '../src/editor/transpile.ts';

const XIX = fileURLToPath(new URL('../../cli/src/main.ts', import.meta.url));
const dir = mkdtempSync(path.join(tmpdir(), 'xix-editor-parity-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Chooses with Math.random, shifted by Date.now() (0 in the sandbox), and says what it saw. */
const RANDOM_BOT = `import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    const n = view.legalActions.length;
    const choice = (Math.floor(Math.random() * n) + Date.now()) % n;
    console.log('chose', choice, 'of', n, 'at', new Date().getTime(), performance.timeOrigin);
    return view.legalActions[choice]!;
  },
});
`;

const timeless = (replay: Replay): unknown => ({ ...replay, moves: replay.moves.map((m) => ({ seat: m.seat, action: m.action })) });
const compiled = (source: string): string => {
  const result = transpileBot(source);
  if (!result.ok) throw new Error(result.message);
  return result.code;
};

describe('the editor plays what xix play plays', () => {
  it('gives the same games, move for move, as the CLI in its sandbox on the same seed (a bot of Math.random and Date)', async () => {
    writeFileSync(path.join(dir, 'chancer.ts'), RANDOM_BOT);
    const run = spawnSync(process.execPath, ['--no-node-snapshot', XIX, 'play', 'chancer.ts', 'heuristic', '--games', '4', '--seed', '11', '--replays', 'out'], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    const files = readdirSync(path.join(dir, 'out')).filter((name) => /^game-\d+\.json$/.test(name)).sort();
    const cli = files.map((name) => parseReplay(JSON.parse(readFileSync(path.join(dir, 'out', name), 'utf8'))));
    expect(cli).toHaveLength(4);

    const heuristic = (await houseBotModules(false)).xix!.find((bot) => bot.name === 'heuristic')!;
    const page: SeriesGame[] = [];
    playPageSeries({ game: 'xix', bots: seriesBots({ name: 'chancer', code: compiled(RANDOM_BOT) }, heuristic, 2), seed: 11, first: 0, end: 4 }, sdk, (game) => page.push(game));
    expect(page.map((game) => timeless(game.record.replay))).toEqual(cli.map(timeless));
    // the bot saw the frozen Date, and what it printed is kept by move
    expect(page[0]!.record.logs[0]!.text).toMatch(/^chose \d+ of \d+ at 0 0\n$/);
  });

  it('the page’s HMAC-SHA256 is Node’s', () => {
    for (const [key, text] of [['xix-arena local play', '11/0'], ['k', ''], ['a longer key than one block of sixty-four bytes, to be hashed first', 'x'.repeat(200)]] as const) {
      expect(createHmac('sha256', key).update(text).digest().readUIntBE(0, 6)).toBe(nodeHmac('sha256', key).update(text).digest().readUIntBE(0, 6));
    }
  });

  it('a decision past its allowance and the bank is a timeout forfeit; a bot that imports more than the SDK cannot load', async () => {
    const slow = compiled(`export default { decide(view: { legalActions: unknown[] }) { const end = performance.now() + 40; while (performance.now() < end); return view.legalActions[0]; } };`);
    const random = (await houseBotModules(false)).xix!.find((bot) => bot.name === 'random')!;
    const games: SeriesGame[] = [];
    playPageSeries({ game: 'xix', bots: seriesBots({ name: 'slow', code: slow }, random, 2), seed: 3, first: 0, end: 2, limits: { decisionMs: 5, bankMs: 20 } }, sdk, (game) => games.push(game));
    for (const game of games) expect(game.record.replay.forfeit).toMatchObject({ verdict: 'timeout', message: expect.stringMatching(/^decide took \d+ ms: over its 5 ms and the 20 ms left/) });

    const importer = compiled(`import { readFileSync } from 'node:fs';\nexport default { decide() { return readFileSync; } };`);
    const loaded: SeriesGame[] = [];
    playPageSeries({ game: 'xix', bots: seriesBots({ name: 'importer', code: importer }, random, 2), seed: 3, first: 0, end: 2 }, sdk, (game) => loaded.push(game));
    expect(loaded[0]!.record.replay.forfeit).toMatchObject({ verdict: 'load_error', message: expect.stringContaining('a bot may import only @xix/sdk, not "node:fs"') });
  });
});

describe('every registered game plays in the page', () => {
  it('its house random bot as the author against its house random bot, one deal at the table of its main leaderboard', async () => {
    const house = await houseBotModules(false);
    for (const game of GAMES.values()) {
      const random = house[game.id]!.find((bot) => bot.name === 'random')!;
      const entrants = pageEntrants(game);
      const games: SeriesGame[] = [];
      playPageSeries({ game: game.id, bots: seriesBots({ name: 'author', code: random.code }, random, entrants), seed: 5, first: 0, end: entrants }, sdk, (played) => games.push(played));
      expect(games.map((played) => played.index), game.id).toEqual(Array.from({ length: entrants }, (_, i) => i));
      for (const played of games) {
        expect(played.record.replay.forfeit, game.id).toBeNull();
        expect(played.record.replay.seats, game.id).toHaveLength(pageTable(game).seats);
      }
    }
  });
});
