/** @xix/ratings: ratings from rated games, pure (no I/O, no clock). See docs/ratings.md. */
export { MAX_SEATS, rankingProblem, ratedGameProblem, type RatedGame } from './rated-game.ts';
export { pairwiseResults, type PairwiseResult } from './pairwise.ts';
export { pairwiseTotals, type PairwiseTotals } from './pairwise-totals.ts';
export { ELO_PER_NATURAL_UNIT, expectedScore } from './elo-scale.ts';
export { DEFAULT_INITIAL_RATING, DEFAULT_K, eloRatings, type EloOptions, type EloPoint, type EloRatings } from './elo.ts';
export {
  DEFAULT_CENTER,
  DEFAULT_PRIOR_GAMES,
  bradleyTerry,
  type BradleyTerryModel,
  type BradleyTerryOptions,
  type BradleyTerryRow,
} from './bradley-terry.ts';
export type { Unbounded } from './comparison-graph.ts';
export { compareBots, separable, type Comparison } from './compare.ts';
export {
  SPRT_ELO_LIMIT,
  eloEstimate,
  logisticElo,
  logisticScore,
  pentanomialLlr,
  sprtBounds,
  sprtVerdict,
  trinomialLlr,
  type EloEstimate,
  type Pentanomial,
  type SprtBounds,
  type SprtVerdict,
  type Trinomial,
} from './sprt.ts';
