/** The Elo scale: a difference of d points means the better bot scores 1/(1+10^(−d/400)). */

/** Elo points per unit of natural-log strength (Bradley–Terry's θ): 400/ln 10 ≈ 173.72. */
export const ELO_PER_NATURAL_UNIT = 400 / Math.LN10;

/** The expected score of a bot rated `rating` against one rated `opponent`. */
export function expectedScore(rating: number, opponent: number): number {
  return 1 / (1 + 10 ** ((opponent - rating) / 400));
}

/** The two-sided 95% normal quantile. */
export const Z_95 = 1.959963984540054;
