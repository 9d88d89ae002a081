/**
 * The series worker: a BullMQ worker on the `series` queue that plays each job's series in one
 * sandbox pool kept for its whole life (hosts = concurrency), with compiled bots cached across jobs.
 *
 * Failures: an infrastructure error is counted against the deal the series stopped at (the
 * store's recordSeriesFailure) and the series is retried with the job's backoff, resuming there,
 * without using up a BullMQ attempt; only the same deal failing with the same error as many times
 * in a row as the job has attempts (or an unrecoverable error) marks the series failed with the
 * error, so no series is dropped silently while it still gets further, and a failed validation
 * series rejects its version as unplayed (the store's completeValidation) instead of leaving it
 * validating. A job whose worker died is found stalled by another worker and played again from its
 * stored setup (run-series.ts skips what is stored), however often that happens: a dead worker is
 * no failed attempt (maxStalledCount unlimited).
 * Shutdown stops taking jobs, lets a running series finish for `handBackAfterMs`, then hands it
 * back to the queue unfinished.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { DelayedError, QueueEvents, UnrecoverableError, WaitingError, Worker, type BackoffOptions, type Job } from 'bullmq';
import { pino, type Logger } from 'pino';
import { createSandboxPool, type PoolOptions, type SandboxPool } from '@xix/sandbox';
import { SERIES_QUEUE, blobDirOf, createStore, dataDirOf, fileBlobStore, logConnectionErrors, queuePrefix, recordQueueWait, type SeriesJobData, type SeriesJobName, type StoreOptions } from '@xix/store';
import { createBundleCache } from './bundle-cache.ts';
import { createLivePublisher } from './live-publisher.ts';
import { firstUnstoredDeal, runSeries, type SeriesRun } from './run-series.ts';
import type { WorkerStore } from './store-port.ts';
import { createTypeChecker, type TypeCheckerOptions } from './type-checker.ts';
import { createVersionCheck } from './version-check.ts';

export interface StartWorkerOptions {
  /** The store's Redis URL; BullMQ gets its own connections to the same server. */
  readonly redisUrl: string;
  /** The store prefix (`xix`); the queue lives under `{prefix}` (jobs.ts). */
  readonly prefix: string;
  /** Makes the store on a Redis connection; default createStore from @xix/store (tests wrap it). */
  readonly createStore?: (redis: Redis, options: StoreOptions) => WorkerStore;
  /** The data directory (XIX_DATA_DIR): replays and logs go to its blob store; default dataDirOf(process.env). */
  readonly dataDir?: string;
  /** Series played at once = sandbox host processes; default 1. */
  readonly concurrency?: number;
  readonly logger?: Logger;
  /** BullMQ lock and stall settings (ms); the defaults suit series of a few minutes. */
  readonly lockDuration?: number;
  readonly stalledInterval?: number;
  /** Stalls (its worker died or hung) after which BullMQ fails a job; default: never. */
  readonly maxStalledCount?: number;
  /** How long a shutdown waits for running series before handing them back; default 8 s. */
  readonly handBackAfterMs?: number;
  readonly pool?: Omit<PoolOptions, 'hosts'>;
  /** Characters of compiled code kept warm; default 64 Mi. */
  readonly bundleCacheChars?: number;
  /** Publishes games to live spectators as they are played (live-publisher.ts); default true. */
  readonly live?: boolean;
  /** The type-check of uploads (type-checker.ts): its time limit, idle time and memory. */
  readonly typeCheck?: TypeCheckerOptions;
  /**
   * Called after each series played, before its job completes (sprt-runner.ts: a version just
   * active starts its SPRT, a chunk of one is folded in). Idempotent: if it throws, the job is
   * retried, and a series already done is only bookkept again, which calls it again.
   */
  readonly afterSeries?: (name: SeriesJobName, run: SeriesRun) => Promise<void>;
}

export interface SeriesWorker {
  readonly worker: Worker<SeriesJobData, SeriesRun, SeriesJobName>;
  readonly pool: SandboxPool;
  /** Resolves once the worker is connected and taking jobs. */
  readonly ready: Promise<void>;
  /** Stops taking jobs, finishes or hands back the running series, closes everything. */
  close(): Promise<void>;
}

