/**
 * Deal seeds (issue 19): under a deal key no published seed tells another deal. A replay gives its
 * deal's seed; the next deal of the series must not follow from it (it did: `seed + 1`). For every
 * registered game, so a game added later is checked too.
 */
import { describe, expect, it } from 'vitest';
import { GAMES, entrantsAt, resolveOptions } from '@xix/engine';
import { dealSeed } from './deal-seed.ts';
import { rotatedGame, seatingOf } from './seat-rotation.ts';

const KEY = 'a secret deal key';

describe('dealSeed', () => {
  it('without a key is seed + deal (local play, series stored before deal keys)', () => {
    expect([0, 1, 2].map((deal) => dealSeed(40, deal))).toEqual([40, 41, 42]);
    expect(dealSeed(40, 1, '')).toBe(41);
  });

  it('under a key is a safe integer that depends only on seed + deal and the key', () => {
    const seeds = Array.from({ length: 50 }, (_, deal) => dealSeed(1000, deal, KEY));
    for (const seed of seeds) expect(Number.isSafeInteger(seed) && seed >= 0).toBe(true);
    // a job resumed at deal f starts at seed + f and keeps every deal's seed
    expect(dealSeed(1000 + 7, 3, KEY)).toBe(seeds[10]);
    // the same key gives the same deals (a tournament's tables); another key, other deals
    expect(dealSeed(1000, 4, KEY)).toBe(seeds[4]);
    expect(dealSeed(1000, 4, 'another key')).not.toBe(seeds[4]);
    // no two deals share a seed, and no step between them repeats: nothing to extrapolate from
    expect(new Set(seeds).size).toBe(seeds.length);
    const steps = seeds.slice(1).map((seed, deal) => seed - seeds[deal]!);
    expect(new Set(steps).size).toBe(steps.length);
    expect(() => dealSeed(-1, 0, KEY)).toThrow(/seed/);
  });
});

describe.each([...GAMES.values()].map((game) => [game.id, game] as const))('the deals of a %s series under a deal key', (_id, game) => {
  it('share a seed within a deal, and the seed of one deal does not give the next', () => {
    const seats = game.seats.min;
    const seating = seatingOf(game, seats);
    const options = resolveOptions(game, seats);
    const entrants = entrantsAt(game, seats);
    const first = rotatedGame(77, seating, 0, KEY);
    const twin = rotatedGame(77, seating, entrants - 1, KEY);
    const next = rotatedGame(77, seating, entrants, KEY);
    expect([first.deal, twin.deal, next.deal]).toEqual([0, 0, 1]);
    expect(twin.dealSeed).toBe(first.dealSeed);
    const nextDeal = JSON.stringify(game.randomSetup(next.dealSeed, seats, options));
    // what anyone holding the first replay's seed could compute, near it: none is the next deal
    for (let step = -3; step <= 3; step++) {
      if (first.dealSeed + step < 0) continue;
      expect(JSON.stringify(game.randomSetup(first.dealSeed + step, seats, options))).not.toBe(nextDeal);
    }
  });
});
