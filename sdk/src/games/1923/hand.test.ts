/** 1923 hand arithmetic (T2, T7, T8, T9), checked against the engine's own valuation. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CARD_CODES, decksFor, handValueOfCodes, nineteenTwentyThree } from '@xix/engine';
import { MAX_DECKS, nineteenTwentyThreeCardValue, handTotals, nineteenTwentyThreeHighCardValue, inWindow, rankIndex, valueOfHard } from './hand.ts';

describe('card values', () => {
  it('T2: 2–10 as printed, J Q K = 10, the ace 1; T9/T12: the ace 11 in draw-offs and war', () => {
    expect(['AS1', '2C1', '9D2', 'TH3', 'JS1', 'QC1', 'KD1'].map(nineteenTwentyThreeCardValue)).toEqual([1, 2, 9, 10, 10, 10, 10]);
    expect(['AS1', 'KD1', 'TH3', '7C2'].map(nineteenTwentyThreeHighCardValue)).toEqual([11, 10, 10, 7]);
  });

  it('T1: knows the decks of the largest table, as the engine counts them', () => {
    expect(MAX_DECKS).toBe(decksFor(nineteenTwentyThree.seats.max));
  });

  it('refuses what is not a card code (a fourth deck, a joker, a number)', () => {
    expect(() => rankIndex('AS4')).toThrow(/not a 1923 card code/);
    expect(() => nineteenTwentyThreeCardValue('XJ1')).toThrow(/not a 1923 card code/);
    expect(() => nineteenTwentyThreeCardValue(7 as unknown as string)).toThrow(/not a 1923 card code: number/);
  });
});

describe('handTotals', () => {
  it("T7's examples: A+A+9 → 21 soft, A+5+K → 26 (16 and 26 are equally near, the higher wins), A+8+K → 19 hard", () => {
    expect(handTotals(['AS1', 'AH1', '9C1'])).toEqual({ hard: 11, value: 21, soft: true });
    expect(handTotals(['AS1', '5H1', 'KC1'])).toEqual({ hard: 16, value: 26, soft: true });
    expect(handTotals(['AS1', '8H1', 'KC1'])).toEqual({ hard: 19, value: 19, soft: false });
    expect(handTotals(['TS1', '9H1', '4C1'])).toEqual({ hard: 23, value: 23, soft: false });
  });

  it('T7: valueOfHard agrees with the engine on any hand of up to 9 cards', () => {
    const hands = fc.array(fc.constantFrom(...CARD_CODES), { minLength: 1, maxLength: 9 });
    fc.assert(
      fc.property(hands, (cards) => {
        const aces = cards.filter((code) => code.startsWith('A')).length;
        const { hard, value } = handTotals(cards);
        expect(value).toBe(handValueOfCodes(cards));
        expect(valueOfHard(hard, aces)).toBe(value);
      }),
      { numRuns: 500 },
    );
  });
});

describe('inWindow', () => {
  it('T8: 19..23 inclusive', () => {
    expect([17, 18, 19, 21, 23, 24].map(inWindow)).toEqual([false, false, true, true, true, false]);
  });
});
