/** Stakes (R5, R6) and the end of the game (R7). */
import { describe, expect, it } from 'vitest';
import { xix } from '@xix/engine';
import { awardPoints, canRaiseAfterStrike, outcomeIfAbandon, stakesAfterRaise, stakesFor, stakesIfEndsNow } from './points.ts';

describe('stakesFor (R6)', () => {
  it('follows the table 1→1, 2→2, 3→3, 4→5, 5→8', () => {
    expect([1, 2, 3, 4, 5].map(stakesFor)).toEqual([1, 2, 3, 5, 8]);
  });

  it('rejects strike counts no exchange ends with', () => {
    expect(() => stakesFor(0)).toThrow('an exchange ends with 1 to 5 strikes, got 0');
    expect(() => stakesFor(6)).toThrow(RangeError);
    expect(() => stakesFor(1.5)).toThrow(RangeError);
  });
});

describe('stakes from a view', () => {
  it('knows what ending now and going on pay after the first trick', () => {
    const state = xix.start(xix.parseSetup({ hands: [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], strikeRow: [13, 14, 15, 16, 17], discard: 18, firstLeader: 0 }));
    xix.apply(state, { type: 'play', card: 1 });
    xix.apply(state, { type: 'play', card: 7 }); // seat 0 loses the trick (R4) and takes a strike
    const view = xix.view(state, 0);
    expect(view.phase).toBe('strike');
    expect(stakesIfEndsNow(view)).toBe(1); // R6: abandoning after the first trick pays 1
    expect(stakesAfterRaise(view)).toBe(2);
    expect(canRaiseAfterStrike(view, 0)).toBe(true);
    expect(outcomeIfAbandon(view)).toEqual({ over: false, points: [0, 1] });
  });
});

describe('awardPoints (R7)', () => {
  it('ends at exactly 19 in total and the FEWER points win', () => {
    expect(awardPoints([10, 8], 0, 1)).toEqual({ over: true, points: [11, 8], winner: 1, reason: 'exactly-19' });
    expect(awardPoints([10, 8], 1, 1)).toEqual({ over: true, points: [10, 9], winner: 1, reason: 'exactly-19' });
    expect(awardPoints([4, 7], 0, 8)).toEqual({ over: true, points: [12, 7], winner: 1, reason: 'exactly-19' });
  });

  it('applies the exactly-19 rule to 19–0: the seat with 0 wins', () => {
    expect(awardPoints([16, 0], 0, 3)).toEqual({ over: true, points: [19, 0], winner: 1, reason: 'exactly-19' });
  });

  it('otherwise ends when a seat reaches 19 and the MORE points win', () => {
    expect(awardPoints([15, 10], 0, 5)).toEqual({ over: true, points: [20, 10], winner: 0, reason: 'reached-19' });
    expect(awardPoints([11, 14], 1, 8)).toEqual({ over: true, points: [11, 22], winner: 1, reason: 'reached-19' });
  });

  it('goes on below 19 and past a total of 19 that was skipped', () => {
    expect(awardPoints([3, 4], 1, 2)).toEqual({ over: false, points: [3, 6] });
    expect(awardPoints([10, 8], 0, 2)).toEqual({ over: false, points: [12, 8] });
  });

  it('rejects bad input with a clear message', () => {
    expect(() => awardPoints([1], 0, 1)).toThrow('points must be two non-negative integers');
    expect(() => awardPoints([1, 2], 2, 1)).toThrow('seat must be 0 or 1, got 2');
    expect(() => awardPoints([1, 2], 0, -1)).toThrow('amount must be a non-negative integer, got -1');
  });
});
