/**
 * Bounded strength checks for the 1923 heuristic against random at 2, 5 and 9 seats, in seat
 * rotations (each deal once with the heuristic in every seat). Seeded, so the figures are
 * deterministic (today over these deals: 2 seats 93% of the wins, 5 seats 57%, 9 seats 41%, each
 * many standard errors above the fair share); the bounds below fail on a real weakening, not on a
 * harmless change. The full table is `npx node --no-node-snapshot sdk/bench/strength-1923.ts`
 * (docs/bots.md).
 */
import { describe, expect, it } from 'vitest';
import { measureInRotations } from '../../test/table.ts';
import heuristic from './heuristic.ts';
import random from './random.ts';

describe('the 1923 heuristic bot (T8: the best hand takes the round; T13: the most cards win)', () => {
  it.each([
    [2, 40],
    [5, 20],
    [9, 12],
  ])('at %i seats wins well above its fair share and places ahead of random, over %i deals', (seats, deals) => {
    const m = measureInRotations(heuristic, random, seats, deals, 7_000);
    expect(m.forfeits).toBe(0);
    // At least double the fair share, and the whole 95% interval above it.
    expect(m.winShare).toBeGreaterThan(Math.min(0.75, 2 / seats));
    expect(m.winInterval.low).toBeGreaterThan(1 / seats);
    expect(m.placeInterval.high).toBeLessThan(m.randomPlace);
  });
});
