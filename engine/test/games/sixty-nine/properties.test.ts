/** The invariants of RULINGS-sixty-nine §3 over random games at 2–6 seats, checked at every decision. */
import { describe, expect, it } from 'vitest';
import { createRandom, isLegalSixtyNineSet, sixtyNine as game, type SixtyNineState } from '../../../src/index.ts';

const SEEDS = [1, 2, 3];
const SEAT_COUNTS = [2, 3, 4, 5, 6];

/** Plays random games, calling `check(before, after)` around every decision. */
function eachStep(check: (before: SixtyNineState, after: SixtyNineState) => void): void {
  for (const seats of SEAT_COUNTS) {
    for (const seed of SEEDS) {
      const random = createRandom(seed * 31 + seats);
      const s = game.start(game.randomSetup(seed, seats));
      while (game.toMove(s) !== null) {
        const before = game.clone(s);
        const legal = game.legalActions(s);
        game.apply(s, legal[random.int(legal.length)]!);
        check(before, s);
      }
    }
  }
}

const cardsOut = (s: SixtyNineState): number[] => [...s.deck.slice(s.top), ...s.hands.flat(), ...s.table.flat(), ...s.captured.flat()];

describe('69 invariants over random games (§3)', () => {
  it('accounts for all 69 cards once each, and keeps every table set legal, with no complete set at a turn', () => {
    eachStep((_, s) => {
      if (game.toMove(s) === null) return;
      const cards = cardsOut(s).sort((a, b) => a - b);
      expect(cards).toEqual(Array.from({ length: 69 }, (_, card) => card));
      for (const set of s.table) {
        expect(set.length).toBeLessThanOrEqual(6);
        expect(isLegalSixtyNineSet(set)).toBe(true);
      }
      if (game.publicView(s).decision === 'turn') expect(s.table.every((set) => set.length < 3)).toBe(true);
    });
  });

  it('only shrinks hands within a round, and shrinks deck + hands on every turn', () => {
    eachStep((before, after) => {
      if (after.round !== before.round || game.toMove(after) === null) return;
      after.hands.forEach((hand, seat) => expect(hand.length).toBeLessThanOrEqual(before.hands[seat]!.length));
      const size = (s: SixtyNineState) => s.deck.length - s.top + s.hands.reduce((n, hand) => n + hand.length, 0);
      if (game.publicView(before).decision === 'turn') expect(size(after)).toBeLessThan(size(before));
    });
  });

  it('changes totals only at a round’s end, never downward, by the round’s scores (all ≥ 0)', () => {
    eachStep((before, after) => {
      if (after.past.length === before.past.length) {
        expect(after.totals).toEqual(before.totals);
        return;
      }
      const record = after.past[before.past.length]!;
      record.scores.forEach((score, seat) => {
        expect(score).toBeGreaterThanOrEqual(0);
        expect(record.totals[seat]).toBe(before.totals[seat]! + score);
      });
    });
  });

  it('moves a claim only on an addition of at least c cards to an unlocked set', () => {
    eachStep((before, after) => {
      const view = game.publicView(after);
      const fresh = view.events.slice(before.round === after.round ? before.events.length : 0);
      const table = game.publicView(before).table;
      for (const e of fresh) {
        if (e.type !== 'add' || before.round !== after.round) continue;
        const set = table[e.set];
        if (set === undefined) continue; // a set after a capture in the same step: positions moved
        expect(e.claims).toBe(!set.locked && e.cards.length > 0 && e.cards.length >= set.claimCount! && !set.cards.some((c) => c.startsWith('L')));
        break; // later additions of the step see a changed table
      }
    });
  });

  it('rearranges exactly the table’s cards into legal sets; keep changes nothing', () => {
    let rearranged = 0;
    eachStep((before, after) => {
      if (before.round !== after.round) return;
      for (const e of game.publicView(after).events.slice(before.events.length)) {
        if (e.type === 'rearrange') {
          rearranged++;
          const old = game.publicView(before).table.flatMap((set) => set.cards).sort();
          expect(e.sets.flat().sort()).toEqual(old);
          expect(e.sets.every((set) => set.length <= 6)).toBe(true);
        }
        if (e.type === 'keep') expect(game.publicView(after).events.some((x) => x.type === 'rearrange' && before.events.indexOf(x) < 0)).toBe(false);
      }
    });
    expect(rearranged).toBeGreaterThan(0);
  });

  it('judges legality alike in legalActions, checkAction and apply', () => {
    const s = game.start(game.randomSetup(4, 4));
    const random = createRandom(4);
    for (let step = 0; step < 60 && game.toMove(s) !== null; step++) {
      const legal = game.legalActions(s);
      for (const action of legal) expect(game.checkAction(s, JSON.parse(JSON.stringify(action)))).toEqual({ ok: true, action });
      const bad = { type: 'play', set: 0, cards: ['W1', 'W2'] };
      const check = game.checkAction(s, bad);
      if (!check.ok) expect(() => game.apply(game.clone(s), bad as never)).toThrow(check.reason);
      game.apply(s, legal[random.int(legal.length)]!);
    }
  });
});
