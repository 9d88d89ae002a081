/** All rated games folded into pairwise totals between bots; the order of the games is lost on purpose. */
import { pairwiseResults } from './pairwise.ts';
import { assertRatedGames, type RatedGame } from './rated-game.ts';

export interface PairwiseTotals {
  /** Every entrant, sorted by id, so nothing depends on the order of the games. */
  readonly bots: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** results[i][j]: how many pairwise results between bots i and j (symmetric). */
  readonly results: readonly (readonly number[])[];
  /** score[i][j]: i's score against j (a win 1, a tie ½); score[i][j] + score[j][i] = results[i][j]. */
  readonly score: readonly (readonly number[])[];
}

/** Sums of halves and ones are exact in floating point, so any order of games gives the same totals. */
export function pairwiseTotals(games: readonly RatedGame[]): PairwiseTotals {
  assertRatedGames(games);
  const bots = [...new Set(games.flatMap((game) => game.entrants))].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0));
  const index = new Map(bots.map((bot, i) => [bot, i]));
  const results = bots.map(() => new Array<number>(bots.length).fill(0));
  const score = bots.map(() => new Array<number>(bots.length).fill(0));
  for (const game of games) {
    const seats = game.entrants.map((bot) => index.get(bot)!);
    for (const { a, b, score: scoreA } of pairwiseResults(game.ranks)) {
      const i = seats[a]!;
      const j = seats[b]!;
      if (i === j) continue; // a bot learns nothing from a result against itself
      results[i]![j]! += 1;
      results[j]![i]! += 1;
      score[i]![j]! += scoreA;
      score[j]![i]! += 1 - scoreA;
    }
  }
  return { bots, index, results, score };
}
