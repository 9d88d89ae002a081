import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nineteenTwentyThree, xix } from '@xix/engine';
import { entrantInSeat, rotatedGame, seatPlayers, seatingOf, seatsOfEntrant, tableSizeFor, type Seating } from './seat-rotation.ts';
import { partnershipNim } from '../test/partnership-nim.ts';

const onePerSeat = (k: number): Seating => Array.from({ length: k }, (_, seat) => [seat]);

describe('rotatedGame', () => {
  it('for two entrants at two seats is the mirrored pair: deal floor(i/2) (seed + deal without a deal key), A in seat i mod 2', () => {
    expect([0, 1, 2, 3, 4, 5].map((i) => rotatedGame(40, onePerSeat(2), i))).toEqual([
      { deal: 0, dealSeed: 40, rotation: 0, entrantBySeat: [0, 1] },
      { deal: 0, dealSeed: 40, rotation: 1, entrantBySeat: [1, 0] },
      { deal: 1, dealSeed: 41, rotation: 0, entrantBySeat: [0, 1] },
      { deal: 1, dealSeed: 41, rotation: 1, entrantBySeat: [1, 0] },
      { deal: 2, dealSeed: 42, rotation: 0, entrantBySeat: [0, 1] },
      { deal: 2, dealSeed: 42, rotation: 1, entrantBySeat: [1, 0] },
    ]);
  });

  it('with one seat an entrant is the arithmetic stored series were played with: bot i in seat (i + r) mod k', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9 }), fc.nat({ max: 200 }), fc.nat({ max: 2 ** 40 }), (k, index, seed) => {
        const g = rotatedGame(seed, onePerSeat(k), index);
        expect(g).toEqual({ deal: Math.floor(index / k), dealSeed: seed + Math.floor(index / k), rotation: index % k, entrantBySeat: Array.from({ length: k }, (_, seat) => (seat - (index % k) + k) % k) });
      }),
    );
  });

  it('plays each deal E times, each entrant once in each group of seats, A in group r in rotation r', () => {
    const seatings: Seating[] = [[[0, 2], [1, 3]], [[0, 3], [1, 4], [2, 5]], [[0, 2, 4], [1, 3, 5]], [[0], [1, 2]], ...[1, 2, 3, 5].map(onePerSeat)];
    fc.assert(
      fc.property(fc.constantFrom(...seatings), fc.integer({ min: 0, max: 50 }), fc.nat({ max: 2 ** 40 }), (seating, deal, seed) => {
        const entrants = seating.length;
        const games = Array.from({ length: entrants }, (_, r) => rotatedGame(seed, seating, deal * entrants + r));
        expect(games.every((g) => g.deal === deal && g.dealSeed === seed + deal)).toBe(true);
        if (deal > 0) expect(rotatedGame(seed, seating, deal * entrants - 1).deal).toBe(deal - 1);
        for (let entrant = 0; entrant < entrants; entrant++) {
          const played = games.map((g) => JSON.stringify(seatsOfEntrant(entrant, g.rotation, seating)));
          expect(new Set(played).size).toBe(entrants);
          for (const g of games) {
            const seats = g.entrantBySeat.flatMap((e, seat) => (e === entrant ? [seat] : []));
            expect(seats).toEqual([...seatsOfEntrant(entrant, g.rotation, seating)].sort((a, b) => a - b));
            for (const seat of seats) expect(entrantInSeat(seat, g.rotation, seating)).toBe(entrant);
          }
        }
        for (const g of games) expect(seatsOfEntrant(0, g.rotation, seating)).toEqual(seating[g.rotation]);
      }),
    );
  });

  it('rejects a bad index or seed, and a series whose last deals pass the largest seed', () => {
    expect(() => rotatedGame(1, [], 0)).toThrow(/entrant/);
    expect(() => rotatedGame(1, onePerSeat(3), -1)).toThrow(/index/);
    expect(() => rotatedGame(1, onePerSeat(3), 0.5)).toThrow(/index/);
    expect(() => rotatedGame(-1, onePerSeat(3), 0)).toThrow(/seed/);
    expect(() => rotatedGame(Number.MAX_SAFE_INTEGER, onePerSeat(3), 3)).toThrow(/seed/);
  });
});

describe('seatingOf and tableSizeFor (issue 16 item 1: entrants, not seats)', () => {
  it('seats one entrant a seat by default, and a partnership game two entrants at four seats', () => {
    expect(seatingOf(xix, 2)).toEqual([[0], [1]]);
    expect(seatingOf(partnershipNim(), 4)).toEqual([[0, 2], [1, 3]]);
    expect(() => seatingOf(xix, 3)).toThrow(/2–2 seats, not 3/);
    expect(() => seatingOf({ ...xix, seating: () => [[0, 1], [1]] }, 2)).toThrow(/exactly one entrant/);
  });

  it('finds the table of an entrant count, or names the counts the game allows', () => {
    expect(tableSizeFor(xix, 2)).toBe(2);
    expect(tableSizeFor(nineteenTwentyThree, 5)).toBe(5);
    expect(tableSizeFor(partnershipNim(), 2)).toBe(2);
    expect(tableSizeFor(partnershipNim(), 2, 4)).toBe(4);
    expect(() => tableSizeFor(partnershipNim(), 4)).toThrow(/played by 2–3 entrants, not 4/);
    expect(() => tableSizeFor(partnershipNim(), 3, 4)).toThrow(/4 seats of nim seats 2 entrants, not 3/);
    expect(() => tableSizeFor(xix, 3)).toThrow(/xix is played by 2 entrants, not 3/);
  });
});

describe('seatPlayers (the sandbox host and playSeries build their tables with it)', () => {
  it('asks for a player for every seat, so a partnership gets one player per seat of its side', () => {
    const asked: string[] = [];
    const table = seatPlayers([[0, 2], [1, 3]], 1, (entrant, seat) => (asked.push(`${entrant}@${seat}`), `${'AB'[entrant]}${seat}`));
    expect(table).toEqual(['B0', 'A1', 'B2', 'A3']);
    expect(asked.sort()).toEqual(['0@1', '0@3', '1@0', '1@2']);
    expect(seatPlayers([[0], [1], [2]], 2, (entrant) => entrant)).toEqual([1, 2, 0]);
  });
});
