/** What a seat can work out (S17): the cards it has not seen are exactly the other hands and the deck; the open and incomplete sets. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sixtyNine } from '@xix/engine';
import { sixtyNineStateArbitrary } from '../../../test/sixty-nine-states.ts';
import { incompleteSets, openSets, unseenThisRound } from './knowledge.ts';

describe('unseenThisRound, openSets, incompleteSets', () => {
  it('S17: the unseen cards are the other hands and the deck, nothing else; S8, S12: open sets are the claimed ones, every complete set outside a Scramble', () => {
    fc.assert(
      fc.property(sixtyNineStateArbitrary, ({ state, seats }) => {
        const truth = sixtyNine.spectatorView(state);
        for (let seat = 0; seat < seats; seat++) {
          const view = sixtyNine.view(state, seat);
          const hidden = [...truth.hands.flatMap((hand, other) => (other === seat ? [] : hand)), ...truth.deck];
          expect(new Set(unseenThisRound(view))).toEqual(new Set(hidden));
          expect(unseenThisRound(view)).toHaveLength(hidden.length);
          // while a Scramble is used its complete sets are not claimed yet (S12)
          if (view.decision === 'turn' || view.decision === 'steal') expect(openSets(view)).toEqual(view.table.flatMap((set, i) => (set.cards.length >= 3 ? [i] : [])));
          expect(openSets(view, seat).every((i) => view.table[i]!.claimant === seat)).toBe(true);
        }
        const view = sixtyNine.publicView(state);
        for (const action of sixtyNine.toMove(state) === null ? [] : sixtyNine.legalActions(state)) if (action.type === 'play') expect(incompleteSets(view)).toContain(action.set);
      }),
      { numRuns: 100 },
    );
  });
});
