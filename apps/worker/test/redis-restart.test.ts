/**
 * Redis killed and started again in the middle of a series (its own redis-server, fsyncing every
 * write to its AOF): the worker's connections wait and reconnect, the series completes with all
 * its games, and every match stored before the crash is still there afterwards.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startRestartableRedis, type RestartableRedis } from '../../platform/src/redis-server.ts';
import { startWorker, type SeriesWorker } from '../src/index.ts';
import { SLOW, finished, harness, storeBot, type Harness } from './helpers.ts';

describe('a Redis restart in the middle of a series', () => {
  let redis: RestartableRedis | undefined;
  let worker: SeriesWorker | undefined;
  let h: Harness | undefined;
  afterAll(async () => {
    await worker?.close();
    await h?.close();
    await redis?.close();
  });

  it('loses nothing that was stored, and the series completes', async () => {
    redis = await startRestartableRedis({ name: 'redis', fsyncAlways: true });
    h = harness(redis.url);
    h.redis.on('error', () => undefined);
    // A lock longer than the outage: the job stays with this worker across the restart.
    worker = startWorker({ redisUrl: redis.url, prefix: h.prefix, lockDuration: 10_000 });
    await worker.ready;
    const a = await storeBot(h.store, 'ivy', 'slow-a', SLOW);
    const b = await storeBot(h.store, 'jack', 'slow-b', SLOW);
    const deals = 6;
    const id = await h.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals, seed: 31 });

    const before = await h.waitFor(id, (s) => s.matches.length >= 3);
    expect(before.matches.length).toBeLessThan(2 * deals);
    // SIGKILL: no shutdown save; only what the AOF already holds survives.
    await redis.kill();
    await redis.restart();

    const after = await h.waitFor(id, finished, 90_000);
    expect(after).toMatchObject({ status: 'done', games: 2 * deals, gamesDone: 2 * deals });
    for (const stored of before.matches) expect(after.matches).toContain(stored);
    expect([...after.matches].sort()).toEqual(Array.from({ length: 2 * deals }, (_, i) => `${id}.${i}`).sort());
    for (const bot of [a.bot, b.bot]) expect((await h.store.getBot(bot))?.record.games).toBe(2 * deals);
  });
});
