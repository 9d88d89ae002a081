/**
 * The public view: what a live spectator sees (R11). It must hold nothing hidden from a seat, so
 * nothing hidden from every seat either, and be exactly what both seats' views have in common.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xix } from '../../../src/index.ts';
import { randomGame } from './random-games.ts';
import { cardsNamed, hiddenFrom, hiddenFromEverySeat, permutationOf, prefixWithSightings, renameCards } from './hidden-cards.ts';

const prefix = () => fc.tuple(fc.nat(), fc.nat(), fc.nat({ max: 160 }));

describe('public view secrecy (R11)', () => {
  // Cards hidden from both seats, then from either (a bit mask each): renaming them must not change the view.
  it.each([
    { cards: 'hidden from every seat (the discard, unseen face-down cards)', hidden: (a: number, b: number) => a & b, permutedMoreThan: 200 },
    { cards: 'hidden from either seat (closed hands too)', hidden: (a: number, b: number) => a | b, permutedMoreThan: 250 },
  ])('is the same for states that differ only in cards $cards', ({ hidden, permutedMoreThan }) => {
    let permuted = 0;
    fc.assert(
      fc.property(prefix(), fc.nat(), ([deal, actions, steps], perm) => {
        const { state, seen } = prefixWithSightings(deal, actions, steps);
        const rename = permutationOf(hidden(hiddenFrom(state, seen, 0), hiddenFrom(state, seen, 1)), perm);
        if (rename === null) return;
        const other = renameCards(state, rename);
        expect(xix.spectatorView(other)).not.toEqual(xix.spectatorView(state));
        expect(xix.publicView(other)).toEqual(xix.publicView(state));
        permuted++;
      }),
      { numRuns: 300 },
    );
    expect(permuted).toBeGreaterThan(permutedMoreThan);
  });

  it('names only cards both seats have seen: played, drafted, open or face up (R8, R10)', () => {
    fc.assert(
      fc.property(prefix(), ([deal, actions, steps]) => {
        const { state, seen } = prefixWithSightings(deal, actions, steps);
        const view = xix.publicView(state);
        expect(cardsNamed(view) & ~(seen[0] & seen[1])).toBe(0);
        // The same through the seat views of the moment; the discard is always among the hidden.
        expect(cardsNamed(view) & hiddenFromEverySeat(state)).toBe(0);
        expect(hiddenFromEverySeat(state) & (1 << state.setup.discard)).not.toBe(0);
        expect(JSON.stringify(view)).not.toContain('discard');
      }),
      { numRuns: 300 },
    );
  });
});

describe('public view contents (R11)', () => {
  it('is what both seat views have in common: the table, open hands, closed counts, face-up slots', () => {
    fc.assert(
      fc.property(prefix(), ([deal, actions, steps]) => {
        const { state } = prefixWithSightings(deal, actions, steps);
        const view = xix.publicView(state);
        const seatViews = [xix.view(state, 0), xix.view(state, 1)] as const;
        for (const [seat, seatView] of seatViews.entries()) {
          const { seat: _seat, hand, opponent, strikeRow, legalActions: _legal, history, ...table } = seatView;
          const { hands, strikeRow: publicRow, history: publicHistory, ...publicTable } = view;
          expect(publicTable).toEqual(table);
          expect(hands[seat]).toEqual({ open: hand.open, closedCount: hand.closed.length });
          expect(hands[1 - seat]).toEqual({ open: opponent.open, closedCount: opponent.closedCount });
          publicRow.forEach((slot, i) => expect(slot).toEqual({ faceUp: strikeRow[i]!.faceUp, card: slot.faceUp ? strikeRow[i]!.card : null }));
          // Each move is public as the seat that did not make it saw it (R9, R11).
          publicHistory.forEach((event, i) => {
            if (event.seat !== seat) expect(event).toEqual(history[i]);
          });
        }
      }),
      { numRuns: 300 },
    );
  });

  it('shows a trade of a closed card without the card, and a face-down strike card taken without the card (R9)', () => {
    let trades = 0;
    fc.assert(
      fc.property(fc.nat(), fc.nat(), (deal, actions) => {
        const expected: { card: number | null; took: number | null }[] = [];
        const end = randomGame(deal, actions, ({ before, action }) => {
          if (action.type !== 'trade') return;
          const fromClosed = (before.closed[before.toMove as 0 | 1] & (1 << action.card)) !== 0;
          const slotFaceUp = (before.rowFaceUp & (1 << action.slot)) !== 0;
          expected.push({ card: fromClosed ? null : action.card, took: slotFaceUp ? before.row[action.slot]! : null });
        });
        const shown = xix.publicView(end).history.flatMap((event) => (event.type === 'trade' ? [{ card: event.card, took: event.took }] : []));
        expect(shown).toEqual(expected);
        trades += expected.length;
      }),
      { numRuns: 200 },
    );
    expect(trades).toBeGreaterThan(0);
  });
});
