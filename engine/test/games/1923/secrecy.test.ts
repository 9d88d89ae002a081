/**
 * T15 (and R11): a view holds only what its viewer may know. States that differ only in cards
 * hidden from a seat give that seat identical views; states that differ in any card not yet
 * revealed give identical public views; and in a draw step a seat's view does not depend on the
 * choices made before it in the same step (T5).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_CODES, HIT, LOCK, cardOfCode, createRandom, nineteenTwentyThree as game, shuffled, type NineteenTwentyThreeState } from '../../../src/index.ts';
import { randomPrefix } from './script.ts';

/** Every card revealed so far: the finished rounds hold every card that was ever turned up (T10). */
function revealed(s: NineteenTwentyThreeState): Set<number> {
  const out = new Set<number>();
  for (const round of s.rounds) {
    for (const code of [...round.hands.flat(), ...round.drawOffs.flatMap((pass) => pass.cards)]) out.add(cardOfCode(code, s.setup.decks));
  }
  return out;
}

/** The cards `seat` has not seen (null: the cards no one has seen face up, i.e. not yet revealed). */
function hiddenFrom(s: NineteenTwentyThreeState, seat: number | null): number[] {
  const known = revealed(s);
  if (seat !== null) for (const card of s.hands[seat]!.slice(0, -1)) known.add(card);
  return Array.from({ length: 52 * s.setup.decks }, (_, card) => card).filter((card) => !known.has(card));
}

/** The state with the cards of `hidden` renamed among themselves (a shuffle, then a rotation by one), everywhere they appear. */
function renamed(s: NineteenTwentyThreeState, hidden: readonly number[], seed: number): NineteenTwentyThreeState {
  const order = shuffled(hidden, createRandom(seed));
  const map = new Map(order.map((card, i) => [card, order[(i + 1) % order.length]!]));
  const rename = (card: number) => map.get(card) ?? card;
  const copy = game.clone(s);
  return {
    ...copy,
    setup: { ...s.setup, shoe: s.setup.shoe.map((code) => CARD_CODES[rename(cardOfCode(code, s.setup.decks))]!) },
    shoe: s.shoe.map(rename),
    hands: s.hands.map((hand) => hand.map(rename)),
    piles: s.piles.map((pile) => pile.map(rename)),
  };
}

const prefix = fc.record({
  deal: fc.nat(),
  actions: fc.nat(),
  decisions: fc.nat({ max: 120 }),
  seats: fc.integer({ min: 2, max: 9 }),
  perm: fc.nat(),
});

describe('1923 view secrecy (T4, T15)', () => {
  it('gives a seat identical views of states that differ only in cards hidden from it, its own hole card included', () => {
    let renamedSome = 0;
    fc.assert(
      fc.property(prefix, fc.nat(8), ({ deal, actions, decisions, seats, perm }, seatPick) => {
        const s = randomPrefix(deal, actions, seats, decisions);
        const seat = seatPick % seats;
        const hidden = hiddenFrom(s, seat);
        if (hidden.length < 2) return;
        const other = renamed(s, hidden, perm);
        // The control: the states really differ, and the spectator (who sees all) can tell.
        expect(game.spectatorView(other)).not.toEqual(game.spectatorView(s));
        expect(game.view(other, seat)).toEqual(game.view(s, seat));
        renamedSome++;
      }),
      { numRuns: 300 },
    );
    expect(renamedSome).toBeGreaterThan(150);
  });

  it('gives identical public views of states that differ in any card not yet revealed', () => {
    fc.assert(
      fc.property(prefix, ({ deal, actions, decisions, seats, perm }) => {
        const s = randomPrefix(deal, actions, seats, decisions);
        const hidden = hiddenFrom(s, null);
        if (hidden.length < 2) return;
        const other = renamed(s, hidden, perm);
        expect(game.spectatorView(other)).not.toEqual(game.spectatorView(s));
        expect(game.publicView(other)).toEqual(game.publicView(s));
      }),
      { numRuns: 300 },
    );
  });

  it('never names a hole card, nor another seat’s seen card, in a seat view; the spectator view names them all', () => {
    fc.assert(
      fc.property(prefix, ({ deal, actions, decisions, seats }) => {
        const s = randomPrefix(deal, actions, seats, decisions);
        const spectator = game.spectatorView(s);
        for (let seat = 0; seat < seats; seat++) {
          const text = JSON.stringify(game.view(s, seat));
          spectator.hands.forEach((hand, owner) => {
            if (hand.hole !== null) expect(text).not.toContain(`"${hand.hole}"`);
            if (owner !== seat) for (const code of hand.seen) expect(text).not.toContain(`"${code}"`);
          });
        }
        const cardsInPlay = spectator.hands.reduce((n, hand) => n + hand.seen.length + (hand.hole === null ? 0 : 1), 0);
        expect(cardsInPlay).toBe(spectator.players.reduce((n, player) => n + player.cards, 0));
      }),
      { numRuns: 200 },
    );
  });
});

describe('1923 simultaneous choices (T5)', () => {
  it('shows each seat of a step the same view however the seats before it in that step chose', () => {
    let compared = 0;
    fc.assert(
      fc.property(prefix, fc.nat(), fc.nat(), ({ deal, actions, decisions, seats }, choicesA, choicesB) => {
        const s = randomPrefix(deal, actions, seats, decisions);
        // Go on to the start of a step: nobody has chosen in it yet.
        while (game.toMove(s) !== null && s.pending.some((choice) => choice !== 0)) game.apply(s, LOCK);
        if (game.toMove(s) === null) return;
        const a = game.clone(s);
        const b = game.clone(s);
        const coinA = createRandom(choicesA);
        const coinB = createRandom(choicesB);
        while (game.toMove(a) !== null && a.step === s.step && a.round === s.round) {
          const seat = game.toMove(a)!;
          expect(game.toMove(b)).toBe(seat);
          expect(game.view(a, seat)).toEqual(game.view(b, seat));
          expect(game.publicView(a)).toEqual(game.publicView(b));
          compared++;
          game.apply(a, coinA.int(2) === 0 ? HIT : LOCK);
          game.apply(b, coinB.int(2) === 0 ? HIT : LOCK);
        }
      }),
      { numRuns: 300 },
    );
    expect(compared).toBeGreaterThan(300);
  });
});
