/**
 * Platform-wide counters per game, kept in Redis so that every server and worker process adds to
 * the same numbers: games stored, forfeits by verdict, and a histogram of the bots' CPU time per
 * decision. recordMatch's script increments them only when it stores a match (exactly once); the
 * metrics endpoint reads them.
 *
 * One hash `P:counters:<game>`: `games`, `forfeits:<verdict>`, `cpuMs:le:<bound>` (decisions in
 * that bucket only, not cumulative, so one HINCRBY per decision bucket), `cpuMs:sum`, `cpuMs:count`.
 */
import type { Redis } from 'ioredis';
import { keysFor } from './keys.ts';

/** Upper bounds (ms of CPU) of the decision-time buckets; above the last one counts as `+Inf`. */
export const DECISION_BUCKETS_MS: readonly number[] = [1, 5, 10, 25, 50, 100, 250, 1000];

const INF = '+Inf';

export interface DecisionHistogram {
  /** Cumulative counts by upper bound, `+Inf` last (Prometheus' histogram shape). */
  readonly buckets: readonly { readonly le: string; readonly count: number }[];
  readonly sum: number;
  readonly count: number;
}

export interface GameCounters {
  readonly games: number;
  readonly forfeits: Readonly<Record<string, number>>;
  readonly cpuMs: DecisionHistogram;
}

function bucketOf(cpuMs: number): string {
  const bound = DECISION_BUCKETS_MS.find((b) => cpuMs <= b);
  return bound === undefined ? INF : String(bound);
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
    const field = `cpuMs:le:${bucketOf(cpuMs)}`;
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
  let running = 0;
  const buckets = [...DECISION_BUCKETS_MS.map(String), INF].map((le) => {
    running += n(`cpuMs:le:${le}`);
    return { le, count: running };
  });
  return { games: n('games'), forfeits, cpuMs: { buckets, sum: n('cpuMs:sum'), count: n('cpuMs:count') } };
}
