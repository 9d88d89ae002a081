/** The SDK's in-process match runner: mirrored deals, forfeits (R12), the Wilson interval. */
import { describe, expect, it } from 'vitest';
import { defineBot } from '../src/bot.ts';
import random from '../examples/random.ts';
import { playGame, playMirrored, wilsonInterval } from './match.ts';

const illegal = defineBot({ decide: () => ({ type: 'raise' }) });
const throws = defineBot({
  decide: () => {
    throw new Error('boom');
  },
});

describe('playGame', () => {
  it('forfeits a bot that answers an illegal action or throws (R12)', () => {
    const game = playGame([illegal, random], 3);
    expect(game.forfeit).toMatchObject({ seat: 0, reason: expect.stringContaining('it is time to play a card') });
    expect(game.result).toMatchObject({ winner: 1, reason: 'forfeit' });
    expect(playGame([random, throws], 3).forfeit).toMatchObject({ seat: 1, reason: 'threw: Error: boom' });
  });
});

describe('playMirrored', () => {
  it('plays each deal twice, seats swapped, and counts per bot', () => {
    const m = playMirrored(random, illegal, 5, 1);
    expect(m.games).toBe(10);
    expect(m.wins).toEqual([10, 0]);
    expect(m.forfeits).toEqual([0, 10]);
  });
});

describe('wilsonInterval', () => {
  it('matches the textbook figures', () => {
    const { low, high } = wilsonInterval(60, 100);
    expect(low).toBeCloseTo(0.5020, 4);
    expect(high).toBeCloseTo(0.6906, 4);
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(10, 10).high).toBe(1);
  });
});
