import { describe, expect, it } from 'vitest';
import { nineteenTwentyThree, xix, type AnyGame } from '@xix/engine';
import { validationTableSizes } from './validation-tables.ts';

const seated = (min: number, max: number): AnyGame => ({ ...xix, seats: { min, max } });

describe('validationTableSizes', () => {
  it('is the two smallest table sizes of a game, or its only one', () => {
    expect(validationTableSizes(xix)).toEqual([2]);
    expect(validationTableSizes(nineteenTwentyThree)).toEqual([2, 3]);
    expect(validationTableSizes(seated(3, 6))).toEqual([3, 4]);
    // a one-seat game still validates at two: a bot needs an opponent
    expect(validationTableSizes(seated(1, 4))).toEqual([2, 3]);
  });

  it('counts entrants: a table that seats one entrant (a partnership of every seat) is no validation table (issue 16 item 1)', () => {
    const partnerships: AnyGame = { ...xix, seats: { min: 2, max: 6 }, seating: (seats) => (seats % 2 === 0 ? [Array.from({ length: seats }, (_, s) => s)] : Array.from({ length: seats }, (_, s) => [s])) };
    expect(validationTableSizes(partnerships)).toEqual([3, 5]);
  });
});
