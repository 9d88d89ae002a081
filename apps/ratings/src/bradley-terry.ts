/**
 * Bradley–Terry by maximum likelihood over every pairwise result at once, so the order of the
 * games does not matter. Bot i beats bot j with probability 1/(1+e^(θj−θi)); a tie is half a win
 * and half a loss. Reported on the Elo scale (400·log10, i.e. θ · 400/ln 10) around the mean of
 * the rated bots, with a 95% interval from the observed information.
 */
import { componentsOf, unboundedSides, type Unbounded } from './comparison-graph.ts';
import { ELO_PER_NATURAL_UNIT, Z_95 } from './elo-scale.ts';
import { centred, cholesky, inverseCholesky, solveCholesky, type Matrix } from './linear-algebra.ts';
import { pairwiseTotals, type PairwiseTotals } from './pairwise-totals.ts';
import type { RatedGame } from './rated-game.ts';

export const DEFAULT_PRIOR_GAMES = 1;
export const DEFAULT_CENTER = 1500;
const MAX_ITERATIONS = 200;
const STEP_TOLERANCE = 1e-10;

export interface BradleyTerryOptions {
  /**
   * How many tied games each bot is credited with against a virtual bot of strength θ = 0
   * (default 1). This weak prior keeps every rating finite (a bot with only wins) and every pair of
   * components anchored; 0 is plain maximum likelihood, which needs one component in which every
   * bot is bounded and otherwise throws.
   */
  readonly priorGames?: number;
  /** The rating of a bot as strong as the mean of the rated bots (default 1500, as Elo starts). */
  readonly center?: number;
}

export interface BradleyTerryRow {
  readonly bot: string;
  /** Elo scale: center + 400/ln 10 · (θ − mean θ). */
  readonly rating: number;
  /** Of the rating, in Elo points, with the mean of the rated bots held fixed. */
  readonly standardError: number;
  /** The 95% interval: rating ∓ 1.96 standard errors. */
  readonly low: number;
  readonly high: number;
  /** Pairwise results (a two-seat game is one; an n-seat game n−1 for each bot) and their sum of scores. */
  readonly results: number;
  readonly score: number;
  /** Bots in different components have never been compared, even indirectly. */
  readonly component: number;
  /** Which ends the results alone leave open; the number then rests on the prior. */
  readonly unbounded: Unbounded;
}

export interface BradleyTerryModel {
  /** Best first; equal ratings by bot id. */
  readonly rows: readonly BradleyTerryRow[];
  /** The bots by id, indexing `covariance`. */
  readonly bots: readonly string[];
  readonly index: ReadonlyMap<string, number>;
  /** Covariance of the ratings (Elo points²) with the mean held fixed. */
  readonly covariance: Matrix;
  readonly priorGames: number;
}

export function bradleyTerry(games: readonly RatedGame[], options: BradleyTerryOptions = {}): BradleyTerryModel {
  const priorGames = options.priorGames ?? DEFAULT_PRIOR_GAMES;
  const center = options.center ?? DEFAULT_CENTER;
  if (!Number.isFinite(priorGames) || priorGames < 0) throw new RangeError(`priorGames must be a finite number ≥ 0, not ${priorGames}`);
  if (!Number.isFinite(center)) throw new RangeError(`center must be a finite number, not ${center}`);
  const totals = pairwiseTotals(games);
  const component = componentsOf(totals);
  const unbounded = unboundedSides(totals, component);
  if (priorGames === 0) assertFiniteMaximum(totals, component, unbounded);

  const theta = maximise(totals, priorGames);
  const mean = theta.reduce((sum, t) => sum + t, 0) / Math.max(1, theta.length);
  const inverse = inverseCholesky(factor(totals, theta, priorGames));
  const covariance = centred(inverse).map((row) => row.map((v) => v * ELO_PER_NATURAL_UNIT ** 2));
  const rows = totals.bots.map((bot, i): BradleyTerryRow => {
    const rating = center + ELO_PER_NATURAL_UNIT * (theta[i]! - mean);
    const standardError = Math.sqrt(Math.max(0, covariance[i]![i]!));
    return {
      bot,
      rating,
      standardError,
      low: rating - Z_95 * standardError,
      high: rating + Z_95 * standardError,
      results: totals.results[i]!.reduce((sum, v) => sum + v, 0),
      score: totals.score[i]!.reduce((sum, v) => sum + v, 0),
      component: component[i]!,
      unbounded: unbounded[i]!,
    };
  });
  rows.sort((x, y) => y.rating - x.rating || (x.bot < y.bot ? -1 : 1));
  return { rows, bots: totals.bots, index: totals.index, covariance, priorGames };
}

