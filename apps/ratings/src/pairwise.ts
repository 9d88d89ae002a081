/**
 * Pairwise results from a ranking of seats, so that ratings built on pairs need no change for
 * games with more than two seats.
 */
import { rankingProblem } from './rated-game.ts';

/** Seat a's score against seat b (a < b): 1 a win, 0 a loss, 0.5 a tie (ties count half). */
export interface PairwiseResult {
  readonly a: number;
  readonly b: number;
  readonly score: 0 | 0.5 | 1;
}

/**
 * Every pair of seats once, in order (0,1), (0,2), …, (1,2), …: the better (lower) rank wins,
 * equal ranks tie. A ranking of n seats gives n(n−1)/2 results.
 */
export function pairwiseResults(ranks: readonly number[]): PairwiseResult[] {
  const problem = rankingProblem(ranks);
  if (problem !== null) throw new RangeError(problem);
  const results: PairwiseResult[] = [];
  for (let a = 0; a < ranks.length; a++) {
    for (let b = a + 1; b < ranks.length; b++) {
      results.push({ a, b, score: scoreOf(ranks[a]!, ranks[b]!) });
    }
  }
  return results;
}

function scoreOf(rankA: number, rankB: number): 0 | 0.5 | 1 {
  if (rankA < rankB) return 1;
  if (rankA > rankB) return 0;
  return 0.5;
}
