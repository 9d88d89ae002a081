/**
 * The sequential probability ratio test of "is the new bot better than the old one?", on game pairs
 * (pentanomial) or on paired placings (trinomial). Pure: counts in, numbers out. See docs/sprt.md.
 *
 * The test is the generalized SPRT (GSPRT) of fishtest and fastchess, in logistic Elo:
 * - H0: the new bot's expected score per game is s0 = L(elo0), H1: it is s1 = L(elo1), with
 *   L(elo) = 1 / (1 + 10^(−elo/400)) (elo-scale.ts: the platform's ratings use the same scale).
 * - An observation (a game pair, a paired placing) takes one of k values a_i = i/(k−1) in [0, 1]:
 *   pentanomial a pair's score over 2 (0, ¼, ½, ¾, 1), trinomial worse / equal / better (0, ½, 1).
 *   Nothing is assumed about the distribution over those values but its mean: under each hypothesis
 *   the distribution is the maximum-likelihood one with mean s given the observed frequencies p̂,
 *   p_i = p̂_i / (1 + x (a_i − s)), x the root of Σ p̂_i (a_i − s) / (1 + x (a_i − s)) = 0
 *   (M. Van den Bergh, "A note on the maximum likelihood estimate of a multinomial distribution
 *   with given expectation value", http://hardy.uhasselt.be/Fishtest/support_MLE_multinomial.pdf,
 *   Proposition 1.1; fishtest server/fishtest/stats/LLRcalc.py MLE_expected and secular).
 * - LLR = N Σ p̂_i (ln p1_i − ln p0_i) over N observations (LLRcalc.py LLR_logistic: the
 *   "expectation" statistic, elo0 and elo1 in logistic Elo), a count of 0 read as 0.001 as
 *   fishtest does (LLRcalc.py regularize), so the MLE exists from the first observation.
 * - Wald's bounds: accept H0 at LLR ≤ ln(β / (1 − α)), H1 at LLR ≥ ln((1 − β) / α)
 *   (A. Wald, "Sequential tests of statistical hypotheses", Ann. Math. Statist. 16 (1945), 117–186).
 */
import { Z_95 } from './elo-scale.ts';

/** Game pairs by the new bot's score over the pair's two games: 0, ½, 1, 1½, 2. */
export type Pentanomial = readonly [number, number, number, number, number];
/** Paired placings on one deal: the new bot placed worse than the old, the same, better. */
export type Trinomial = readonly [number, number, number];

export interface SprtBounds {
  /** Accept H0 at or below: ln(β / (1 − α)). */
  readonly lower: number;
  /** Accept H1 at or above: ln((1 − β) / α). */
  readonly upper: number;
}

export type SprtVerdict = 'H0' | 'H1' | 'continue';

/** An Elo difference estimated from counts, with its 95% interval (±Infinity where unbounded). */
export interface EloEstimate {
  readonly elo: number;
  readonly low: number;
  readonly high: number;
}

/** The widest hypothesis (elo0, elo1) a test takes, ±: beyond ±1000 logistic Elo the expected score is within 0.3% of 0 or 1, no test to run. */
export const SPRT_ELO_LIMIT = 1000;

/** What fishtest reads a count of 0 as, so that each hypothesis' MLE exists (LLRcalc.py regularize). */
const EMPTY_COUNT = 1e-3;

/** The expected score per game of a bot `elo` logistic Elo stronger. */
export function logisticScore(elo: number): number {
  return 1 / (1 + 10 ** (-elo / 400));
}

/** The logistic Elo difference of an expected score; ±Infinity at 1 and 0. */
export function logisticElo(score: number): number {
  if (score >= 1) return Infinity;
  if (score <= 0) return -Infinity;
  return -400 * Math.log10(1 / score - 1);
}

/** Wald's bounds of a test with error rates `alpha` (accepting H1 when H0 holds) and `beta`. */
export function sprtBounds(alpha: number, beta: number): SprtBounds {
  for (const [name, value] of [['alpha', alpha], ['beta', beta]] as const) {
    if (!(value > 0 && value < 0.5)) throw new RangeError(`${name} must be between 0 and 0.5 (exclusive), got ${value}`);
  }
  return { lower: Math.log(beta / (1 - alpha)), upper: Math.log((1 - beta) / alpha) };
}

export function sprtVerdict(llr: number, bounds: SprtBounds): SprtVerdict {
  if (llr >= bounds.upper) return 'H1';
  if (llr <= bounds.lower) return 'H0';
  return 'continue';
}