export function startWorker(options: StartWorkerOptions): SeriesWorker {
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 64) {
    throw new RangeError(`concurrency must be an integer from 1 to 64, got ${String(concurrency)}`);
  }
  const log = options.logger ?? pino({ level: 'silent' });
  // maxRetriesPerRequest: null = a command waits out a Redis restart instead of failing the series.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const bullRedis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  logConnectionErrors(redis, 'store', log);
  logConnectionErrors(bullRedis, 'queue', log);
  const blobs = fileBlobStore(blobDirOf(options.dataDir ?? dataDirOf(process.env)));
  const store = (options.createStore ?? createStore)(redis, { prefix: options.prefix, blobs });
  const pool = createSandboxPool({ ...options.pool, hosts: concurrency });
  const bundles = createBundleCache(store, options.bundleCacheChars);
  const typeChecker = createTypeChecker(options.typeCheck);
  const checkVersion = createVersionCheck(store, typeChecker);
  // The live streams go through the real store even when a test wraps the worker's store port.
  const live = options.live === false ? undefined : createLivePublisher(createStore(redis, { prefix: options.prefix, blobs }), log);
  const prefix = queuePrefix(options.prefix);
  let handingBack = false;

  // Called by the last attempt and by the queue's events (either may come first, or alone): it must
  // be idempotent, and a validation series that failed settles its version (it will never be done).
  const markFailed = async (seriesId: string, reason: string): Promise<void> => {
    const series = await store.getSeries(seriesId);
    if (series === null || series.status === 'done') return;
    if (series.status !== 'failed') {
      await store.setSeriesStatus(seriesId, 'failed', reason);
      log.error({ series: seriesId, reason }, 'series failed');
    }
    if (series.kind === 'validation') {
      const validation = await store.completeValidation(seriesId);
      log.info({ series: seriesId, validation }, 'validation settled after a failed series');
    }
    // a failed pairing is reported on its series and still lets the tournament finish
    if (series.tournament !== null) await store.settleTournament(series.tournament);
  };

  // Counted without waiting for it, so it costs the series nothing, and a Redis error is only logged.
  const countQueueWait = (job: Job<SeriesJobData, SeriesRun, SeriesJobName>): void => {
    const waitMs = queueWaitMs(job);
    if (waitMs === null) return;
    recordQueueWait(redis, options.prefix, job.name, waitMs).catch((error: unknown) => log.warn({ job: job.id, err: String(error) }, 'cannot count the queue wait'));
  };

  const processJob = async (job: Job<SeriesJobData, SeriesRun, SeriesJobName>, token?: string): Promise<SeriesRun> => {
    countQueueWait(job);
    const seriesId = seriesIdOf(job.data);
    const attempt = job.attemptsMade + 1;
    log.info({ series: seriesId, kind: job.name, attempt }, 'series started');
    try {
      // an SPRT's thousands of unrated games (sprt-runner.ts) are not for spectators: not published live
      const published = job.name === 'sprt' ? undefined : live;
      const run = await runSeries({ store, pool, bundles, checkVersion, ...(published && { live: published }) }, seriesId);
      log.info({ series: seriesId, played: run.played, duplicates: run.duplicates, skippedDeals: run.skippedDeals, hostDeaths: run.hostDeaths, validation: run.validation }, 'series done');
      await options.afterSeries?.(job.name, run);
      return run;
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      if (handingBack && token !== undefined) {
        // Shutting down: the series goes back to the queue as it is, without using up an attempt.
        await job.moveToWait(token);
        log.info({ series: seriesId }, 'series handed back');
        throw new WaitingError();
      }
      if (!(error instanceof UnrecoverableError) && token !== undefined) {
        // Counted against the deal it failed on: the series is retried, without using up a job
        // attempt, until the same deal fails with the same error `attempts` times in a row.
        const failures = await countFailure(seriesId, message);
        if (failures !== null) {
          const last = failures.count >= (job.opts.attempts ?? 1);
          log.warn({ series: seriesId, attempt, deal: failures.deal, failures: failures.count, last, err: message }, 'series attempt failed');
          if (!last) {
            await job.moveToDelayed(Date.now() + retryDelayMs(job.opts.backoff, failures.count), token);
            throw new DelayedError();
          }
          await markFailed(seriesId, message).catch((markError: unknown) => log.warn({ series: seriesId, err: String(markError) }, 'cannot mark series failed'));
          throw new UnrecoverableError(message);
        }
      }
      // Unrecoverable, or the failure could not be counted (Redis away): BullMQ's attempts decide.
      const last = error instanceof UnrecoverableError || attempt >= (job.opts.attempts ?? 1);
      log.warn({ series: seriesId, attempt, last, err: message }, 'series attempt failed');
      // If this cannot mark it (Redis away), the queue's events try again; the job keeps its error.
      if (last) await markFailed(seriesId, message).catch((markError: unknown) => log.warn({ series: seriesId, err: String(markError) }, 'cannot mark series failed'));
      throw error;
    }
  };

  /** Counts a failed attempt on the deal the series stopped at; null if it cannot (Redis away). */
  const countFailure = async (seriesId: string, message: string): Promise<{ deal: number; count: number } | null> => {
    try {
      const series = await store.getSeries(seriesId);
      if (series === null) return null;
      const deal = firstUnstoredDeal(series);
      const count = await store.recordSeriesFailure(seriesId, deal, message);
      return count === 0 ? null : { deal, count };
    } catch (error) {
      log.warn({ series: seriesId, err: String(error) }, 'cannot count the failed attempt');
      return null;
    }
  };

  const worker = new Worker<SeriesJobData, SeriesRun, SeriesJobName>(SERIES_QUEUE, processJob, {
    connection: bullRedis,
    prefix,
    concurrency,
    lockDuration: options.lockDuration ?? 60_000,
    stalledInterval: options.stalledInterval ?? 30_000,
    // A worker that died is no failed attempt: its series is always taken up again (failed attempts
    // are counted per deal instead: countFailure).
    maxStalledCount: options.maxStalledCount ?? UNLIMITED_STALLS,
    autorun: false,
  });
  // the worker passes on its connections' errors (its own blocking one's too) and adds its own
  logConnectionErrors(worker, 'worker', log, { readyFrom: bullRedis });

  // A job that stalls too often is failed by BullMQ's stall check, not by a processor: the queue's
  // events are how that reaches the series.
  const eventsRedis = bullRedis.duplicate();
  logConnectionErrors(eventsRedis, 'queue events connection', log);
  const events = new QueueEvents(SERIES_QUEUE, { connection: eventsRedis, prefix });
  logConnectionErrors(events, 'queue events', log, { readyFrom: eventsRedis });
  events.on('failed', ({ jobId, failedReason }) => {
    markFailed(jobId, failedReason).catch((error: unknown) => log.warn({ series: jobId, err: String(error) }, 'cannot mark series failed'));
  });

  void worker.run().catch((error: unknown) => log.error({ err: String(error) }, 'worker stopped'));
  const ready = Promise.all([worker.waitUntilReady(), events.waitUntilReady()]).then(() => undefined);

  let closing: Promise<void> | null = null;
  return {
    worker,
    pool,
    ready,
    close() {
      closing ??= (async () => {
        const closed = worker.close();
        const handBack = setTimeout(() => {
          handingBack = true;
          // Closing the pool ends the running series with a crash, which the processor hands back.
          void pool.close();
        }, options.handBackAfterMs ?? 8000);
        await closed;
        clearTimeout(handBack);
        await Promise.all([pool.close(), events.close(), typeChecker.close()]);
        await live?.close();
        // QUIT waits for a Redis that is down; a stopping worker does not.
        const connections = [redis, bullRedis, eventsRedis];
        await Promise.all(connections.map((connection) => Promise.race([connection.quit().catch(() => undefined), sleep(2000)])));
        for (const connection of connections) connection.disconnect();
      })();
      return closing;
    },
  };
}

