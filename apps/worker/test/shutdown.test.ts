/**
 * A stopping worker takes no new series, lets the running one finish for a while, and then hands
 * it back to the queue unfinished (no attempt used up): the next worker completes it from the
 * stored games, each stored once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { startWorker, type SeriesWorker } from '../src/index.ts';
import { SLOW, TEST_REDIS_URL, finished, harness, storeBot } from './helpers.ts';

describe('a worker that is stopped', () => {
  const h = harness();
  const workers: SeriesWorker[] = [];
  afterAll(async () => {
    await Promise.all(workers.map((w) => w.close()));
    await h.close();
  });

  it('hands a long series back to the queue, and the next worker completes it', async () => {
    const a = await storeBot(h.store, 'kim', 'slow-a', SLOW);
    const b = await storeBot(h.store, 'lou', 'slow-b', SLOW);
    const first = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, handBackAfterMs: 100 });
    workers.push(first);
    await first.ready;
    const deals = 5;
    const id = await h.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals, seed: 41 });
    await h.waitFor(id, (s) => s.matches.length >= 2);

    await first.close();
    const job = await h.queue.getJob(id);
    expect(await job?.getState()).toBe('waiting');
    expect(job?.attemptsMade).toBe(0);
    const handedBack = (await h.store.getSeries(id))!;
    expect(handedBack.status).not.toBe('failed');
    expect(handedBack.matches.length).toBeLessThan(2 * deals);

    const second = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix });
    workers.push(second);
    const done = await h.waitFor(id, finished, 90_000);
    expect(done).toMatchObject({ status: 'done', gamesDone: 2 * deals });
    for (const bot of [a.bot, b.bot]) expect((await h.store.getBot(bot))?.record.games).toBe(2 * deals);
    expect((await h.queue.getJob(id))?.returnvalue.skippedDeals).toBeGreaterThanOrEqual(1);
    // Only the next test's worker may take its series.
    await second.close();
  });

  it('lets a short series finish before it stops', async () => {
    const a = await storeBot(h.store, 'max', 'slow-c', SLOW);
    const worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, handBackAfterMs: 60_000 });
    workers.push(worker);
    await worker.ready;
    const id = await h.enqueue({ kind: 'challenge', rated: false, entrants: [a, a], deals: 2, seed: 42 });
    await h.waitFor(id, (s) => s.status === 'running');
    await worker.close();
    expect(await (await h.queue.getJob(id))?.getState()).toBe('completed');
    expect(await h.store.getSeries(id)).toMatchObject({ status: 'done', gamesDone: 4 });
  });
});