function assertFiniteMaximum(totals: PairwiseTotals, component: readonly number[], unbounded: readonly Unbounded[]): void {
  if (component.some((c) => c !== 0)) {
    throw new RangeError('with priorGames 0 every bot must be compared with every other through a chain of games; use a prior');
  }
  const open = unbounded.findIndex((side) => side !== null);
  if (open >= 0) {
    throw new RangeError(`with priorGames 0 the likelihood has no maximum: ${totals.bots[open]} is unbounded ${unbounded[open]}; use a prior`);
  }
}

/** Newton's method with step halving on the (concave) log-likelihood plus prior. */
function maximise(totals: PairwiseTotals, priorGames: number): number[] {
  let theta = totals.bots.map(() => 0);
  for (let iteration = 0; iteration < MAX_ITERATIONS; iteration++) {
    const step = solveCholesky(factor(totals, theta, priorGames), gradient(totals, theta, priorGames));
    const before = objective(totals, theta, priorGames);
    let scale = 1;
    let next = theta.map((t, i) => t + step[i]!);
    // Rounding near the top can make an exact step look a hair worse; allow for it.
    while (scale > 1e-9 && objective(totals, next, priorGames) < before - 1e-12 * (1 + Math.abs(before))) {
      scale /= 2;
      next = theta.map((t, i) => t + scale * step[i]!);
    }
    theta = next;
    if (step.every((s) => Math.abs(scale * s) < STEP_TOLERANCE)) return theta;
  }
  throw new Error(`Bradley–Terry did not converge in ${MAX_ITERATIONS} Newton steps`);
}

/**
 * The observed information (minus the Hessian). Without a prior it is singular along "all θ up by
 * the same amount", so 1/n is added in that direction: the solve then keeps the mean of θ where it
 * is, and the inverse, centred, is the covariance with the mean held fixed.
 */
function factor(totals: PairwiseTotals, theta: readonly number[], priorGames: number): Matrix {
  const n = theta.length;
  const information = theta.map((ti, i) =>
    theta.map((tj, j) => {
      if (i === j) return priorGames * variance(ti);
      return -totals.results[i]![j]! * variance(ti - tj) + (priorGames === 0 ? 1 / n : 0);
    }),
  );
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) if (j !== i) information[i]![i]! += totals.results[i]![j]! * variance(theta[i]! - theta[j]!);
    if (priorGames === 0) information[i]![i]! += 1 / n;
  }
  const l = cholesky(information);
  if (l === null) throw new Error('Bradley–Terry: the information matrix is not positive definite');
  return l;
}

function gradient(totals: PairwiseTotals, theta: readonly number[], priorGames: number): number[] {
  return theta.map((ti, i) => {
    let g = priorGames * (0.5 - logistic(ti));
    for (let j = 0; j < theta.length; j++) {
      if (j !== i) g += totals.score[i]![j]! - totals.results[i]![j]! * logistic(ti - theta[j]!);
    }
    return g;
  });
}

function objective(totals: PairwiseTotals, theta: readonly number[], priorGames: number): number {
  let sum = 0;
  for (let i = 0; i < theta.length; i++) {
    sum += priorGames * (0.5 * theta[i]! - logSumExp(theta[i]!, 0));
    for (let j = i + 1; j < theta.length; j++) {
      const n = totals.results[i]![j]!;
      if (n > 0) sum += totals.score[i]![j]! * theta[i]! + totals.score[j]![i]! * theta[j]! - n * logSumExp(theta[i]!, theta[j]!);
    }
  }
  return sum;
}

function logistic(x: number): number {
  return 1 / (1 + Math.exp(-x));
}

/** p(1 − p) for p = logistic(x): the information in one result. */
function variance(x: number): number {
  const p = logistic(x);
  return p * (1 - p);
}

function logSumExp(a: number, b: number): number {
  const top = Math.max(a, b);
  return top + Math.log1p(Math.exp(-Math.abs(a - b)));
}
