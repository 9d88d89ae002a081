/**
 * A server that died between storing series and enqueuing them (a tournament's pairings, a
 * challenge, an upload's validation series) left them queued with no job: reconcileQueue, run at
 * server start, gives each its job, once however often it runs, and a worker then plays them.
 */
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERIES_JOB_PRIORITY, SERIES_QUEUE, queuePrefix, type EntrantRef } from '@xix/store';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { RANDOM, storeBot } from '../../worker/test/helpers.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { enqueueSeries } from '../src/enqueue.ts';
import { reconcileQueue } from '../src/reconcile.ts';
import { openApp, type TestApp } from './app.ts';
import { untilDone } from './tournament-wait.ts';

let t: TestApp;
let bots: EntrantRef[];
let worker: SeriesWorker | undefined;
beforeEach(async () => {
  t = await openApp();
  bots = [];
  for (const name of ['ann', 'ben', 'cat']) bots.push(await storeBot(t.world.store, 'alice', name, RANDOM));
});
afterEach(async () => {
  await worker?.close();
  worker = undefined;
  await t.close();
});

/** What createTournament leaves when the server dies before the route enqueues anything. */
const storeTournamentOnly = () => t.world.store.createTournament({ game: 'xix', entrants: bots, dealsPerPairing: 1, seats: 2, createdBy: 'admin' });
const storeSeries = (kind: 'challenge' | 'validation', extra: object = {}) =>
  t.world.store.createSeries({ game: 'xix', kind, rated: false, entrants: [bots[0]!, bots[1]!], deals: 1, seed: 1, requestedBy: 'alice', ...extra });
const jobCount = async () => Object.values(await t.queue.getJobCounts()).reduce((sum, n) => sum + n, 0);

describe('reconcileQueue', () => {
  it('enqueues each unfinished series that has no job, with its kind\'s job, and nothing the second time', async () => {
    const { series: pairings } = await storeTournamentOnly();
    const challenge = await storeSeries('challenge');
    const validation = await storeSeries('validation', { validates: bots[0] });
    const resumed = await storeSeries('challenge');
    await t.world.store.setSeriesStatus(resumed, 'running'); // a running series whose job is gone
    const finished = await storeSeries('challenge');
    await t.world.store.setSeriesStatus(finished, 'done');
    const enqueuedAlready = await storeSeries('challenge');
    await enqueueSeries(t.queue, 'challenge', enqueuedAlready);
    expect(await jobCount()).toBe(1);

    const first = await reconcileQueue(t.world.store, t.queue);
    const expected = [...pairings, challenge, validation, resumed];
    expect(first).toEqual({ checked: expected.length + 1, enqueued: expected, retried: [], unknownKind: [] });
    for (const [id, name] of [[pairings[0]!, 'tournament'], [challenge, 'challenge'], [validation, 'validation'], [resumed, 'challenge']] as const) {
      const job = await t.queue.getJob(id);
      expect(job?.name, id).toBe(name);
      expect(job?.data).toEqual({ seriesId: id });
      expect(job?.opts.priority ?? 0).toBe(SERIES_JOB_PRIORITY[name]);
    }
    expect(await t.queue.getJob(finished)).toBeUndefined();
    expect(await jobCount()).toBe(expected.length + 1);

    const second = await reconcileQueue(t.world.store, t.queue);
    expect(second).toEqual({ checked: expected.length + 1, enqueued: [], retried: [], unknownKind: [] });
    expect(await jobCount()).toBe(expected.length + 1);
  });

  it('lets a worker play a tournament that was stored but never enqueued, to the end', async () => {
    const { tournament, series } = await storeTournamentOnly();
    expect(await jobCount()).toBe(0);
    expect((await reconcileQueue(t.world.store, t.queue)).enqueued).toEqual(series);
    worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
    await worker.ready;
    const report = await untilDone(() => t.world.store.getTournament(tournament));
    // 3 pairings × 1 deal × 2 seats, each game once
    expect(report.progress).toEqual({ games: 6, gamesDone: 6, gamesUnplayed: 0 });
    expect(report.failures).toEqual([]);
    expect(report.standings.reduce((sum, s) => sum + s.games, 0)).toBe(12);
    // nothing unfinished is left to reconcile
    expect(await reconcileQueue(t.world.store, t.queue)).toEqual({ checked: 0, enqueued: [], retried: [], unknownKind: [] });
  });

  it('retries a job that failed for good while its series was never marked failed, and a worker then settles it', async () => {
    const challenge = await storeSeries('challenge');
    await t.queue.add('challenge', { seriesId: challenge }, { jobId: challenge, attempts: 1 });
    // A bare BullMQ worker fails the job as an xix worker would if it could not reach the store
    // to mark the series: the job is failed, the series still queued.
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const failing = new Worker(SERIES_QUEUE, async () => { throw new Error('store unreachable'); }, { connection, prefix: queuePrefix(t.world.prefix) });
    await new Promise((resolve) => failing.once('failed', resolve));
    await failing.close();
    connection.disconnect();
    expect(await (await t.queue.getJob(challenge))?.getState()).toBe('failed');
    expect((await t.world.store.getSeries(challenge))?.status).toBe('queued');

    expect(await reconcileQueue(t.world.store, t.queue)).toEqual({ checked: 1, enqueued: [], retried: [challenge], unknownKind: [] });
    expect(await (await t.queue.getJob(challenge))?.getState()).toBe('waiting');
    // retried once: a second run finds it waiting
    expect((await reconcileQueue(t.world.store, t.queue)).retried).toEqual([]);
    worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
    await worker.ready;
    const deadline = Date.now() + 60_000;
    while ((await t.world.store.getSeries(challenge))?.status !== 'done') {
      if (Date.now() > deadline) throw new Error('the retried series was not played');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect((await t.world.store.getSeries(challenge))?.gamesDone).toBe(2);
  });
});
