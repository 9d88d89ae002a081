/** Nineteen's cards for bots (N3, N11, N19), on the engine's card rules. */
import { describe, expect, it } from 'vitest';
import { cardNumber, cardRank, cardSuit, isTrumpCard, sortCards, suitAs, trumpOrder } from './cards.ts';

describe('cards', () => {
  it('N11: ranks 2..A as 0..12; suits as printed', () => {
    expect(['2C', '10D', 'JH', 'QS', 'AS'].map(cardRank)).toEqual([0, 8, 9, 10, 12]);
    expect(['2C', '10D', 'QH', 'AS'].map(cardSuit)).toEqual(['C', 'D', 'H', 'S']);
  });

  it('N11: the trumps from the strongest, A K Q J … 2', () => {
    expect(trumpOrder('S', false)).toEqual(['AS', 'KS', 'QS', 'JS', '10S', '9S', '8S', '7S', '6S', '5S', '4S', '3S', '2S']);
  });

  it('N19: with the short suit Q♥ is the third trump and no heart; with hearts trump it is simply the third', () => {
    expect(trumpOrder('S', true).slice(0, 4)).toEqual(['AS', 'KS', 'QH', 'QS']);
    expect(trumpOrder('S', true)).toHaveLength(14);
    expect(trumpOrder('H', true)).toEqual(trumpOrder('H', false));
    expect(suitAs('QH', 'S', true)).toBe('S');
    expect(suitAs('QH', 'S', false)).toBe('H');
    expect(isTrumpCard('QH', 'C', true)).toBe(true);
    expect(isTrumpCard('QH', 'C', false)).toBe(false);
    expect(isTrumpCard('KH', 'C', true)).toBe(false);
  });

  it('N22: sorts as hands and discards are sorted, suits C D H S then ranks 2..A', () => {
    expect(sortCards(['AS', '2C', '10H', 'JH', '3D', 'QC'])).toEqual(['2C', 'QC', '3D', '10H', 'JH', 'AS']);
  });

  it('refuses what is not a card or a suit', () => {
    expect(() => cardNumber('1S')).toThrow(/not a Nineteen card code/);
    expect(() => cardNumber('TS')).toThrow(/not a Nineteen card code/);
    expect(() => cardRank(7 as unknown as string)).toThrow(/not a Nineteen card code .*: number$/);
    expect(() => trumpOrder('X' as 'S', false)).toThrow(/not a suit/);
  });
});
