/**
 * A challenge series goes through the queue and the sandbox and is stored game by game: every
 * match under its fixed id, with the entrants in the seats they played and a replay that verifies.
 */
import { parseReplay, verifyReplay } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type SeriesWorker } from '../src/index.ts';
import { HEURISTIC, RANDOM, TEST_REDIS_URL, harness, storeBot, finished, type Harness } from './helpers.ts';

describe('a challenge series', () => {
  let h: Harness;
  let worker: SeriesWorker;
  beforeAll(async () => {
    h = harness();
    worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix });
    await worker.ready;
  });
  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });

  it('is played in the sandbox and every game is stored once with a replay that verifies', async () => {
    const a = await storeBot(h.store, 'alice', 'heuristic', HEURISTIC);
    const b = await storeBot(h.store, 'bob', 'random', RANDOM);
    const id = await h.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals: 3, seed: 11 });
    const series = await h.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'done', games: 6, gamesDone: 6, error: null });
    expect([...series.matches].sort()).toEqual([0, 1, 2, 3, 4, 5].map((i) => `${id}.${i}`).sort());

    for (let index = 0; index < 6; index++) {
      const match = await h.store.getMatch(`${id}.${index}`);
      // Mirrored: bot A (alice's) sits in seat 0 in the first game of a deal, in seat 1 in the second.
      const seatOfA = index % 2;
      expect(match?.entrants[seatOfA]).toEqual({ bot: a.bot, version: 1, name: 'heuristic' });
      expect(match?.entrants[1 - seatOfA]).toEqual({ bot: b.bot, version: 1, name: 'random' });
      const replay = parseReplay(await h.store.getReplay(`${id}.${index}`));
      // Deal i of the series is seed + i, the same deal for both games of a deal.
      expect(replay.seed).toBe(11 + Math.floor(index / 2));
      expect(verifyReplay(replay)).toMatchObject({ ok: true });
    }
    const job = await h.queue.getJob(id);
    expect(await job?.getState()).toBe('completed');
    expect(job?.returnvalue).toMatchObject({ played: 6, duplicates: 0, skippedDeals: 0, validation: null });
  });
});
