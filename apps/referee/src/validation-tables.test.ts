import { describe, expect, it } from 'vitest';
import { findGame, nineteenTwentyThree, xix, type AnyGame } from '@xix/engine';
import { validationTableSizes } from './validation-tables.ts';
import { partnershipNim } from '../test/partnership-nim.ts';

const seated = (min: number, max: number): AnyGame => ({ ...xix, seats: { min, max } });

describe('validationTableSizes: the smallest table of each style', () => {
  it('keeps the tables of before: XIX at 2 seats, 1923 at 2 and 3 (heads up, then more entrants)', () => {
    expect(validationTableSizes(xix)).toEqual([2]);
    expect(validationTableSizes(nineteenTwentyThree)).toEqual([2, 3]);
    expect(validationTableSizes(findGame('nim')!)).toEqual([2, 3]);
    // a one-seat game still validates at two: a bot needs an opponent
    expect(validationTableSizes(seated(1, 4))).toEqual([2, 3]);
    // no heads up: every table is of one style, more entrants at one seat each
    expect(validationTableSizes(seated(3, 6))).toEqual([3]);
  });

  it('adds the smallest table where an entrant plays several seats: nim in partnerships and Nineteen at 4 seats (issue 18)', () => {
    expect(validationTableSizes(partnershipNim())).toEqual([2, 3, 4]);
    // Nineteen: heads up at 2, cut-throat at 3, partnerships at 4 (not 5 nor 6: styles met already)
    expect(validationTableSizes(findGame('nineteen')!)).toEqual([2, 3, 4]);
    const threeTeams: AnyGame = { ...xix, seats: { min: 2, max: 6 }, seating: (seats) => (seats === 6 ? [[0, 3], [1, 4], [2, 5]] : seats === 4 ? [[0, 2], [1, 3]] : Array.from({ length: seats }, (_, s) => [s])) };
    expect(validationTableSizes(threeTeams)).toEqual([2, 3, 4, 6]);
  });

  it('counts entrants: a table that seats one entrant (a partnership of every seat) is no validation table (issue 16 item 1)', () => {
    const partnerships: AnyGame = { ...xix, seats: { min: 2, max: 6 }, seating: (seats) => (seats % 2 === 0 ? [Array.from({ length: seats }, (_, s) => s)] : Array.from({ length: seats }, (_, s) => [s])) };
    expect(validationTableSizes(partnerships)).toEqual([3]);
  });
});
