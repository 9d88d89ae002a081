/** What a seat knows of the hand in play (N5, N6, N7, N21), checked against the spectator's truth. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nineteen } from '@xix/engine';
import { stateArbitrary } from '../../../test/nineteen-states.ts';
import { handRules, sortCards, suitAs } from './cards.ts';
import { othersMayHold, playedThisHand, teammates, unseenThisHand, voidSuits } from './knowledge.ts';

describe('unseenThisHand and othersMayHold', () => {
  it('N21: unseen are exactly the other hands (flip cards aside), the kitty not taken by this seat, the stock and the others\' discards', () => {
    fc.assert(
      fc.property(stateArbitrary, fc.nat(5), ({ state, seats }, pick) => {
        const seat = pick % seats;
        const view = nineteen.view(state, seat);
        const truth = nineteen.spectatorView(state);
        if (view.phase === 'over') return;
        const hand = truth.hands.at(-1)!;
        const flips = new Set(hand.flips.map((flip) => flip.card));
        const hidden = [
          ...truth.seatCards.flatMap((cards, other) => (other === seat ? [] : cards.filter((card) => !flips.has(card)))),
          ...(truth.kitty > 0 ? truth.kittyCards : []),
          ...truth.stockCards,
          ...truth.own.flatMap((records, other) => (other === seat ? [] : (records.at(-1)!.discarded ?? []))),
        ];
        expect(sortCards(unseenThisHand(view))).toEqual(sortCards(hidden));
        const othersFlips = hand.flips.filter((flip) => flip.seat !== seat && truth.seatCards[flip.seat]!.includes(flip.card)).map((flip) => flip.card);
        expect(sortCards(othersMayHold(view))).toEqual(sortCards([...hidden, ...othersFlips]));
        // Conservation (§3): what this seat has seen and what it has not make the deck.
        expect(unseenThisHand(view).length + view.cards.length + playedThisHand(view).filter((card) => !view.cards.includes(card)).length).toBeLessThanOrEqual(52);
      }),
      { numRuns: 200 },
    );
  });
});

describe('voidSuits', () => {
  it('N10, N19, N20: a seat never holds a card of a suit its plays showed it lacks', () => {
    fc.assert(
      fc.property(stateArbitrary, fc.nat(5), fc.nat(5), ({ state, seats }, pick, other) => {
        const view = nineteen.view(state, pick % seats);
        const rules = handRules(view);
        const target = other % seats;
        const voids = voidSuits(view, target);
        expect(rules !== null || voids.length === 0).toBe(true);
        if (rules === null) return;
        const held = nineteen.spectatorView(state).seatCards[target]!;
        for (const suit of voids) {
          // a suit as the hand counts it: with shortSuit Q♥ is a trump, not a heart (N19), so a seat
          // that failed to follow hearts may still hold it
          const ofSuit = held.filter((card) => suitAs(card, rules.trump, rules.shortSuit) === suit);
          expect(ofSuit, `seat ${target} void in ${suit}`).toEqual([]);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('teammates', () => {
  it('N1: partners at 4 and 6 seats sit every other seat; nobody else has one', () => {
    const sample = (seats: number, seat: number): number[] => {
      const state = nineteen.start(nineteen.randomSetup(1, seats, { shortSuit: false, reneging: false }));
      return teammates(nineteen.view(state, seat));
    };
    expect(sample(4, 1)).toEqual([3]);
    expect(sample(6, 2)).toEqual([0, 4]);
    expect(sample(2, 0)).toEqual([]);
    expect(sample(5, 3)).toEqual([]);
  });
});
