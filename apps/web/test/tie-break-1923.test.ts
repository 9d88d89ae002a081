/** What decided a 1923 round, said where a tie-break decided it (docs/rules-1923.md T8, T9, T12). */
import { describe, expect, it } from 'vitest';
import type { RoundRecord } from '@xix/engine';
import { describeDecision, roundDecision } from '../src/games/1923/tie-break.ts';

const NAMES = ['ann', 'bob', 'cat'];
const name = (seat: number): string => NAMES[seat]!;

function round(values: number[], hands: string[][], extra: Partial<RoundRecord> & { winner: number }): RoundRecord {
  return { round: 4, firstSeat: 0, war: false, steps: 1, hands, choices: hands.map(() => []), values, drawOffs: [], lot: null, cards: hands.flat().length, ...extra };
}

describe('the decision of a 1923 round', () => {
  it('the best total alone (T8): nothing to explain', () => {
    const alone = round([21, 18, 25], [['AS1', 'KD1'], ['9C1', '9D1'], ['KC1', 'KS1', '5H1']], { winner: 0 });
    expect(roundDecision(alone)).toEqual({ by: 'total' });
    expect(describeDecision(alone, name)).toBeNull();
  });

  it('tied on the total, the higher average card value (T9)', () => {
    const tied = round([21, 21, 16], [['AS1', 'KD1'], ['7C1', '7D1', '7H1'], ['9C1', '7S1']], { winner: 0 });
    expect(roundDecision(tied)).toEqual({ by: 'average', tied: [0, 1], averages: [10.5, 7] });
    expect(describeDecision(tied, name)).toBe('ann and bob tied on the total, 21: ann takes the round with the higher average card value, 10.50 against 7.00 (T9).');
  });

  it('equally near the window (17 and 25), the higher average card value (T8, T9)', () => {
    const near = round([17, 25, 12], [['9C1', '8D1'], ['KC1', 'KS1', '5H1'], ['6C1', '6D1']], { winner: 0 });
    expect(roundDecision(near)).toMatchObject({ by: 'average', tied: [0, 1] });
    expect(describeDecision(near, name)).toBe('ann (17) and bob (25) were equally near the 19–23 window: ann takes the round with the higher average card value, 8.50 against 8.33 (T9).');
  });

  it('the same average too: the draw-off (T9), passes repeated among those tied again', () => {
    const drawn = round([20, 20, 20], [['TC1', 'TD1'], ['KC1', 'QD1'], ['5C1', '5D1', 'TH1']], {
      winner: 1, drawOffs: [{ seats: [0, 1], cards: ['9C1', '9D1'] }, { seats: [0, 1], cards: ['3C1', 'AH1'] }],
    });
    expect(roundDecision(drawn)).toEqual({ by: 'draw-off', tied: [0, 1] });
    expect(describeDecision(drawn, name)).toBe('ann and bob tied on the total, 20, with the same average card value: a draw-off decided (T9): ann drew 9♣, bob drew 9♦; then ann drew 3♣, bob drew A♥. bob drew the highest card.');
  });

  it('a shoe too short for a draw-off: the lot (T9)', () => {
    const lot = round([20, 20, 9], [['TC1', 'TD1'], ['KC1', 'QD1'], ['5C1', '4D1']], { winner: 1, lot: [0, 1] });
    expect(roundDecision(lot)).toEqual({ by: 'lot', tied: [0, 1] });
    expect(describeDecision(lot, name)).toBe('ann and bob tied on the total, 20, with the same average card value: the shoe was too short for a draw-off pass, so a lot among ann and bob decided (T9): bob.');
  });

  it('war: the highest card alone, or a tie straight to the draw-off without the average (T12)', () => {
    const war = { war: true };
    expect(roundDecision(round([10, 11, 4], [['KC1'], ['AD1'], ['4S1']], { ...war, winner: 1 }))).toEqual({ by: 'total' });
    const tied = round([10, 10, 4], [['KC1'], ['QD1'], ['4S1']], { ...war, winner: 0, drawOffs: [{ seats: [0, 1], cards: ['8C1', '2D1'] }] });
    expect(describeDecision(tied, name)).toBe('ann and bob tied on the highest card, 10: a draw-off decided (T12, T9): ann drew 8♣, bob drew 2♦. ann drew the highest card.');
  });
});
