/**
 * Bounded strength checks over 200 mirrored games (100 deals, each played twice with seats
 * swapped). Both bots are seeded, so the figures are deterministic (186 and 164 wins today); the
 * thresholds sit far enough below them to survive harmless changes and fail on a real weakening.
 * The full measure over 2,000 games is `npx xix play sdk/examples/heuristic.ts sdk/examples/random.ts --games 2000 --seed 1`.
 */
import { describe, expect, it } from 'vitest';
import { playMirrored } from '../../test/play.ts';
import heuristic from './heuristic.ts';
import random from './random.ts';
import tutorial from '../tutorial.ts';

describe('the heuristic bot', () => {
  it('beats random in more than 80% of 200 mirrored games, without a forfeit', () => {
    const m = playMirrored(heuristic, random, 100, 20_000);
    expect(m.forfeits).toEqual([0, 0]);
    expect(m.wins[0] / m.games).toBeGreaterThan(0.8);
  });
});

describe('the tutorial bot (docs/sdk.md)', () => {
  it('beats random in more than 65% of 200 mirrored games, as the tutorial promises', () => {
    const m = playMirrored(tutorial, random, 100, 20_000);
    expect(m.wins[0] / m.games).toBeGreaterThan(0.65);
  });
});
