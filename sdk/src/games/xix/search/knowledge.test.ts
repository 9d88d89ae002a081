/**
 * Determinization (R11, R11a): the sampled deals never put a card where the seat knows it is not,
 * and the real deal is always among the deals the seat considers possible.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, xix, type Card, type XixSeatView, type XixSpectatorView } from '@xix/engine';
import { plainDeal, startFrom } from '../../../../../engine/test/games/xix/script.ts';
import { sampleState } from '../../../../test/states.ts';
import { DISCARD, OPP_CLOSED, hiddenCards, mayBe, slotPlace } from './knowledge.ts';
import { sampleHidden, type HiddenDeal } from './sample.ts';

/** Where `card` really is, as a place bit (0 when it is not hidden from the seat). */
function truePlace(truth: XixSpectatorView, view: XixSeatView, card: Card): number {
  if (truth.discard === card) return DISCARD;
  if (truth.hands[1 - view.seat]!.closed.includes(card)) return OPP_CLOSED;
  const slot = truth.strikeRow.findIndex((s) => s.card === card);
  return slot >= 0 && !truth.strikeRow[slot]!.faceUp ? slotPlace(slot) : 0;
}

/** Every card the seat has seen: located now or named in its history. A seen card is never the discard. */
function seenCards(view: XixSeatView): Set<Card> {
  const seen = new Set<Card>([...view.hand.closed, ...view.hand.open, ...view.opponent.open, ...view.opponent.closedKnown, ...view.pool]);
  for (const slot of view.strikeRow) if (slot.card !== null) seen.add(slot.card);
  for (const e of view.history) {
    if (e.type === 'play' || e.type === 'pick') seen.add(e.card);
    if (e.type === 'trade') for (const c of [e.card, e.took]) if (c !== null) seen.add(c);
  }
  return seen;
}

function placesOf(deal: HiddenDeal, view: XixSeatView): Map<Card, number> {
  const at = new Map<Card, number>(deal.opponentClosed.map((c) => [c, OPP_CLOSED]));
  view.strikeRow.forEach((slot, i) => {
    if (slot.card === null) at.set(deal.slots[i]!, slotPlace(i));
  });
  at.set(deal.discard, DISCARD);
  return at;
}

const states = fc.tuple(fc.nat({ max: 2 ** 31 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 250 }), fc.boolean());

describe('hiddenCards and sampleHidden', () => {
  it('always count the real deal among the possible ones, and sample only deals the seat cannot rule out', () => {
    fc.assert(
      fc.property(states, ([deal, moves, steps, other]) => {
        const sample = sampleState(deal, moves, steps);
        if (sample.toMove === null) return;
        const view = sample.views[other ? 1 - sample.toMove.seat : sample.toMove.seat]!;
        const hidden = hiddenCards(view);
        const seen = seenCards(view);
        expect(hidden.traced).toBe(true);
        // Soundness: each hidden card may be where it really is.
        for (const card of hidden.cards) expect(mayBe(hidden, card, truePlace(sample.truth, view, card))).toBe(true);
        expect(hidden.cards.length).toBe(hidden.opponentUnknown + hidden.unknownSlots.length + 1);
        const random = createRandom(moves);
        for (let i = 0; i < 10; i++) {
          const dealt = sampleHidden(hidden, random);
          expect(dealt).not.toBeNull();
          const at = placesOf(dealt!, view);
          expect(at.size).toBe(hidden.cards.length);
          for (const [card, place] of at) {
            expect(hidden.cards).toContain(card); // never a card the seat has located
            expect(mayBe(hidden, card, place)).toBe(true);
            if (place === DISCARD) expect(seen.has(card)).toBe(false); // R11: a seen card is not the discard
          }
        }
      }),
      { numRuns: 400 },
    );
  });

  it('follows a card through trades and keeps it where it may be after R11a', () => {
    // Seat 0 puts 2 face down in slot 0; seat 1 takes it (seat 0 knows its closed hand holds 2),
    // then trades one of its three closed cards face down to slot 3: 2 is in that hand or slot 3.
    const s = startFrom(plainDeal(0), 'p1 p7 a k7 k1 t2@0  p8 p13 a k8 k13 t9@0  p13 p10 a k10 k13');
    expect(xix.view(s, 0).opponent.closedKnown).toEqual([2]);
    xix.apply(s, { type: 'trade', card: 2, slot: 3 });
    const view = xix.view(s, 0);
    expect(view.opponent.closedKnown).toEqual([]);
    const hidden = hiddenCards(view);
    expect(hidden.cards).toContain(2);
    const random = createRandom(9);
    const seenAt = new Set<number>();
    for (let i = 0; i < 200; i++) seenAt.add(placesOf(sampleHidden(hidden, random)!, view).get(2)!);
    expect(seenAt).toEqual(new Set([OPP_CLOSED, slotPlace(3)]));
    // Seat 1 put 9 in slot 0 unseen: to seat 0 it is like any card it never saw, even the discard.
    expect(mayBe(hidden, 9, slotPlace(0))).toBe(true);
    expect(mayBe(hidden, 9, DISCARD)).toBe(true);
    expect(mayBe(hidden, 2, slotPlace(0))).toBe(false);
    expect(mayBe(hidden, 2, DISCARD)).toBe(false);
  });
});
