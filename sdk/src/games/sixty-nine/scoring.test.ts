/** S14 round scoring through the SDK, on card codes (§3 scenario 9), and what a seat would score now. */
import { describe, expect, it } from 'vitest';
import { sixtyNine } from '@xix/engine';
import { randomSixtyNineState } from '../../../test/sixty-nine-states.ts';
import { captureGain, scoreCards, scoreIfRoundEnded } from './scoring.ts';

describe('scoreCards', () => {
  it('S14: the rulings\' example scores 13 + 2 + 3 + 6 + 10 − 4 = 30; 2 captured with 7 in hand score 0', () => {
    const pile = ['0A', '1B', '2C', '3D', '4E', '5F', '6A', '9B', '7C', '8D', 'W1', 'L2', 'X3'];
    expect(scoreCards(pile, 4)).toEqual({ cards: 13, sixNines: 2, specials: 3, suits: 6, values: 10, inHand: 4, score: 30 });
    expect(scoreCards(['1A', '2B'], 7).score).toBe(0);
  });

  it('refuses a hand size that is not a whole number ≥ 0, and a code that is not a card', () => {
    expect(() => scoreCards([], -1)).toThrow(RangeError);
    expect(() => scoreCards(['Z9'])).toThrow(/not a 69 card/);
  });

  it('captureGain counts the bonuses a capture completes: a second 6/9 makes a pair (+2)', () => {
    expect(captureGain(['6A'], ['9B', '1C', '2D'])).toBe(3 + 2);
    expect(captureGain([], ['1A', '1B', '1C'])).toBe(3);
  });
});

describe('scoreIfRoundEnded', () => {
  it('S14, S17: from public facts alone (a pile, a hand size), as the engine scores the round when it ends', () => {
    let checked = 0;
    for (let deal = 7; checked < 3; deal++) {
      const state = randomSixtyNineState(3, deal, 400);
      const view = sixtyNine.publicView(state);
      const round = view.rounds[0];
      if (round === undefined) continue;
      // the first round's end: its piles and its revealed hands
      round.captured.forEach((pile, seat) => {
        const at = { ...view, captured: round.captured, handSizes: round.hands.map((hand) => hand.length) };
        expect(scoreIfRoundEnded(at, seat)).toBe(round.scores[seat]);
        expect(pile).toEqual(round.captured[seat]);
      });
      checked++;
    }
  });
});
