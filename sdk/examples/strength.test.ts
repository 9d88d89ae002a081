/**
 * A bounded strength check: the heuristic must beat random in more than 55% of 200 mirrored
 * games (100 deals, each played twice with seats swapped). Both bots are seeded, so the figure
 * is deterministic; it fails if a change weakens the heuristic (its full measure is ~94% over
 * 2,000 games: `npx node sdk/scripts/measure.ts`).
 */
import { describe, expect, it } from 'vitest';
import { playMirrored } from '../scripts/match.ts';
import heuristic from './heuristic.ts';
import random from './random.ts';

describe('the heuristic bot', () => {
  it('beats random in more than 55% of 200 mirrored games, without a forfeit', () => {
    const m = playMirrored(heuristic, random, 100, 20_000);
    expect(m.forfeits).toEqual([0, 0]);
    expect(m.wins[0] / m.games).toBeGreaterThan(0.55);
  });
});