/** The GSPRT log-likelihood ratio of elo1 against elo0 (logistic Elo) over game pairs. */
export function pentanomialLlr(counts: Pentanomial, elo0: number, elo1: number): number {
  return generalizedLlr(checkedCounts(counts, 5), elo0, elo1);
}

/** The same over paired placings (the trinomial model: see docs/sprt.md). */
export function trinomialLlr(counts: Trinomial, elo0: number, elo1: number): number {
  return generalizedLlr(checkedCounts(counts, 3), elo0, elo1);
}

/**
 * The Elo difference of the mean score over the observations, with the 95% interval of that mean
 * by the normal approximation (its variance from the observations themselves, so a pair's two
 * games' correlation counts): the interval fastchess and fishtest print. NaN without observations.
 */
export function eloEstimate(counts: Pentanomial | Trinomial): EloEstimate {
  const checked = checkedCounts(counts, counts.length);
  const n = checked.reduce((sum, c) => sum + c, 0);
  if (n === 0) return { elo: NaN, low: NaN, high: NaN };
  const values = outcomeValues(checked.length);
  const mean = checked.reduce((sum, c, i) => sum + c * values[i]!, 0) / n;
  const variance = checked.reduce((sum, c, i) => sum + c * (values[i]! - mean) ** 2, 0) / n;
  const margin = Z_95 * Math.sqrt(variance / n);
  return { elo: logisticElo(mean), low: logisticElo(mean - margin), high: logisticElo(mean + margin) };
}

function generalizedLlr(counts: readonly number[], elo0: number, elo1: number): number {
  if (!Number.isFinite(elo0) || !Number.isFinite(elo1) || !(elo0 < elo1)) throw new RangeError(`elo0 must be below elo1, both finite, got ${elo0} and ${elo1}`);
  if (counts.every((c) => c === 0)) return 0;
  const regular = counts.map((c) => (c === 0 ? EMPTY_COUNT : c));
  const n = regular.reduce((sum, c) => sum + c, 0);
  const observed = regular.map((c) => c / n);
  const values = outcomeValues(counts.length);
  const [p0, p1] = [elo0, elo1].map((elo) => mleWithMean(values, observed, logisticScore(elo)));
  return n * observed.reduce((sum, p, i) => sum + p * (Math.log(p1![i]!) - Math.log(p0![i]!)), 0);
}

/**
 * The distribution over `values` closest in likelihood to `observed` with mean `mean` (every value
 * observed; min(values) < mean < max(values)): Van den Bergh's Proposition 1.1, its Lagrange
 * multiplier x found by Newton's method kept inside the bracket where every probability is positive
 * (the function is decreasing there, so bisection takes over when a Newton step leaves it).
 */
function mleWithMean(values: readonly number[], observed: readonly number[], mean: number): number[] {
  const shifted = values.map((v) => v - mean);
  let low = -1 / Math.max(...shifted);
  let high = -1 / Math.min(...shifted);
  let x = 0;
  for (let step = 0; step < 200; step++) {
    let f = 0;
    let slope = 0;
    for (let i = 0; i < shifted.length; i++) {
      const term = shifted[i]! / (1 + x * shifted[i]!);
      f += observed[i]! * term;
      slope -= observed[i]! * term * term;
    }
    if (f === 0) break;
    if (f > 0) low = x;
    else high = x;
    const newton = x - f / slope;
    const next = newton > low && newton < high ? newton : (low + high) / 2;
    if (Math.abs(next - x) <= 1e-15 * Math.max(1, Math.abs(x))) {
      x = next;
      break;
    }
    x = next;
  }
  return observed.map((p, i) => p / (1 + x * shifted[i]!));
}

/** The observation values a_i = i/(k−1): a score per game in [0, 1]. */
function outcomeValues(k: number): number[] {
  return Array.from({ length: k }, (_, i) => i / (k - 1));
}

function checkedCounts(counts: readonly number[], k: number): readonly number[] {
  if (!Array.isArray(counts) || counts.length !== k || (k !== 3 && k !== 5)) throw new RangeError(`counts must be 5 (pentanomial) or 3 (trinomial) numbers, got ${JSON.stringify(counts)}`);
  if (counts.some((c) => typeof c !== 'number' || !Number.isFinite(c) || c < 0)) throw new RangeError(`counts must be finite and not negative, got ${JSON.stringify(counts)}`);
  return counts;
}
