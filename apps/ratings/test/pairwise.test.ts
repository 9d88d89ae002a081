import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { pairwiseResults, MAX_SEATS } from '@xix/ratings';

describe('pairwiseResults', () => {
  it('gives a two-seat game one result: the winner (rank 1) scores 1', () => {
    expect(pairwiseResults([1, 2])).toEqual([{ a: 0, b: 1, score: 1 }]);
    expect(pairwiseResults([2, 1])).toEqual([{ a: 0, b: 1, score: 0 }]);
    expect(pairwiseResults([1, 1])).toEqual([{ a: 0, b: 1, score: 0.5 }]);
  });

  it('turns a four-seat ranking with a tie into the six pairwise results', () => {
    // Seat 1 wins, seats 2 and 3 tie for second, seat 0 is last: [4, 1, 2, 2].
    expect(pairwiseResults([4, 1, 2, 2])).toEqual([
      { a: 0, b: 1, score: 0 },
      { a: 0, b: 2, score: 0 },
      { a: 0, b: 3, score: 0 },
      { a: 1, b: 2, score: 1 },
      { a: 1, b: 3, score: 1 },
      { a: 2, b: 3, score: 0.5 },
    ]);
  });

  it('gives a forfeit ranking (winner 1, forfeiter last, the rest second) what it says', () => {
    // Three seats: seat 2 wins, seat 0 forfeited (R12), seat 1 shares second: [3, 2, 1].
    expect(pairwiseResults([3, 2, 1])).toEqual([
      { a: 0, b: 1, score: 0 },
      { a: 0, b: 2, score: 0 },
      { a: 1, b: 2, score: 0 },
    ]);
  });

  it('for 2 to 9 seats, lists each pair once and scores it by the ranks', () => {
    const rankings = fc.integer({ min: 2, max: MAX_SEATS }).chain((seats) =>
      fc.array(fc.integer({ min: 1, max: seats }), { minLength: seats, maxLength: seats }),
    );
    fc.assert(
      fc.property(rankings, (ranks) => {
        const results = pairwiseResults(ranks);
        const n = ranks.length;
        expect(results).toHaveLength((n * (n - 1)) / 2);
        expect(new Set(results.map(({ a, b }) => `${a}-${b}`)).size).toBe(results.length);
        for (const { a, b, score } of results) {
          expect(a).toBeLessThan(b);
          expect(score).toBe(ranks[a]! < ranks[b]! ? 1 : ranks[a]! > ranks[b]! ? 0 : 0.5);
        }
        // A seat's total score is the number of seats ranked below it plus half the seats it ties with.
        for (let seat = 0; seat < n; seat++) {
          const total = results.reduce((sum, r) => sum + (r.a === seat ? r.score : r.b === seat ? 1 - r.score : 0), 0);
          const below = ranks.filter((rank) => rank > ranks[seat]!).length;
          const tied = ranks.filter((rank) => rank === ranks[seat]!).length - 1;
          expect(total).toBe(below + tied / 2);
        }
      }),
    );
  });

  it('refuses a ranking it cannot rate, saying why', () => {
    expect(() => pairwiseResults([1])).toThrow(/2 to 9 seats, not 1/);
    expect(() => pairwiseResults(new Array<number>(10).fill(1))).toThrow(/2 to 9 seats, not 10/);
    expect(() => pairwiseResults([1, 0])).toThrow(/seat 1 has rank 0/);
    expect(() => pairwiseResults([1, 1.5])).toThrow(/seat 1 has rank 1.5/);
    expect(() => pairwiseResults([1, 3])).toThrow(/seat 1 has rank 3; a rank is a whole number from 1 to 2/);
  });
});
