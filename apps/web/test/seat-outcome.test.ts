/** A seat's outcome from a match's ranks (1 = first, ties shared: docs/api.md), for two seats and more (1923: 2–9). */
import { describe, expect, it } from 'vitest';
import { outcomeText, seatOutcome } from '../src/seat-outcome.ts';

const shown = (ranks: readonly number[]): string[] => ranks.map((_, seat) => outcomeText(seatOutcome(ranks, seat)));

describe('seatOutcome', () => {
  it('two seats: win, loss, or a draw when both share first', () => {
    expect(shown([1, 2])).toEqual(['win', 'loss']);
    expect(shown([2, 1])).toEqual(['loss', 'win']);
    expect(shown([1, 1])).toEqual(['draw', 'draw']);
  });

  it('more seats: first alone wins, shared first draws, the rest lose by their place (ties marked =)', () => {
    expect(shown([2, 1, 2, 4])).toEqual(['=2nd of 4', 'win', '=2nd of 4', '4th of 4']);
    expect(shown([1, 1, 3])).toEqual(['draw (=1st of 3)', 'draw (=1st of 3)', '3rd of 3']);
    expect(seatOutcome([3, 1, 2], 0)).toEqual({ outcome: 'loss', place: 3, shared: false, seats: 3 });
    expect(seatOutcome([2, 1, 2, 4], 2)).toEqual({ outcome: 'loss', place: 2, shared: true, seats: 4 });
    expect(seatOutcome([1, 1, 3], 1).outcome).toBe('draw');
  });

  it('names places past the teens right', () => {
    const ranks = Array.from({ length: 9 }, (_, seat) => seat + 1);
    expect(shown(ranks)).toEqual(['win', '2nd of 9', '3rd of 9', '4th of 9', '5th of 9', '6th of 9', '7th of 9', '8th of 9', '9th of 9']);
    expect(outcomeText({ outcome: 'loss', place: 11, shared: false, seats: 12 })).toBe('11th of 12');
    expect(outcomeText({ outcome: 'loss', place: 12, shared: false, seats: 12 })).toBe('12th of 12');
  });

  it('refuses a seat the match does not have', () => {
    expect(() => seatOutcome([1, 2], 2)).toThrow(/seat 2 is not one of the match's 2 seats/);
  });
});
