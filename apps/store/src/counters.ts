/**
 * Platform-wide counters, kept in Redis so that every server and worker process adds to the same
 * numbers; the metrics endpoint reads them.
 *
 * Per game, one hash `P:counters:<game>`: `games`, `forfeits:<verdict>`, `cpuMs:le:<bound>`
 * (decisions in that bucket only, not cumulative, so one HINCRBY per decision bucket), `cpuMs:sum`,
 * `cpuMs:count`. recordMatch's script increments them only when it stores a match (exactly once).
 *
 * Per queue kind (the job name: validation, tournament, challenge, ladder), one hash
 * `P:queue-wait`: `<kind>:le:<bound>` (jobs in that bucket only), `<kind>:sumMs`, `<kind>:count`.
 * The worker counts a job when it first starts it (recordQueueWait).
 */
import type { Redis } from 'ioredis';
import { SERIES_JOB_PRIORITY, type SeriesJobName } from './jobs.ts';
import { keysFor } from './keys.ts';

/** Upper bounds (ms of CPU) of the decision-time buckets; above the last one counts as `+Inf`. */
export const DECISION_BUCKETS_MS: readonly number[] = [1, 5, 10, 25, 50, 100, 250, 1000];

const INF = '+Inf';

/** Upper bounds (seconds) of the queue-wait buckets; above the last one counts as `+Inf`. */
export const QUEUE_WAIT_BUCKETS_S: readonly number[] = [0.1, 0.5, 1, 5, 15, 60, 300, 900, 3600];

/** The queue kinds (job names), in priority order. */
export const QUEUE_KINDS = Object.keys(SERIES_JOB_PRIORITY) as readonly SeriesJobName[];

export interface HistogramCounts {
  /** Cumulative counts by upper bound, `+Inf` last (Prometheus' histogram shape). */
  readonly buckets: readonly { readonly le: string; readonly count: number }[];
  readonly sum: number;
  readonly count: number;
}

export type DecisionHistogram = HistogramCounts;

export interface GameCounters {
  readonly games: number;
  readonly forfeits: Readonly<Record<string, number>>;
  readonly cpuMs: DecisionHistogram;
}

function bucketOf(value: number, bounds: readonly number[]): string {
  const bound = bounds.find((b) => value <= b);
  return bound === undefined ? INF : String(bound);
}

/** Cumulative buckets from a hash's per-bucket fields `<field>:le:<bound>`. */
function cumulativeBuckets(hash: Readonly<Record<string, string>>, field: string, bounds: readonly number[]): HistogramCounts['buckets'] {
  let running = 0;
  return [...bounds.map(String), INF].map((le) => {
    running += Number(hash[`${field}:le:${le}`] ?? 0);
    return { le, count: running };
  });
}

/**
 * The hash increments of one match's decisions, as flat [field, amount, …] for the script: moves
 * with a measured `cpuMs` (sandboxed bots) only; wall-clock `ms` also holds host scheduling.
 */
export function decisionIncrements(moves: readonly unknown[]): (string | number)[] {
  const perBucket = new Map<string, number>();
  let sum = 0;
  let count = 0;
  for (const move of moves) {
    const cpuMs = typeof move === 'object' && move !== null ? (move as { cpuMs?: unknown }).cpuMs : undefined;
    if (typeof cpuMs !== 'number' || !Number.isFinite(cpuMs) || cpuMs < 0) continue;
    const field = `cpuMs:le:${bucketOf(cpuMs, DECISION_BUCKETS_MS)}`;
    perBucket.set(field, (perBucket.get(field) ?? 0) + 1);
    sum += cpuMs;
    count += 1;
  }
  if (count === 0) return [];
  return [...[...perBucket].flat(), 'cpuMs:sum', sum, 'cpuMs:count', count];
}

/** A game's counters (zeros when nothing was stored yet). */
export async function readGameCounters(redis: Redis, prefix: string, game: string): Promise<GameCounters> {
  const hash = await redis.hgetall(keysFor(prefix).counters(game));
  const n = (field: string) => Number(hash[field] ?? 0);
  const forfeits: Record<string, number> = {};
  for (const [field, value] of Object.entries(hash)) {
    if (field.startsWith('forfeits:')) forfeits[field.slice('forfeits:'.length)] = Number(value);
  }
  const buckets = cumulativeBuckets(hash, 'cpuMs', DECISION_BUCKETS_MS);
  return { games: n('games'), forfeits, cpuMs: { buckets, sum: n('cpuMs:sum'), count: n('cpuMs:count') } };
}

/**
 * Counts one job's time in the queue (ms, a whole number is kept) into its kind's histogram, in one
 * round trip. Which wait to count, and when, is the caller's (the worker: a job's first start).
 */
export async function recordQueueWait(redis: Redis, prefix: string, kind: string, waitMs: number): Promise<void> {
  if (!(QUEUE_KINDS as readonly string[]).includes(kind)) throw new RangeError(`the queue kind must be one of ${QUEUE_KINDS.join(', ')}, got ${kind}`);
  if (!Number.isFinite(waitMs) || waitMs < 0) throw new RangeError(`the queue wait must be a finite number of ms, 0 or more, got ${waitMs}`);
  const ms = Math.round(waitMs);
  const key = keysFor(prefix).queueWait();
  const replies = await redis.multi()
    .hincrby(key, `${kind}:le:${bucketOf(ms / 1000, QUEUE_WAIT_BUCKETS_S)}`, 1)
    .hincrby(key, `${kind}:sumMs`, ms)
    .hincrby(key, `${kind}:count`, 1)
    .exec();
  const failed = replies?.find(([error]) => error !== null);
  if (failed) throw failed[0];
}

/** Every queue kind's wait histogram, in seconds (zeros for a kind never counted). */
export async function readQueueWaits(redis: Redis, prefix: string): Promise<[SeriesJobName, HistogramCounts][]> {
  const hash = await redis.hgetall(keysFor(prefix).queueWait());
  return QUEUE_KINDS.map((kind) => [kind, {
    buckets: cumulativeBuckets(hash, kind, QUEUE_WAIT_BUCKETS_S),
    sum: Number(hash[`${kind}:sumMs`] ?? 0) / 1000,
    count: Number(hash[`${kind}:count`] ?? 0),
  }]);
}
