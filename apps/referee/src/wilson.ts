/** The Wilson score interval for a proportion: well-behaved near 0 and 1, unlike the normal one. */
export interface Interval {
  readonly low: number;
  readonly high: number;
}

/** z for a two-sided 95% interval. */
export const Z95 = 1.959963984540054;

/** `successes` may be fractional: a win shared by several seats counts as a share of one (placing.ts). */
export function wilsonInterval(successes: number, trials: number, z = Z95): Interval {
  if (!Number.isInteger(trials) || trials <= 0 || !Number.isFinite(successes) || successes < 0 || successes > trials) {
    throw new RangeError(`need 0 <= successes <= trials and trials > 0, got ${successes}/${trials}`);
  }
  const p = successes / trials;
  const z2 = z * z;
  const denominator = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denominator;
  const half = (z / denominator) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  // At p = 0 or 1 the bound is exactly 0 or 1; say so rather than leave a rounding error.
  return { low: successes === 0 ? 0 : centre - half, high: successes === trials ? 1 : centre + half };
}
