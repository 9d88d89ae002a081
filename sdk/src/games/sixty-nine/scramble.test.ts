/** Using a Scramble (S12, S18): the largest set around a card, and forming a chosen arrangement step by step. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sixtyNine, type SixtyNineState } from '@xix/engine';
import { randomSixtyNineState } from '../../../test/sixty-nine-states.ts';
import { formStep, largestSetWith, sameArrangement } from './scramble.ts';
import { isLegalSet } from './sets.ts';

describe('largestSetWith', () => {
  it('S3: the largest legal set holding the card, from the pool; the card alone when nothing joins', () => {
    expect(largestSetWith('4A', ['4B', '5C', '6D', '4E', '4F'])).toEqual(['4A', '4B', '4E', '4F']);
    expect(isLegalSet(largestSetWith('L1', ['2A', '3B', '4C', '5D', '9E', '1F']))).toBe(true);
    expect(largestSetWith('L1', ['2A', '3B', '4C', '5D', '9E', '1F'])).toHaveLength(6);
    expect(largestSetWith('1A', ['1A', '5B'])).toEqual(['1A']);
    expect(largestSetWith('1A', ['1B', '1C', '1D'], 3)).toHaveLength(3);
  });
});

describe('formStep', () => {
  /** A state where the seat to move is about to rearrange (S12): random games until a Scramble offers `rearrange`. */
  function rearranging(deal: number): SixtyNineState | null {
    for (let steps = 0; steps < 400; steps++) {
      const state = randomSixtyNineState(4, deal, steps);
      const seat = sixtyNine.toMove(state);
      if (seat === null) return null;
      if (sixtyNine.legalActions(state).some((a) => a.type === 'rearrange')) return state;
    }
    return null;
  }

  it('S12, S18: forms exactly a chosen partition of the table (here: every card alone), one legal step at a time', () => {
    let seen = 0;
    fc.assert(
      fc.property(fc.nat({ max: 2 ** 31 }), (deal) => {
        const state = rearranging(deal);
        if (state === null) return;
        const seat = sixtyNine.toMove(state)!;
        const cards = sixtyNine.view(state, seat).table.flatMap((set) => set.cards);
        const singles = cards.map((card) => [card]);
        if (sameArrangement(singles, sixtyNine.view(state, seat).table.map((set) => set.cards))) return;
        sixtyNine.apply(state, { type: 'rearrange' });
        while (sixtyNine.toMove(state) === seat && sixtyNine.view(state, seat).decision === 'form') {
          const action = formStep(sixtyNine.view(state, seat), singles);
          expect(sixtyNine.checkAction(state, action).ok).toBe(true);
          sixtyNine.apply(state, action);
        }
        const last = sixtyNine.publicView(state).events.findLast((e) => e.type === 'rearrange');
        expect(last !== undefined && last.type === 'rearrange' && sameArrangement(last.sets, singles)).toBe(true);
        seen++;
      }),
      { numRuns: 20 },
    );
    expect(seen).toBeGreaterThan(0);
  });
});
