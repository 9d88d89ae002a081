/**
 * A bot that makes its sandbox host die (here: a computation V8 cannot interrupt, so the host is
 * killed from outside) loses the game in play and nothing else: the series goes on and is done,
 * not failed. (A validation series stops at the version's first forfeit instead: validation.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import { RANDOM, finished, storeBot, workerForAll } from './helpers.ts';

const STALLER = '../../sandbox/test/fixtures/stall-on-third-move.ts';
/** Short time limits keep the host's lease short; 256 MiB lets the BigInt stall rather than fail. */
const LIMITS = { decisionMs: 20, bankMs: 20, memoryMb: 256, loadMs: 50 };

describe('a bot that kills its sandbox host', () => {
  const w = workerForAll({ pool: { graceMs: 200 } });

  it('forfeits the games it did it in, and the series goes on', async () => {
    const house = await storeBot(w.h.store, 'house', 'random', RANDOM);
    const staller = await storeBot(w.h.store, 'olga', 'staller', STALLER);
    const id = await w.h.enqueue({ kind: 'challenge', rated: false, entrants: [staller, house], deals: 1, seed: 8, limits: LIMITS });
    const series = await w.h.waitFor(id, finished, 90_000);
    expect(series).toMatchObject({ status: 'done', gamesDone: 2, error: null });
    for (const index of [0, 1]) {
      const match = await w.h.store.getMatch(`${id}.${index}`);
      expect(match?.forfeit).toMatchObject({ seat: index % 2, verdict: 'timeout' });
    }
    expect((await w.h.queue.getJob(id))?.returnvalue).toMatchObject({ hostDeaths: 2, validation: null });
  });
});
