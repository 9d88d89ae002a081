/** Counting the shoe (T1, T10, T15) from a seat's view, checked against the spectator's truth. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HIT, LOCK, RANKS, createRandom, nineteenTwentyThree as game } from '@xix/engine';
import { scripted, startFrom } from '../../../../engine/test/games/1923/script.ts';
import { handTotals } from './hand.ts';
import { handValueOdds, seenCards, shoeComposition, unseenRankCounts } from './shoe.ts';

const byRank = (codes: readonly string[]): number[] => Array.from(RANKS, (rank) => codes.filter((code) => code[0] === rank).length);

describe('shoeComposition', () => {
  it('T1: 4 cards of each rank per deck, 1–3 decks', () => {
    expect(shoeComposition(1)).toEqual(new Array(13).fill(4));
    expect(shoeComposition(3).reduce((a, b) => a + b, 0)).toBe(156);
    expect(() => shoeComposition(4)).toThrow(/1–3 decks/);
    expect(() => shoeComposition(1.5)).toThrow(/1–3 decks/);
  });
});

describe('unseenRankCounts', () => {
  it('T4: at the deal a seat has seen only its first card; its hole card counts as unseen', () => {
    const s = startFrom(scripted({ seats: 2, firstSeat: 0, top: ['TS1', 'AH1', '9C1', 'KD1'] }));
    const view = game.view(s, 0);
    expect(view.seen).toEqual(['TS1']);
    expect(unseenRankCounts(view)).toEqual(byRank(['TS1']).map((n) => 4 - n));
  });

  it('T10, T15: the seen cards are every pile and my seen cards; the unseen ones are the shoe, the hole cards and the others\' hands', () => {
    const seatsAndSeeds = fc.tuple(fc.integer({ min: 2, max: 9 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 120 }));
    fc.assert(
      fc.property(seatsAndSeeds, ([seats, deal, moves, steps]) => {
        const s = game.start(game.randomSetup(deal, seats));
        const random = createRandom(moves);
        for (let i = 0; i < steps && game.toMove(s) !== null; i++) game.apply(s, random.int(2) === 0 ? HIT : LOCK);
        const seat = game.toMove(s) ?? 0;
        const view = game.view(s, seat);
        const truth = game.spectatorView(s);
        // Truth: the shoe, every hole card and the other seats' seen cards.
        const hidden = [...truth.shoeCards, ...truth.hands.flatMap((hand, other) => [...(hand.hole === null ? [] : [hand.hole]), ...(other === seat ? [] : hand.seen)])];
        const inFront = view.players.reduce((sum, player) => sum + player.cards, 0);
        expect(unseenRankCounts(view)).toEqual(byRank(hidden));
        expect(unseenRankCounts(view).reduce((a, b) => a + b, 0)).toBe(view.shoe + inFront - view.seen.length);
        expect(seenCards(view).length + hidden.length).toBe(52 * view.decks);
      }),
      { numRuns: 300 },
    );
  });
});

describe('handValueOdds', () => {
  it('T7: with one card left to draw, each value has the share of the cards that make it', () => {
    // 10 seen; unseen: one ace, two nines, one king. A → 21 (T7, 11 + 10), 9 → 19, K → 20.
    const unseen = byRank(['AS1', '9C1', '9D1', 'KH1']);
    expect(handValueOdds(['TS1'], unseen, 1)).toEqual(new Map([[21, 0.25], [19, 0.5], [20, 0.25]]));
  });

  it('draws without replacement, exactly: the odds match counting every ordered draw', () => {
    const unseenCards = ['AS1', 'AH1', '5C1', '9C1', 'KH1', 'QD1', '2S1'];
    const counted = new Map<number, number>();
    let orders = 0;
    for (let i = 0; i < unseenCards.length; i++) {
      for (let j = 0; j < unseenCards.length; j++) {
        if (i === j) continue;
        const { value } = handTotals(['7S1', unseenCards[i]!, unseenCards[j]!]);
        counted.set(value, (counted.get(value) ?? 0) + 1);
        orders++;
      }
    }
    const odds = handValueOdds(['7S1'], byRank(unseenCards), 2);
    expect([...odds.keys()].sort()).toEqual([...counted.keys()].sort());
    for (const [value, n] of counted) expect(odds.get(value)).toBeCloseTo(n / orders, 12);
  });

  it('refuses impossible draws and malformed counts', () => {
    const unseen = byRank(['AS1', '9C1']);
    expect(() => handValueOdds([], unseen, 3)).toThrow(/can draw 0–2 unseen cards/);
    expect(() => handValueOdds([], [1, 2], 1)).toThrow(/13 non-negative whole counts/);
    expect(() => handValueOdds([], unseen.map((n) => -n - 1), 0)).toThrow(/13 non-negative whole counts/);
  });
});
