/**
 * The background SPRT survives a worker killed in the middle of a chunk (issue 21: exactly once,
 * like the rest of the platform): the worker process (main.ts, its SPRT runner on) is SIGKILLed
 * while it plays the test's first chunk; another worker takes the chunk up where its stored games
 * end, folds it in, plays the next, and the test reaches its cap with every pair counted once.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { until } from '../../store/test/until.ts';
import { SLOW, TEST_REDIS_URL, finished, harness, storeBot } from './helpers.ts';
import { spawnWorker, type WorkerProcess } from './worker-process.ts';

describe('an SPRT whose worker dies mid-chunk', () => {
  const h = harness();
  const workers: WorkerProcess[] = [];
  afterAll(async () => {
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await h.close();
  });
  // short locks so that the stall is found soon; the runner's rounds often
  const env = { REDIS_URL: TEST_REDIS_URL, XIX_PREFIX: h.prefix, XIX_LOCK_DURATION_MS: '1000', XIX_STALLED_INTERVAL_MS: '500', XIX_SPRT_INTERVAL_MS: '200' };

  it('is finished by another worker, each pair counted once', { timeout: 120_000 }, async () => {
    const old = await storeBot(h.store, 'joan', 'steady', SLOW);
    const fresh = await storeBot(h.store, 'joan', 'steady', SLOW);
    // two chunks of 3 deals, then the cap: two equal bots decide nothing sooner
    const settings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 12, chunkDeals: 3 };
    await h.store.startSprt({ bot: fresh.bot, version: fresh.version, base: old.version, game: 'xix', seats: 2, options: {}, field: [], seed: 9, settings });
    const first = spawnWorker(env);
    workers.push(first);
    await first.ready;
    const chunk = (await until('the first chunk', () => h.store.getSprt(fresh.bot, fresh.version), (test) => (test?.chunkSeries.length ?? 0) > 0))!.chunkSeries[0]!;
    const midway = await h.waitFor(chunk, (series) => series.matches.length >= 2);
    first.child.kill('SIGKILL');
    await first.exited;
    const atDeath = (await h.store.getSeries(chunk))!;
    expect(atDeath.matches.length).toBeLessThan(6);
    expect(await h.store.getSprt(fresh.bot, fresh.version)).toMatchObject({ status: 'running', chunks: 0, games: 0 });

    const second = spawnWorker(env);
    workers.push(second);
    const test = await until('the test to reach its cap', () => h.store.getSprt(fresh.bot, fresh.version), (t) => t?.status !== 'running', { timeoutMs: 90_000 });
    expect(test).toMatchObject({ status: 'capped', chunks: 2, games: 12 });
    expect(test!.counts.reduce((sum, count) => sum + count, 0)).toBe(6);
    const done = await h.waitFor(chunk, finished);
    expect(done).toMatchObject({ status: 'done', kind: 'sprt', gamesDone: 6 });
    expect([...done.matches].sort()).toEqual(Array.from({ length: 6 }, (_, i) => `${chunk}.${i}`).sort());
    for (const stored of midway.matches) expect(done.matches).toContain(stored);
    second.child.kill('SIGTERM');
    expect(await second.exited).toMatchObject({ code: 0 });
  });
});
