/**
 * Are two bots told apart yet? Look at the interval of their difference, not at whether their own
 * intervals overlap: the difference's variance is var(a) + var(b) − 2·cov(a, b).
 */
import type { BradleyTerryModel } from './bradley-terry.ts';
import { Z_95 } from './elo-scale.ts';

export type Comparison =
  /** a − b in Elo points with its 95% interval, which excludes 0 (separable) or not (not yet). */
  | { readonly verdict: 'separable' | 'not-yet-separable'; readonly difference: number; readonly standardError: number; readonly low: number; readonly high: number }
  /** No chain of games links them (or a bot is unknown): only more games can tell. */
  | { readonly verdict: 'not-comparable'; readonly reason: string };

export function compareBots(model: BradleyTerryModel, a: string, b: string): Comparison {
  const i = model.index.get(a);
  const j = model.index.get(b);
  if (i === undefined || j === undefined) return { verdict: 'not-comparable', reason: `${i === undefined ? a : b} has no rated game` };
  if (i === j) return { verdict: 'not-comparable', reason: `${a} is the same bot` };
  const rowA = model.rows.find((row) => row.bot === a)!;
  const rowB = model.rows.find((row) => row.bot === b)!;
  if (rowA.component !== rowB.component) {
    return { verdict: 'not-comparable', reason: `no chain of games links ${a} and ${b}` };
  }
  const difference = rowA.rating - rowB.rating;
  const c = model.covariance;
  const standardError = Math.sqrt(Math.max(0, c[i]![i]! + c[j]![j]! - 2 * c[i]![j]!));
  const low = difference - Z_95 * standardError;
  const high = difference + Z_95 * standardError;
  return { verdict: low > 0 || high < 0 ? 'separable' : 'not-yet-separable', difference, standardError, low, high };
}

/** True when the 95% interval of a − b excludes 0: the order of a and b is settled. */
export function separable(model: BradleyTerryModel, a: string, b: string): boolean {
  return compareBots(model, a, b).verdict === 'separable';
}
