/** Seeded bot randomness: the same seed and seat give the same stream. */
import { describe, expect, it } from 'vitest';
import { botRandom, pick } from './random.ts';

const draws = (seed: number, seat: number, salt = 0): number[] => {
  const r = botRandom(seed, seat, salt);
  return Array.from({ length: 8 }, () => r.int(1000));
};

describe('botRandom', () => {
  it('is deterministic per seed and seat', () => {
    expect(draws(42, 1)).toEqual(draws(42, 1));
  });

  it('gives each seat, seed and salt its own stream', () => {
    expect(draws(42, 0)).not.toEqual(draws(42, 1));
    expect(draws(42, 0)).not.toEqual(draws(43, 0));
    expect(draws(42, 0, 1)).not.toEqual(draws(42, 0));
  });

  it('rejects bad seeds and seats', () => {
    expect(() => botRandom(-1, 0)).toThrow('seed must be a non-negative safe integer, got -1');
    expect(() => botRandom(1, 0.5)).toThrow('seat must be a non-negative integer');
  });
});

describe('pick', () => {
  it('picks an element and refuses an empty list', () => {
    expect(['a', 'b', 'c']).toContain(pick(['a', 'b', 'c'], botRandom(1, 0)));
    expect(() => pick([], botRandom(1, 0))).toThrow('cannot pick from an empty list');
  });
});
