/** Trick helpers against R4: sum 19 → the lower card takes the trick, otherwise the higher. */
import { describe, expect, it } from 'vitest';
import { byStrength, cardStrength, cheapestWinningReply, strongest, takesTrick, weakest, winShare, winningReplies } from './tricks.ts';

const cards = Array.from({ length: 18 }, (_, i) => i + 1);

describe('takesTrick (R4)', () => {
  it('gives a sum-19 trick to the lower card', () => {
    expect(takesTrick(1, 18)).toBe(true);
    expect(takesTrick(18, 1)).toBe(false);
    expect(takesTrick(9, 10)).toBe(true);
  });

  it('otherwise gives the trick to the higher card', () => {
    expect(takesTrick(18, 17)).toBe(true);
    expect(takesTrick(2, 3)).toBe(false);
    expect(takesTrick(10, 8)).toBe(true);
  });

  it('has exactly one winner for every pair of different cards (no ties, R4)', () => {
    for (const a of cards) for (const b of cards) if (a !== b) expect(takesTrick(a, b)).toBe(!takesTrick(b, a));
  });

  it('rejects values that are not cards, and a card against itself', () => {
    expect(() => takesTrick(0, 5)).toThrow('card must be a card from 1 to 18, got 0');
    expect(() => takesTrick(5, 19)).toThrow('other must be a card from 1 to 18, got 19');
    expect(() => takesTrick(5, 5)).toThrow('two different cards');
  });
});

describe('cardStrength', () => {
  it('counts the other cards a card beats (R4)', () => {
    for (const c of cards) expect(cardStrength(c)).toBe(cards.filter((o) => o !== c && takesTrick(c, o)).length);
    expect(cardStrength(18)).toBe(16);
    expect(cardStrength(1)).toBe(1);
    expect(cardStrength(9)).toBe(9);
    expect(cardStrength(10)).toBe(8);
  });

  it('orders weakest first, lower card first on ties', () => {
    expect([18, 1, 10, 8, 9].sort(byStrength)).toEqual([1, 8, 10, 9, 18]);
    expect(weakest([12, 9, 11])).toBe(9);
    expect(strongest([12, 9, 11])).toBe(12);
    expect(weakest([])).toBeNull();
  });
});

describe('replies to a led card', () => {
  it('lists the winning replies and picks the cheapest', () => {
    expect(winningReplies(10, [9, 11, 3, 18])).toEqual([9, 11, 18]);
    expect(cheapestWinningReply(10, [9, 11, 3, 18])).toBe(9);
    expect(cheapestWinningReply(18, [2, 3, 17])).toBeNull();
    expect(cheapestWinningReply(18, [2, 1, 17])).toBe(1);
  });

  it('gives the share of candidates a card beats', () => {
    expect(winShare(18, [1, 2, 3, 4])).toBe(0.75);
    expect(winShare(5, [5])).toBe(0);
    expect(winShare(5, [4, 6])).toBe(0.5);
    expect(winShare(5, new Map([[4, 0.25], [6, 0.75]]))).toBe(0.25);
  });
});
