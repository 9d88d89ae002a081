/** 69's card facts, set legality, additions and claim arithmetic (S2, S3, S6, S8, S9), against the engine's own legal actions. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sixtyNine, type TableSetView } from '@xix/engine';
import { sixtyNineStateArbitrary } from '../../../test/sixty-nine-states.ts';
import { cardFacts, cardId, cardsToSteal, claimIsSafe, fittingCards, isLegalSet, setAdditions, wouldClaim } from './sets.ts';

describe('cardFacts', () => {
  it('S2: a 6 or 9 counts as either, a 0 as 0 or 10, a special as anything and has no suit', () => {
    expect(cardFacts('9B')).toEqual({ kind: 'number', suit: 'B', printed: 9, values: [6, 9] });
    expect(cardFacts('0F')).toEqual({ kind: 'number', suit: 'F', printed: 0, values: [0, 10] });
    expect(cardFacts('4A').values).toEqual([4]);
    expect(cardFacts('L2')).toEqual({ kind: 'lock', suit: null, printed: null, values: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10] });
    expect(cardFacts('X3').kind).toBe('scramble');
  });

  it('refuses what is not a card, saying which codes are', () => {
    expect(() => cardId('5G')).toThrow(/not a 69 card: "5G"/);
    expect(() => cardFacts('W4')).toThrow(RangeError);
  });
});

describe('isLegalSet', () => {
  it('S3: the rulings\' legal and illegal examples, and §3 scenario 1 ({9A, 9B} + {7C, 8D})', () => {
    for (const legal of [['5A', '6B', '7C'], ['6A', '9B', '6C'], ['8A', '9B', '0C'], ['W1', 'L2', 'X3'], ['3A', '5B', 'W1'], ['9A', '9B'], ['9A', '9B', '7C', '8D']]) expect(isLegalSet(legal), legal.join(' ')).toBe(true);
    for (const illegal of [['9A', '0B', '1C'], ['3A', '5B'], ['W1', 'W2', '5A'], ['2A', '3A', '4B'], ['1A', '1B', '1C', '1D', '1E', '1F', 'W1'], []]) expect(isLegalSet(illegal), illegal.join(' ')).toBe(false);
  });
});

describe('setAdditions', () => {
  it('S6, S8: exactly the additions the engine offers a seat, on its turn and on a steal chance', () => {
    fc.assert(
      fc.property(sixtyNineStateArbitrary, ({ state }) => {
        const seat = sixtyNine.toMove(state);
        if (seat === null) return;
        const view = sixtyNine.view(state, seat);
        if (view.decision === 'turn') {
          const plays = view.legalActions.filter((a) => a.type === 'play').map((a) => `${a.set}: ${a.cards.join(' ')}`).sort();
          const ours = view.table.flatMap((set, i) => (set.cards.length < 3 ? setAdditions(set.cards, view.hand).map((cards) => `${i}: ${cards.join(' ')}`) : [])).sort();
          expect(ours).toEqual(plays);
        }
        if (view.decision === 'steal' && view.legalActions.length > 1) {
          const set = view.table[view.chance!.set]!;
          const adds = view.legalActions.flatMap((a) => (a.type === 'add' && a.cards.length > 0 ? [a.cards.join(' ')] : [])).sort();
          expect(setAdditions(set.cards, view.hand).map((cards) => cards.join(' ')).sort()).toEqual(adds);
          expect(fittingCards(set.cards, view.hand)).toEqual(view.hand.filter((card) => adds.some((a) => a.split(' ').includes(card))));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('lists fewest cards first, each group in card order; nothing fits a full set', () => {
    expect(setAdditions(['3B', '4C'], ['5A', '2D', '8F'])).toEqual([['5A'], ['2D'], ['5A', '2D']].map((g) => g.sort((a, b) => cardId(a) - cardId(b))));
    expect(setAdditions(['1A', '1B', '1C', '1D', '1E', '1F'], ['W1'])).toEqual([]);
  });
});

describe('claim arithmetic', () => {
  const open = (cards: string[], claimCount: number, locked = false): TableSetView => ({ cards, claimant: 0, claimCount, locked });

  it('S8: a steal needs at least c cards, and room for them in the set (§3 scenario 2)', () => {
    const set = open(['3B', '4C', '5A'], 1);
    expect(cardsToSteal(set)).toBe(1);
    expect(wouldClaim(set, 1)).toBe(true);
    expect(wouldClaim(set, 0)).toBe(false);
    expect(wouldClaim(open(['3B', '4C', '5A', '6D'], 2), 1)).toBe(false);
  });

  it('S3, S8: three cards played onto one are safe, nobody can add three more (§3 scenario 3); six cards are taken at once (scenario 5)', () => {
    expect(claimIsSafe(['2A', '3B', '4C', '5D'], 3)).toBe(true);
    expect(cardsToSteal(open(['2A', '3B', '4C', '5D'], 3))).toBeNull();
    expect(claimIsSafe(['2A', '3B', '4C', '5D'], 2)).toBe(false);
    expect(claimIsSafe(['1A', '1B', '1C', '1D', '1E', '1F'], 1)).toBe(true);
  });

  it('S9: a set holding a Lock cannot be stolen (§3 scenario 4); a set nobody claims has no steal', () => {
    expect(claimIsSafe(['2A', '3B', 'L1'], 1)).toBe(true);
    expect(cardsToSteal(open(['2A', '3B', 'L1'], 1, true))).toBeNull();
    expect(wouldClaim(open(['2A', '3B', 'L1'], 1, true), 2)).toBe(false);
    expect(cardsToSteal({ cards: ['2A'], claimant: null, claimCount: null, locked: false })).toBeNull();
  });
});
