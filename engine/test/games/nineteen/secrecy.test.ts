/**
 * N21, N6, N22: a view holds only what its viewer may know. States that differ only in cards hidden
 * from a seat give that seat identical views (this hand's and every earlier hand's); states that
 * differ in any card no seat has seen face up give identical public views; while seats discard, no
 * seat's view depends on the discards made before its own; and a forced move shows only in its own
 * seat's view.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  NINETEEN_CARD_CODES as CODES,
  createRandom,
  nineteen as game,
  nineteenCardOfCode as cardOf,
  shuffled,
  type NineteenState,
} from '../../../src/index.ts';
import { randomPrefix } from './script.ts';

const ALL = Array.from({ length: 52 }, (_, card) => card);

/** This hand's cards `seat` has seen (null: the cards every seat has seen face up): played cards, flips, and its own. */
function knownNow(s: NineteenState, seat: number | null): Set<number> {
  const known = new Set<number>([...s.played, ...s.flipCards]);
  if (seat === null) return known;
  for (const card of [...s.cards[seat]!, ...s.dealt[seat]!, ...(s.discarded[seat] ?? []), ...(s.received[seat] ?? [])]) known.add(card);
  if (seat === s.bidder && s.trump >= 0) for (const card of s.kitty) known.add(card);
  return known;
}

/** An earlier hand's cards `seat` saw (null: every seat): played, flips, and its own. */
function knownThen(s: NineteenState, hand: number, seat: number | null): Set<number> {
  const past = s.past[hand]!;
  const known = new Set<number>([...past.played, ...past.flipCards]);
  if (seat === null) return known;
  for (const card of [...past.dealt[seat]!, ...(past.discarded[seat] ?? []), ...(past.received[seat] ?? [])]) known.add(card);
  if (seat === past.bidder) for (const card of past.kitty) known.add(card);
  return known;
}

/** A renaming of `hidden` among themselves: a shuffle, then each to the next. */
function renaming(hidden: readonly number[], seed: number): (card: number) => number {
  const order = shuffled(hidden, createRandom(seed));
  const map = new Map(order.map((card, i) => [card, order[(i + 1) % order.length]!]));
  return (card) => map.get(card) ?? card;
}

/**
 * The state with the cards hidden from `seat` (null: from every seat) renamed among themselves, in
 * this hand and in each earlier one, everywhere they appear. Returns null when too few are hidden.
 */
function renamed(s: NineteenState, seat: number | null, seed: number): NineteenState | null {
  const hiddenNow = ALL.filter((card) => !knownNow(s, seat).has(card));
  if (hiddenNow.length < 2) return null;
  const now = renaming(hiddenNow, seed);
  const byNumber = (a: number, b: number) => a - b;
  const copy = game.clone(s);
  const deck = s.deck.map(now);
  // Earlier hands: each renamed among the cards hidden from `seat` then (every other seat's own cards; the state keeps no earlier deck).
  const past = s.past.map((hand, h) => {
    const then = renaming(ALL.filter((card) => !knownThen(s, h, seat).has(card)), seed + h + 1);
    const other = <T extends number[] | readonly number[] | null>(cards: T, owner: number) => (cards === null || owner === seat ? cards : cards.map(then));
    return {
      ...hand,
      dealt: hand.dealt.map((cards, owner) => other(cards, owner)!),
      kitty: hand.bidder === seat ? hand.kitty : hand.kitty.map(then),
      discarded: hand.discarded.map((cards, owner) => other(cards, owner)),
      received: hand.received.map((cards, owner) => other(cards, owner)),
    };
  });
  return {
    ...copy,
    deck,
    past,
    // The views' records are made from `past` afresh.
    records: [],
    own: s.own.map(() => []),
    cards: s.cards.map((cards) => cards.map(now).sort(byNumber)),
    dealt: s.dealt.map((cards) => cards.map(now).sort(byNumber)),
    kitty: s.kitty.map(now),
    discarded: s.discarded.map((cards) => (cards === null ? null : cards.map(now).sort(byNumber))),
    received: s.received.map((cards) => (cards === null ? null : cards.map(now))),
  };
}

const prefix = fc.record({
  deal: fc.nat(),
  actions: fc.nat(),
  decisions: fc.nat({ max: 250 }),
  seats: fc.integer({ min: 2, max: 6 }),
  shortSuit: fc.boolean(),
  reneging: fc.boolean(),
  perm: fc.nat(),
});

