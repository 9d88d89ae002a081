/**
 * S17, S18: a view holds only what its viewer may know. States that differ only in cards hidden
 * from a seat (other hands, the deck) give that seat identical views; states that differ in any
 * card not face up give identical public views; and a forced move shows only in its own seat's view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, shuffled, sixtyNine as game, type SixtyNineState } from '../../../src/index.ts';
import { randomPrefix } from './script.ts';

/** The cards hidden from `seat` (null: from every seat) in the round in play: other hands and the deck. */
function hiddenCards(s: SixtyNineState, seat: number | null): number[] {
  const hidden = s.deck.slice(s.top);
  s.hands.forEach((hand, owner) => {
    if (owner !== seat) hidden.push(...hand);
  });
  return hidden;
}

/** The state with the cards hidden from `seat` renamed among themselves, or null when fewer than two are. */
function renamed(s: SixtyNineState, seat: number | null, seed: number): SixtyNineState | null {
  const hidden = hiddenCards(s, seat);
  if (hidden.length < 2) return null;
  const order = shuffled(hidden, createRandom(seed));
  const map = new Map(order.map((card, i) => [card, order[(i + 1) % order.length]!]));
  const rename = (card: number): number => map.get(card) ?? card;
  const copy = game.clone(s);
  copy.deck = [...s.deck.slice(0, s.top), ...s.deck.slice(s.top).map(rename)];
  copy.hands = s.hands.map((hand, owner) => (owner === seat ? hand.slice() : hand.map(rename).sort((a, b) => a - b)));
  return copy;
}

const states = fc.record({ seed: fc.nat(10_000), actions: fc.nat(10_000), seats: fc.integer({ min: 2, max: 6 }), steps: fc.nat(400), rename: fc.nat() });

describe('69 secrecy (S17, S18)', () => {
  it('gives a seat the same view whatever the cards hidden from it are', () => {
    fc.assert(
      fc.property(states, fc.nat(5), ({ seed, actions, seats, steps, rename }, seatPick) => {
        const s = randomPrefix(seed, actions, seats, steps);
        const seat = seatPick % seats;
        const other = renamed(s, seat, rename);
        if (other === null) return;
        expect(game.view(other, seat)).toEqual(game.view(s, seat));
      }),
      { numRuns: 60 },
    );
  });

  it('gives the same public view whatever the cards in hands and the deck are', () => {
    fc.assert(
      fc.property(states, ({ seed, actions, seats, steps, rename }) => {
        const s = randomPrefix(seed, actions, seats, steps);
        const other = renamed(s, null, rename);
        if (other === null) return;
        expect(game.publicView(other)).toEqual(game.publicView(s));
      }),
      { numRuns: 60 },
    );
  });

  it('notices a renamed card of the seat’s own hand (the property can fail)', () => {
    const s = randomPrefix(3, 4, 4, 5);
    const seat = game.toMove(s)!;
    const copy = game.clone(s);
    const hand = copy.hands[seat]!;
    const outside = copy.deck[copy.deck.length - 1]!;
    copy.deck[copy.deck.length - 1] = hand[0]!;
    hand[0] = outside;
    hand.sort((a, b) => a - b);
    expect(game.view(copy, seat)).not.toEqual(game.view(s, seat));
  });

  it('shows no hand but the seat’s own, nor the deck, and every hand once the round is over', () => {
    const s = randomPrefix(8, 9, 3, 60);
    const view = game.view(s, 1) as unknown as Record<string, unknown>;
    expect(Object.keys(view)).not.toContain('hands');
    expect(Object.keys(view)).not.toContain('deck');
    expect(Object.keys(game.publicView(s))).not.toContain('hand');
    const finished = randomPrefix(8, 9, 3);
    const round = game.publicView(finished).rounds[0]!;
    expect(round.hands.map((hand) => hand.length)).toEqual(finished.past[0]!.hands.map((hand) => hand.length));
  });

  it('marks forced moves in the mover’s own view only (S18)', () => {
    const s = randomPrefix(12, 13, 4, 300);
    expect(s.forced.length).toBeGreaterThan(0);
    for (let seat = 0; seat < 4; seat++) {
      expect(game.view(s, seat).forced).toEqual(s.forced.filter((record) => record.seat === seat));
    }
    expect(game.publicView(s)).not.toHaveProperty('forced');
  });
});
