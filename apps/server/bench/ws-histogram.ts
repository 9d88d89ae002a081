/** Delays in 0.5 ms buckets up to 10 s (the last bucket holds everything longer), mergeable across processes. */
const BUCKET_MS = 0.5;
const BUCKETS = 20_001;

export type Histogram = number[];

export function createHistogram(): Histogram {
  return new Array<number>(BUCKETS).fill(0);
}

export function recordDelay(histogram: Histogram, ms: number): void {
  histogram[Math.min(BUCKETS - 1, Math.max(0, Math.floor(ms / BUCKET_MS)))]!++;
}

export function mergeHistograms(histograms: readonly Histogram[]): Histogram {
  const merged = createHistogram();
  for (const histogram of histograms) for (let i = 0; i < BUCKETS; i++) merged[i]! += histogram[i] ?? 0;
  return merged;
}

export function countOf(histogram: Histogram): number {
  return histogram.reduce((sum, n) => sum + n, 0);
}

/** The delay (ms, the bucket's upper edge) below which `fraction` of the samples lie; NaN when empty. */
export function percentile(histogram: Histogram, fraction: number): number {
  const total = countOf(histogram);
  if (total === 0) return Number.NaN;
  let seen = 0;
  for (let i = 0; i < BUCKETS; i++) {
    seen += histogram[i]!;
    if (seen >= fraction * total) return (i + 1) * BUCKET_MS;
  }
  return Number.POSITIVE_INFINITY;
}
