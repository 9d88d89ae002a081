import { describe, expect, it } from 'vitest';
import { eloEstimate, logisticElo, logisticScore, pentanomialLlr, sprtBounds, sprtVerdict, trinomialLlr, type Pentanomial, type Trinomial } from '@xix/ratings';

/**
 * Reference vectors: counts → LLR, computed by an independent implementation written from the same
 * formulas (Python 3, scipy 1.17 brentq at xtol 1e-15 for the Lagrange multiplier of Van den
 * Bergh's Proposition 1.1, zero counts read as 0.001, LLR = N Σ p̂ (ln p1 − ln p0), as fishtest's
 * LLRcalc.LLR_logistic defines it). The first counts are the pentanomial example of fishtest's
 * LLRcalc (R5 = 39, 8843, 26675, 9240, 47).
 */
const PENTANOMIAL_LLR: readonly (readonly [Pentanomial, number, number, number])[] = [
  [[39, 8843, 26675, 9240, 47], 0, 2, 4.3392445494402905],
  [[1000, 3000, 5000, 3200, 1100], 0, 10, 0.9035739227859987],
  [[10, 20, 30, 20, 10], 0, 10, -0.11174058699736845],
  [[0, 5, 20, 30, 10], 0, 50, 8.681929063508052],
  [[3, 0, 0, 0, 17], -10, 40, 1.8910331764249435],
  [[1234, 5678, 9012, 5678, 1234], 0, 5, -10.171403646879583],
  [[50, 300, 2000, 400, 60], -5, 0, 11.159231981406995],
];
const TRINOMIAL_LLR: readonly (readonly [Trinomial, number, number, number])[] = [
  [[100, 400, 500], 0, 10, 18.61597203654126],
  [[400, 200, 100], 0, 20, -25.6211402363414],
  [[0, 10, 0], 0, 10, -0.28602310882444665],
];

describe('pentanomial SPRT', () => {
  it.each(PENTANOMIAL_LLR)('LLR of %j for elo %d vs %d is the reference %d', (counts, elo0, elo1, llr) => {
    expect(pentanomialLlr(counts, elo0, elo1)).toBeCloseTo(llr, 9);
  });

  it('LLR of trinomial counts matches the reference', () => {
    for (const [counts, elo0, elo1, llr] of TRINOMIAL_LLR) expect(trinomialLlr(counts, elo0, elo1)).toBeCloseTo(llr, 9);
  });

  it('is 0 before any pair, and swapping the hypotheses negates it', () => {
    expect(pentanomialLlr([0, 0, 0, 0, 0], 0, 10)).toBe(0);
    // Read from the old bot's side (counts reversed, Elo negated), H0 and H1 trade places.
    const counts: Pentanomial = [1000, 3000, 5000, 3200, 1100];
    const reversed: Pentanomial = [1100, 3200, 5000, 3000, 1000];
    expect(pentanomialLlr(reversed, -10, 0)).toBeCloseTo(-pentanomialLlr(counts, 0, 10), 9);
  });

  it('grows with evidence: ten times the counts, ten times the LLR', () => {
    const counts: Pentanomial = [100, 300, 500, 320, 110];
    const tenfold = counts.map((c) => c * 10) as unknown as Pentanomial;
    expect(pentanomialLlr(tenfold, 0, 10)).toBeCloseTo(10 * pentanomialLlr(counts, 0, 10), 8);
  });

  it('has Wald\'s bounds: ln(β/(1−α)) and ln((1−β)/α)', () => {
    // α = β = 0.05: ln(0.05/0.95) = −2.9444389791664403.
    expect(sprtBounds(0.05, 0.05)).toEqual({ lower: -2.9444389791664403, upper: 2.9444389791664403 });
    const { lower, upper } = sprtBounds(0.01, 0.1);
    expect(lower).toBeCloseTo(Math.log(0.1 / 0.99), 12);
    expect(upper).toBeCloseTo(Math.log(0.9 / 0.01), 12);
    expect(sprtVerdict(3, sprtBounds(0.05, 0.05))).toBe('H1');
    expect(sprtVerdict(-3, sprtBounds(0.05, 0.05))).toBe('H0');
    expect(sprtVerdict(2.9, sprtBounds(0.05, 0.05))).toBe('continue');
  });

  it('estimates Elo with a 95% interval matching the reference', () => {
    // Same independent implementation: mean score of the pairs, interval mean ± 1.96·sd/√N.
    const a = eloEstimate([1000, 3000, 5000, 3200, 1100]);
    expect(a.elo).toBeCloseTo(5.22498913569679, 9);
    expect(a.low).toBeCloseTo(2.132631331011919, 9);
    expect(a.high).toBeCloseTo(8.318174961232844, 9);
    const b = eloEstimate([39, 8843, 26675, 9240, 47]);
    expect([b.elo, b.low, b.high].map((x) => x.toFixed(9))).toEqual(['1.599900890', '0.569336596', '2.630493338']);
    const placings = eloEstimate([400, 200, 100]);
    expect(placings.elo).toBeCloseTo(-159.17600346881505, 9);
    expect(placings.low).toBeCloseTo(-182.84885941088774, 9);
    // Every pair won: unbounded above.
    expect(eloEstimate([0, 0, 0, 0, 12])).toEqual({ elo: Infinity, low: Infinity, high: Infinity });
    expect(eloEstimate([3, 0, 0, 0, 17]).high).toBe(Infinity);
    expect(Number.isNaN(eloEstimate([0, 0, 0, 0, 0]).elo)).toBe(true);
  });

  it('reads logistic Elo both ways', () => {
    expect(logisticScore(0)).toBe(0.5);
    // 1/(1 + 10^(−200/400)) = 1/(1 + 0.316227766) = 0.759746927.
    expect(logisticScore(200)).toBeCloseTo(0.759746927, 9);
    expect(logisticElo(logisticScore(37.5))).toBeCloseTo(37.5, 9);
  });

  it('refuses bad input', () => {
    expect(() => pentanomialLlr([1, 2, 3] as unknown as Pentanomial, 0, 10)).toThrow(/5 \(pentanomial\)/);
    expect(() => pentanomialLlr([1, 2, -3, 4, 5], 0, 10)).toThrow(/not negative/);
    expect(() => pentanomialLlr([1, 2, 3, 4, 5], 10, 0)).toThrow(/elo0 must be below elo1/);
    expect(() => trinomialLlr([1, NaN, 3], 0, 10)).toThrow(/finite/);
    expect(() => sprtBounds(0, 0.05)).toThrow(/alpha/);
    expect(() => sprtBounds(0.05, 0.6)).toThrow(/beta/);
  });
});
