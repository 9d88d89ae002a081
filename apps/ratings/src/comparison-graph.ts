/**
 * What the results can and cannot tell apart. Bots are comparable only through a chain of games
 * (a connected component). Within one, the maximum likelihood is finite only if every bot can be
 * reached from every other by a chain of "scored against" (Zermelo's condition); a group that never
 * lost a point to the rest sits infinitely above it, and only a prior gives it a number.
 */
import type { PairwiseTotals } from './pairwise-totals.ts';

/** Which ends of a bot's rating the results alone leave open (null: none, the bot is bounded). */
export type Unbounded = 'above' | 'below' | 'both' | null;

/** The connected component of each bot, numbered 0, 1, … in the order of their first bot. */
export function componentsOf(totals: PairwiseTotals): number[] {
  const n = totals.bots.length;
  const component = new Array<number>(n).fill(-1);
  let next = 0;
  for (let start = 0; start < n; start++) {
    if (component[start] !== -1) continue;
    for (const bot of reachable(n, start, (i, j) => totals.results[i]![j]! > 0)) component[bot] = next;
    next++;
  }
  return component;
}

/**
 * A bot is bounded above when every bot of its component reaches it through a chain of
 * "scored against" (someone who took points from someone … who took points from it), and bounded
 * below when it reaches every bot of its component that way.
 */
export function unboundedSides(totals: PairwiseTotals, component: readonly number[]): Unbounded[] {
  const n = totals.bots.length;
  const reaches = totals.bots.map((_, i) => reachable(n, i, (from, to) => totals.score[from]![to]! > 0));
  return totals.bots.map((_, i) => {
    const mates = component.flatMap((c, j) => (c === component[i] ? [j] : []));
    const above = mates.some((j) => !reaches[j]!.has(i));
    const below = mates.some((j) => !reaches[i]!.has(j));
    if (above && below) return 'both';
    if (above) return 'above';
    if (below) return 'below';
    return null;
  });
}

function reachable(n: number, start: number, edge: (from: number, to: number) => boolean): Set<number> {
  const seen = new Set([start]);
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const from = queue[head]!;
    for (let to = 0; to < n; to++) {
      if (!seen.has(to) && edge(from, to)) {
        seen.add(to);
        queue.push(to);
      }
    }
  }
  return seen;
}
