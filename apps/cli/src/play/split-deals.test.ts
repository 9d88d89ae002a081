/** How --jobs splits a series: whole deals, contiguous, every deal once, sizes within one. */
import { describe, expect, it } from 'vitest';
import { splitDeals } from './pool-series.ts';

describe('splitDeals', () => {
  it('covers every deal once, in order, in runs that differ by at most one deal', () => {
    for (const deals of [1, 2, 5, 7, 100]) {
      for (const parts of [1, 2, 3, 8, 64]) {
        const ranges = splitDeals(deals, parts);
        expect(ranges).toHaveLength(Math.min(deals, parts));
        expect(ranges.flatMap((r) => Array.from({ length: r.deals }, (_, i) => r.firstDeal + i))).toEqual(Array.from({ length: deals }, (_, i) => i));
        const sizes = ranges.map((r) => r.deals);
        expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      }
    }
  });

  it('gives the larger runs first: 7 deals on 3 hosts are 3, 2, 2', () => {
    expect(splitDeals(7, 3)).toEqual([
      { firstDeal: 0, deals: 3 },
      { firstDeal: 3, deals: 2 },
      { firstDeal: 5, deals: 2 },
    ]);
  });
});
