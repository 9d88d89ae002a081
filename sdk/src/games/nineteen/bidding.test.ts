/** Bid evaluation (N4, N12, N13): an estimate, so its checks are of its shape, not of exact values. */
import { describe, expect, it } from 'vitest';
import { bestTrump, bidEstimate } from './bidding.ts';

const at = (seats: number, kitty = true) => ({ seats, shortSuit: false, kitty });

describe('bidEstimate', () => {
  it('N12, N13: the five top trumps take every trick and the bonus, 6 points', () => {
    for (const seats of [2, 3, 4, 5, 6]) expect(bidEstimate(['AS', 'KS', 'QS', 'JS', '10S'], 'S', at(seats))).toBe(6);
  });

  it('stays within 0–6, and a hand without a trump is worth less than one with the ace of trump', () => {
    for (const seats of [2, 3, 4, 5, 6]) {
      const none = bidEstimate(['2C', '3D', '4H', '5C', '7D'], 'S', at(seats, false));
      const ace = bidEstimate(['AS', '3D', '4H', '5C', '7D'], 'S', at(seats, false));
      expect(none).toBeGreaterThanOrEqual(0);
      expect(ace).toBeGreaterThan(none);
      expect(ace).toBeLessThanOrEqual(6);
    }
  });

  it('more and higher trumps are worth more; the kitty (N5) adds; more opponents take more (N1)', () => {
    const weak = bidEstimate(['KS', '3D', '4H', '5C', '7D'], 'S', at(2));
    const stronger = bidEstimate(['KS', 'QS', '4H', '5C', '7D'], 'S', at(2));
    expect(stronger).toBeGreaterThan(weak);
    expect(bidEstimate(['AS', 'KS', '4H', '5C', '7D'], 'S', at(2))).toBeGreaterThan(stronger);
    expect(bidEstimate(['KS', '3D', '4H', '5C', '7D'], 'S', at(2, true))).toBeGreaterThan(bidEstimate(['KS', '3D', '4H', '5C', '7D'], 'S', at(2, false)));
    expect(bidEstimate(['KS', 'QS', '4H', '5C', '7D'], 'S', at(5))).toBeLessThan(bidEstimate(['KS', 'QS', '4H', '5C', '7D'], 'S', at(3)));
    expect(bidEstimate(['KS', 'QS', '4H', '5C', '7D'], 'S', at(3))).toBeLessThan(stronger);
  });

  it('N19: with the short suit, Q♥ counts as a trump of any suit', () => {
    const hand = ['QH', 'KS', '4D', '5C', '7D'];
    expect(bidEstimate(hand, 'S', { seats: 2, shortSuit: true, kitty: true })).toBeGreaterThan(bidEstimate(hand, 'S', at(2)));
  });

  it('refuses a bad table size or a card twice', () => {
    expect(() => bidEstimate(['AS'], 'S', at(7))).toThrow(/2–6 seats/);
    expect(() => bidEstimate(['AS', 'AS'], 'S', at(2))).toThrow(/each card once/);
  });
});

describe('bestTrump', () => {
  it('N5: the suit the hand is longest and highest in', () => {
    expect(bestTrump(['AD', 'KD', '9D', '2C', '5H'], at(4)).suit).toBe('D');
    expect(bestTrump(['2D', '3D', '9H', 'KH', 'AH'], at(2)).suit).toBe('H');
  });
});
