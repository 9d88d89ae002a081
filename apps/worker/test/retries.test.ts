/**
 * Infrastructure errors are not results: the series is retried with backoff from where it stopped,
 * and a series whose same deal fails with the same error on every attempt is marked failed with the
 * error instead of being dropped; one that gets further between failures is never given up.
 */
import { Redis } from 'ioredis';
import { afterEach, describe, expect, it } from 'vitest';
import { createStore, type VersionInfo } from '@xix/store';
import { startWorker, type SeriesWorker, type WorkerStore } from '../src/index.ts';
import { RANDOM, TEST_REDIS_URL, finished, harness, storeBot, type Harness } from './helpers.ts';

type Sabotage = (store: ReturnType<typeof createStore>) => WorkerStore;

describe('a series that hits an infrastructure error', () => {
  let h: Harness | undefined;
  let worker: SeriesWorker | undefined;
  afterEach(async () => {
    await worker?.close();
    await h?.close();
  });

  const start = async (sabotage: Sabotage): Promise<{ a: { bot: string; version: number }; b: { bot: string; version: number } }> => {
    h = harness();
    worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, createStore: (redis: Redis, options) => sabotage(createStore(redis, options)) });
    await worker.ready;
    return { a: await storeBot(h.store, 'erin', 'one', RANDOM), b: await storeBot(h.store, 'frank', 'two', RANDOM) };
  };
  const fastRetries = { attempts: 2, backoff: { type: 'fixed', delay: 20 } } as const;
  /** The version's state settles a moment after its series (completeValidation follows the status). */
  const waitForVersion = async (ref: { bot: string; version: number }, done: (version: VersionInfo) => boolean): Promise<VersionInfo> => {
    const deadline = Date.now() + 30_000;
    for (;;) {
      const version = await h!.store.getVersion(ref.bot, ref.version);
      if (version !== null && done(version)) return version;
      if (Date.now() > deadline) throw new Error(`version ${ref.bot}/${ref.version} did not settle: ${JSON.stringify(version)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('is retried, and a retry that succeeds finishes the series', async () => {
    let failures = 0;
    const { a, b } = await start((store) => ({
      ...store,
      async recordMatch(match) {
        // The third game's first write fails, as a lost connection would.
        if (match.id.endsWith('.2') && failures++ === 0) throw new Error('connection lost while storing');
        return store.recordMatch(match);
      },
    }));
    const id = await h!.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals: 3, seed: 1 }, fastRetries);
    const series = await h!.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'done', gamesDone: 6, error: null });
    expect(series.matches).toHaveLength(6);
    const job = await h!.queue.getJob(id);
    expect(job?.attemptsStarted).toBe(2);
    // The retry resumed at the deal of the failed game: deal 0 was stored and not played again.
    expect(job?.returnvalue).toMatchObject({ skippedDeals: 1, played: 4, duplicates: 0 });
    expect((await h!.store.getBot(a.bot))?.record.games).toBe(6);
  });

  it('is marked failed with the error after its last attempt', async () => {
    const { a, b } = await start((store) => ({
      ...store,
      async loadBundle() {
        throw new Error('bundle storage unreachable');
      },
    }));
    const id = await h!.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals: 1, seed: 1 }, fastRetries);
    const series = await h!.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'failed', error: 'bundle storage unreachable', gamesDone: 0 });
    const job = await h!.queue.getJob(id);
    expect(await job?.getState()).toBe('failed');
    expect(job?.attemptsStarted).toBe(2);
  });

  it('is never given up while it gets further: a failure on each of four deals with two attempts (issue 17 item 15)', async () => {
    const failedOnce = new Set<string>();
    const { a, b } = await start((store) => ({
      ...store,
      async recordMatch(match) {
        // the second game of deals 1 to 4 fails once each: every retry gets one deal further
        if (['.3', '.5', '.7', '.9'].some((end) => match.id.endsWith(end)) && !failedOnce.has(match.id)) {
          failedOnce.add(match.id);
          throw new Error('connection lost while storing');
        }
        return store.recordMatch(match);
      },
    }));
    const id = await h!.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals: 5, seed: 1 }, fastRetries);
    const series = await h!.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'done', gamesDone: 10, error: null });
    expect(failedOnce.size).toBe(4);
    expect((await h!.queue.getJob(id))?.attemptsStarted).toBe(5);
    expect((await h!.store.getBot(a.bot))?.record.games).toBe(10);
  });

  it('is retried while the same deal fails with different errors, and fails on the third same error in a row (issue 17 item 15)', async () => {
    let failures = 0;
    const { a, b } = await start((store) => ({
      ...store,
      async recordMatch(match) {
        // deal 1 fails: twice with errors of their own, then always with the same one
        if (match.id.endsWith('.2')) {
          failures++;
          throw new Error(failures <= 2 ? `connection reset (${failures})` : 'disk full');
        }
        return store.recordMatch(match);
      },
    }));
    const id = await h!.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals: 3, seed: 1 }, { attempts: 3, backoff: { type: 'fixed', delay: 20 } });
    const series = await h!.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'failed', error: 'disk full', gamesDone: 2 });
    expect(failures).toBe(5);
    const job = await h!.queue.getJob(id);
    expect(await job?.getState()).toBe('failed');
    expect(job?.failedReason).toBe('disk full');
  });

  it('rejects the version a failed validation series validates, as unplayed: not the bot\'s fault', async () => {
    const { b } = await start((store) => ({
      ...store,
      async loadBundle() {
        throw new Error('bundle storage unreachable');
      },
    }));
    const fresh = await storeBot(h!.store, 'erin', 'fresh', RANDOM, 'validating');
    const id = await h!.enqueue({ kind: 'validation', rated: false, entrants: [fresh, b], deals: 1, seed: 1, validates: fresh }, fastRetries);
    expect(await h!.waitFor(id, finished)).toMatchObject({ status: 'failed', error: 'bundle storage unreachable' });
    const version = await waitForVersion(fresh, (v) => v.state !== 'validating');
    expect(version).toMatchObject({ state: 'rejected', verdict: 'unplayed', failingMatch: null });
    expect(version.message).toContain(`validation series ${id} failed`);
    expect(version.message).toContain('upload again');
  });

  it('settles the validation through the queue\'s events when the last attempt cannot mark the series', async () => {
    let refused = 0;
    const { b } = await start((store) => ({
      ...store,
      async loadBundle() {
        throw new Error('bundle storage unreachable');
      },
      async setSeriesStatus(id, status, error) {
        // The processor's own attempt to mark the series failed is lost, as in a Redis blip.
        if (status === 'failed' && refused++ === 0) throw new Error('connection lost while marking');
        return store.setSeriesStatus(id, status, error);
      },
    }));
    const fresh = await storeBot(h!.store, 'erin', 'blipped', RANDOM, 'validating');
    const id = await h!.enqueue({ kind: 'validation', rated: false, entrants: [fresh, b], deals: 1, seed: 1, validates: fresh }, { attempts: 1 });
    expect(await h!.waitFor(id, finished)).toMatchObject({ status: 'failed', error: 'bundle storage unreachable' });
    expect(refused).toBe(2);
    expect(await waitForVersion(fresh, (v) => v.state !== 'validating')).toMatchObject({ state: 'rejected', verdict: 'unplayed' });
  });

  it('fails at once, without retries, when the series names a bot version with no bundle', async () => {
    const { a } = await start((store) => store);
    const id = await h!.enqueue({ kind: 'challenge', rated: true, entrants: [a, { bot: a.bot, version: 9 }], deals: 1, seed: 1 }, fastRetries);
    const series = await h!.waitFor(id, finished);
    expect(series).toMatchObject({ status: 'failed', error: `bot ${a.bot} has no stored bundle for version 9` });
    expect((await h!.queue.getJob(id))?.attemptsMade).toBe(1);
  });
});
