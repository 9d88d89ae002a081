/**
 * R11: a seat's view holds only what the seat may know. Two states that differ only in cards
 * hidden from a seat must give that seat identical views.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xix } from '../../../src/index.ts';
import { hiddenFrom, permutationOf, prefixWithSightings, renameCards } from './hidden-cards.ts';

describe('view secrecy (R11)', () => {
  it('gives a seat identical views of states that differ only in cards hidden from it', () => {
    let permutedSomething = 0;
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat({ max: 160 }), fc.constantFrom(0 as const, 1 as const), fc.nat(), (deal, actions, steps, seat, perm) => {
        const { state, seen } = prefixWithSightings(deal, actions, steps);
        const rename = permutationOf(hiddenFrom(state, seen, seat), perm);
        if (rename === null) return;
        const other = renameCards(state, rename);
        // The control: the two states really differ, and a spectator (who sees all) can tell.
        expect(xix.spectatorView(other)).not.toEqual(xix.spectatorView(state));
        expect(xix.view(other, seat)).toEqual(xix.view(state, seat));
        permutedSomething++;
      }),
      { numRuns: 400 },
    );
    expect(permutedSomething).toBeGreaterThan(300);
  });

  it('never shows a seat the discard or an unknown face-down card, in view or history', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.nat({ max: 160 }), (deal, actions, steps) => {
        const { state } = prefixWithSightings(deal, actions, steps);
        const view = xix.view(state, 0);
        const text = JSON.stringify(view);
        expect(text).not.toContain('discard');
        for (const [slot, card] of state.row.entries()) {
          const faceUp = (state.rowFaceUp & (1 << slot)) !== 0;
          const knows = (state.known[0] & (1 << card)) !== 0;
          expect(view.strikeRow[slot]!.card).toBe(faceUp || knows ? card : null);
        }
        for (const event of view.history) {
          if (event.type === 'trade' && event.seat === 1 && event.from === 'closed') expect(event.card).toBeNull();
        }
      }),
      { numRuns: 200 },
    );
  });
});