/** BullMQ's maxStalledCount for "a stalled job is always taken up again". */
const UNLIMITED_STALLS = Number.MAX_SAFE_INTEGER;

/** The wait before retrying after the `failures`-th failure in a row, from the job's backoff option. */
export function retryDelayMs(backoff: number | BackoffOptions | undefined, failures: number): number {
  if (backoff === undefined) return 0;
  if (typeof backoff === 'number') return backoff;
  const delay = backoff.delay ?? 0;
  return backoff.type === 'exponential' ? delay * 2 ** (failures - 1) : delay;
}

/**
 * How long a job waited in the queue, counted at its first start only: from when it could run (its
 * enqueue time plus any delay) to when a worker took it (BullMQ's processedOn, stamped as the job
 * became active, so the worker's own scheduling is not in it). A retry, a stalled job taken up
 * again or a job handed back at shutdown is not counted again (null): its time since the enqueue
 * holds earlier attempts and backoff, not waiting. Clocks of different machines may disagree: 0 at least.
 */
function queueWaitMs(job: Job): number | null {
  if (job.attemptsStarted !== 1) return null;
  const readyAt = job.timestamp + (job.opts.delay ?? 0);
  return Math.max(0, (job.processedOn ?? Date.now()) - readyAt);
}

function seriesIdOf(data: unknown): string {
  const seriesId = (data as Partial<SeriesJobData> | null)?.seriesId;
  if (typeof seriesId !== 'string' || seriesId === '') throw new UnrecoverableError('the job names no series (data.seriesId must be a series id)');
  return seriesId;
}