const start = ({ deal, actions, decisions, seats, shortSuit, reneging }: { deal: number; actions: number; decisions: number; seats: number; shortSuit: boolean; reneging: boolean }) => randomPrefix(deal, actions, seats, { shortSuit, reneging }, decisions);

describe('Nineteen view secrecy (N21)', () => {
  it('gives a seat identical views of states that differ only in cards hidden from it, this hand’s and earlier hands’', () => {
    let renamedSome = 0;
    fc.assert(
      fc.property(prefix, fc.nat(5), (p, seatPick) => {
        const s = start(p);
        const seat = seatPick % p.seats;
        const other = renamed(s, seat, p.perm);
        if (other === null) return;
        // The control: the states really differ, and the spectator (who sees all) can tell.
        expect(game.spectatorView(other)).not.toEqual(game.spectatorView(s));
        expect(game.view(other, seat)).toEqual(game.view(s, seat));
        renamedSome++;
      }),
      { numRuns: 150 },
    );
    expect(renamedSome).toBeGreaterThan(100);
  });

  it('gives identical public views of states that differ in any card no seat has seen face up', () => {
    fc.assert(
      fc.property(prefix, (p) => {
        const s = start(p);
        const other = renamed(s, null, p.perm);
        if (other === null) return;
        expect(game.spectatorView(other)).not.toEqual(game.spectatorView(s));
        expect(game.publicView(other)).toEqual(game.publicView(s));
      }),
      { numRuns: 150 },
    );
  });

  it('never names, in the first hand, a card hidden from a seat in that seat’s view, nor one hidden from all in the public view', () => {
    fc.assert(
      fc.property(prefix, (p) => {
        const s = randomPrefix(p.deal, p.actions, p.seats, { shortSuit: p.shortSuit, reneging: p.reneging }, Math.min(p.decisions, 40));
        if (s.hand !== 1) return;
        for (const seat of [...Array.from({ length: p.seats }, (_, i) => i), null]) {
          const text = JSON.stringify(seat === null ? game.publicView(s) : game.view(s, seat));
          const known = knownNow(s, seat);
          for (const card of ALL) if (!known.has(card)) expect(text).not.toContain(`"${CODES[card]}"`);
        }
      }),
      { numRuns: 150 },
    );
  });
});

describe('Nineteen simultaneous discards (N6)', () => {
  it('shows each discarding seat, and the public, the same view however the seats before it discarded; hand sizes unchanged', () => {
    let compared = 0;
    fc.assert(
      fc.property(prefix, fc.nat(), fc.nat(), (p, choicesA, choicesB) => {
        const s = start(p);
        // Go on to the start of a discard: nobody has discarded yet.
        const random = createRandom(p.actions + 1);
        while (game.toMove(s) !== null && !(s.phase === 2 && s.discarded.every((d) => d === null))) {
          const legal = game.legalActions(s);
          game.apply(s, legal[random.int(legal.length)]!);
        }
        if (game.toMove(s) === null) return;
        const sizes = game.publicView(s).handSizes;
        const a = game.clone(s);
        const b = game.clone(s);
        const coinA = createRandom(choicesA);
        const coinB = createRandom(choicesB);
        while (a.phase === 2) {
          const seat = game.toMove(a)!;
          expect(game.toMove(b)).toBe(seat);
          expect(game.view(a, seat)).toEqual(game.view(b, seat));
          expect(game.publicView(a)).toEqual(game.publicView(b));
          expect(game.publicView(a).handSizes).toEqual(sizes);
          expect(game.publicView(a).hands.at(-1)!.discards).toBeNull();
          compared++;
          const legalA = game.legalActions(a);
          const legalB = game.legalActions(b);
          game.apply(a, legalA[coinA.int(legalA.length)]!);
          game.apply(b, legalB[coinB.int(legalB.length)]!);
        }
      }),
      { numRuns: 100 },
    );
    expect(compared).toBeGreaterThan(150);
  });
});

describe('Nineteen forced moves (N22)', () => {
  it('marks a forced move in its own seat’s view and the spectator’s, never in another seat’s or the public view', () => {
    fc.assert(
      fc.property(prefix, (p) => {
        const s = start(p);
        const spectator = game.spectatorView(s);
        expect(JSON.stringify(game.publicView(s))).not.toContain('forced');
        for (let seat = 0; seat < p.seats; seat++) expect(game.view(s, seat).forced).toEqual(spectator.forced.filter((move) => move.seat === seat));
      }),
      { numRuns: 100 },
    );
  });
});
