/**
 * The queue contract between the server (which enqueues) and the worker (which plays). A job
 * names a series stored in Redis and nothing else: the series record is the truth, so a job taken
 * up again after a crash plays the same series from its stored setup.
 */

/** The BullMQ queue that plays series (validations, tournament pairings, challenges, the ladder). */
export const SERIES_QUEUE = 'series';

export type SeriesJobName = 'validation' | 'tournament' | 'challenge' | 'ladder' | 'sprt';

export interface SeriesJobData {
  readonly seriesId: string;
}

/**
 * BullMQ's key prefix for a store prefix: a Redis Cluster hash tag, so that all of a queue's keys
 * live in one slot and the queues can move to a cluster unchanged.
 */
export function queuePrefix(storePrefix: string): string {
  return `{${storePrefix}}`;
}

/** Job ids are the series ids (deduplicated by BullMQ); BullMQ forbids ':' in custom ids. */
export function seriesJobId(seriesId: string): string {
  if (seriesId.includes(':')) throw new RangeError(`a series id may not contain ':', got ${seriesId}`);
  return seriesId;
}

/**
 * Default options of every series job: a failed attempt is retried with backoff (the series replays
 * from its stored setup; recordMatch skips games already stored), and the series fails only when
 * the same deal has failed with the same error `attempts` times in a row (the worker counts them
 * with recordSeriesFailure; a worker that died is no attempt). Finished jobs are kept only in
 * bounded numbers.
 */
export const SERIES_JOB_OPTIONS = {
  attempts: 3,
  backoff: { type: 'exponential', delay: 2_000 },
  removeOnComplete: { count: 1_000 },
  removeOnFail: { count: 5_000 },
} as const;

/**
 * BullMQ priority by job name (lower runs first; 0, the default, before any other): an author
 * waiting on an upload's validation must not wait behind a flood of challenges, and a tournament's
 * pairings (an admin's run, many series at once) go before them too but after validations. The
 * ladder is background work that fills idle workers: after them, so it never starves the others. A
 * new version's SPRT (sprt.ts) is one chunk of games at a time behind all of them, the ladder too:
 * a worker takes it only when no other job waits.
 */
export const SERIES_JOB_PRIORITY: Readonly<Record<SeriesJobName, number>> = { validation: 0, tournament: 5, challenge: 10, ladder: 20, sprt: 40 };
