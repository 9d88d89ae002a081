/** Building decisions from a view (N4, N6), checked by the engine's own checkAction. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minKeepFor, nineteen } from '@xix/engine';
import { stateArbitrary } from '../../../test/nineteen-states.ts';
import { discardKeeping, highBid } from './legal.ts';

describe('highBid', () => {
  it('N4: the highest bid so far (0 before any), below every bid the engine allows', () => {
    fc.assert(
      fc.property(stateArbitrary, ({ state }) => {
        const seat = nineteen.toMove(state);
        if (seat === null) return;
        const view = nineteen.view(state, seat);
        const bids = view.legalActions.flatMap((a) => (a.type === 'bid' ? [a.amount] : []));
        if (view.phase === 'bid') expect(bids).toEqual([3, 4, 5, 6].filter((n) => n > highBid(view)));
      }),
      { numRuns: 200 },
    );
  });
});

describe('discardKeeping', () => {
  it('N6: keeping any minKeep–5 of the hand is a legal discard; keeping too few or too many is refused', () => {
    fc.assert(
      fc.property(stateArbitrary, fc.nat(), ({ state, seats }, mask) => {
        const seat = nineteen.toMove(state);
        if (seat === null) return;
        const view = nineteen.view(state, seat);
        if (view.phase !== 'discard') return;
        const keep = view.cards.filter((_, i) => (mask >> i) & 1);
        if (keep.length >= minKeepFor(seats) && keep.length <= 5) {
          const action = discardKeeping(view, [...keep].reverse());
          expect(nineteen.checkAction(state, action).ok).toBe(true);
          expect(action.cards.length).toBe(view.cards.length - keep.length);
        } else {
          expect(() => discardKeeping(view, keep)).toThrow(/N6: keep/);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a card not in the hand, or kept twice', () => {
    const state = nineteen.start(nineteen.randomSetup(2, 2, { shortSuit: false, reneging: false }));
    const view = nineteen.view(state, 0);
    const missing = ['2C', '3C', '4C'].find((card) => !view.cards.includes(card))!;
    expect(() => discardKeeping(view, [missing])).toThrow(/not in the hand/);
    expect(() => discardKeeping(view, [view.cards[0]!, view.cards[0]!])).toThrow(/twice/);
  });
});
