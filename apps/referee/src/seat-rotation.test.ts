import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { botInSeat, rotatedGame, seatOfBot } from './seat-rotation.ts';

describe('rotatedGame', () => {
  it('for two bots is the mirrored pair: deal seed + floor(i/2), A in seat i mod 2', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => rotatedGame(40, 2, i))).toEqual([
      { deal: 0, dealSeed: 40, rotation: 0, botBySeat: [0, 1] },
      { deal: 0, dealSeed: 40, rotation: 1, botBySeat: [1, 0] },
      { deal: 1, dealSeed: 41, rotation: 0, botBySeat: [0, 1] },
      { deal: 1, dealSeed: 41, rotation: 1, botBySeat: [1, 0] },
      { deal: 2, dealSeed: 42, rotation: 0, botBySeat: [0, 1] },
      { deal: 2, dealSeed: 42, rotation: 1, botBySeat: [1, 0] },
    ]);
  });

  it('plays each deal k times, each bot once in each seat, A in the seat of the rotation', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 0, max: 50 }), fc.nat({ max: 2 ** 40 }), (bots, deal, seed) => {
        const games = Array.from({ length: bots }, (_, r) => rotatedGame(seed, bots, deal * bots + r));
        expect(games.every((g) => g.deal === deal && g.dealSeed === seed + deal)).toBe(true);
        // Neighbours in the series are other deals.
        if (deal > 0) expect(rotatedGame(seed, bots, deal * bots - 1).deal).toBe(deal - 1);
        expect(rotatedGame(seed, bots, (deal + 1) * bots).deal).toBe(deal + 1);
        for (let bot = 0; bot < bots; bot++) {
          const seats = games.map((g) => g.botBySeat.indexOf(bot));
          expect(new Set(seats).size).toBe(bots);
          games.forEach((g) => expect(g.botBySeat[seatOfBot(bot, g.rotation, bots)]).toBe(bot));
        }
        for (const g of games) {
          expect([...g.botBySeat].sort((x, y) => x - y)).toEqual(Array.from({ length: bots }, (_, i) => i));
          expect(g.botBySeat[g.rotation]).toBe(0);
          g.botBySeat.forEach((bot, seat) => expect(botInSeat(seat, g.rotation, bots)).toBe(bot));
        }
      }),
    );
  });

  it('rejects a bad count, index or seed, and a series whose last deals pass the largest seed', () => {
    expect(() => rotatedGame(1, 0, 0)).toThrow(/bots/);
    expect(() => rotatedGame(1, 2.5, 0)).toThrow(/bots/);
    expect(() => rotatedGame(1, 3, -1)).toThrow(/index/);
    expect(() => rotatedGame(1, 3, 0.5)).toThrow(/index/);
    expect(() => rotatedGame(-1, 3, 0)).toThrow(/seed/);
    expect(() => rotatedGame(Number.MAX_SAFE_INTEGER, 3, 3)).toThrow(/seed/);
  });
});
