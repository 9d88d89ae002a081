/** Card knowledge from a view (R10, R11, R11a), checked against the spectator's full truth. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xix } from '@xix/engine';
import { plainDeal, startFrom } from '../../../../engine/test/games/xix/script.ts';
import { sampleState } from '../../../test/states.ts';
import { myCards, opponentCardOdds, opponentPossibleCards, opponentUnknownCount, unlocatedCards, unseenCards } from './cards.ts';

const states = fc.tuple(fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 150 }));

describe('unseenCards', () => {
  it('at the deal is every card but my six', () => {
    const view = xix.view(xix.start(xix.parseSetup({ hands: [[1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12]], strikeRow: [13, 14, 15, 16, 17], discard: 18, firstLeader: 0 })), 0);
    expect(unseenCards(view)).toEqual([7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18]);
    expect(myCards(view)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(opponentUnknownCount(view)).toBe(6);
  });

  it('keeps a card seen and then lost track of out of unseen, but in unlocated (R11, R11a)', () => {
    // Seat 0 puts its closed 2 face down (exchange 1); seat 1 trades it into its closed hand
    // (exchange 3), so seat 0 follows it; then seat 1 puts one of several closed cards face down.
    const following = 'p1 p7 a k7 k1 t2@2 p8 p3 a k3 k8 t3@0 p9 p15 a k9 k15 t10@2';
    const known = xix.view(startFrom(plainDeal(0), following), 0);
    expect(known.opponent.closedKnown).toEqual([2]);
    expect(unlocatedCards(known)).not.toContain(2);
    expect(opponentCardOdds(known).get(2)).toBe(1);
    const lost = xix.view(startFrom(plainDeal(0), `${following} p15 p1 a k1 k15 t11@4`), 0);
    expect(lost.opponent.closedKnown).toEqual([]);
    expect(unseenCards(lost)).not.toContain(2);
    expect(unlocatedCards(lost)).toContain(2);
    expect(opponentPossibleCards(lost)).toContain(2);
  });

  it('holds only cards that are hidden from the seat, always including the discard (R11)', () => {
    fc.assert(
      fc.property(states, ([deal, moves, steps]) => {
        const { views, truth } = sampleState(deal, moves, steps);
        for (const view of views) {
          const opponent = truth.hands[1 - view.seat]!;
          const hiddenFromMe = new Set([
            ...opponent.closed.filter((c) => !view.opponent.closedKnown.includes(c)),
            ...truth.strikeRow.filter((s, i) => view.strikeRow[i]!.card === null).map((s) => s.card),
            truth.discard,
          ]);
          const unseen = unseenCards(view);
          expect(unseen).toContain(truth.discard);
          for (const c of unseen) expect(hiddenFromMe.has(c)).toBe(true);
          // R11a: cards I lost track of are unlocated though not unseen; unlocated = all hidden.
          expect(unlocatedCards(view)).toEqual([...hiddenFromMe].sort((a, b) => a - b));
          for (const c of unseen) expect(unlocatedCards(view)).toContain(c);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('the opponent’s possible cards', () => {
  it('include every card it holds, and the odds add up to its hand size', () => {
    fc.assert(
      fc.property(states, ([deal, moves, steps]) => {
        const { views, truth } = sampleState(deal, moves, steps);
        for (const view of views) {
          const actual = truth.hands[1 - view.seat]!;
          const possible = opponentPossibleCards(view);
          for (const c of [...actual.closed, ...actual.open]) expect(possible).toContain(c);
          const odds = opponentCardOdds(view);
          const sum = [...odds.values()].reduce((a, b) => a + b, 0);
          expect(sum).toBeCloseTo(actual.closed.length + actual.open.length, 9);
          for (const c of view.opponent.open) expect(odds.get(c)).toBe(1);
        }
      }),
      { numRuns: 300 },
    );
  });
});
