/**
 * The search bot answers legally in any reachable state (R12: anything else forfeits), spends
 * no more than its budget (counted in work, not wall time), and plays whole games.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom } from '@xix/engine';
import { playGame } from '../../test/play.ts';
import { sampleState } from '../../test/states.ts';
import random from '../../examples/xix/random.ts';
import { createSearchBot } from './bot.ts';
import { DEAL_COST, searchAction, type SearchResult } from './ismcts.ts';

const states = fc.tuple(fc.nat({ max: 2 ** 31 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 250 }));

describe('the search bot', () => {
  it('answers one of the legal actions in any reachable state', () => {
    const bot = createSearchBot({ budget: 3_000 });
    fc.assert(
      fc.property(states, ([deal, moves, steps]) => {
        const view = sampleState(deal, moves, steps).toMove;
        if (view === null) return;
        bot.onGameStart?.({ seat: view.seat, seed: deal });
        expect(view.legalActions).toContainEqual(bot.decide(view));
      }),
      { numRuns: 300 },
    );
  });

  it('answers legally with views copied as plain JSON, as the sandbox passes them', () => {
    const bot = createSearchBot({ budget: 3_000 });
    for (let i = 0; i < 50; i++) {
      const view = sampleState(i, i + 1, (i * 5) % 120).toMove;
      if (view === null) continue;
      const copy = JSON.parse(JSON.stringify(view)) as typeof view;
      expect(copy.legalActions).toContainEqual(bot.decide(copy));
    }
  });

  it('stops within its budget: work never exceeds it by more than one iteration', () => {
    // One iteration simulates at most the rest of this exchange and the next one: ~70 actions of
    // at most 31 choices each.
    const oneIteration = DEAL_COST + 18 + 70 * 32;
    for (const budget of [500, 5_000, 20_000]) {
      for (let i = 0; i < 30; i++) {
        const view = sampleState(1000 + i, i, (i * 7) % 150).toMove;
        if (view === null || view.legalActions.length === 1) continue;
        const result = searchAction(view, createRandom(i), { budget, exploration: 0.7 });
        expect(result.work).toBeGreaterThanOrEqual(budget);
        expect(result.work).toBeLessThan(budget + oneIteration);
      }
    }
  });

  it('does more iterations for a larger budget, and none when only one action is legal', () => {
    const view = sampleState(7, 7, 3).toMove!;
    const small = searchAction(view, createRandom(1), { budget: 2_000, exploration: 0.7 });
    const large = searchAction(view, createRandom(1), { budget: 20_000, exploration: 0.7 });
    expect(large.iterations).toBeGreaterThan(5 * small.iterations);
    const results: SearchResult[] = [];
    const bot = createSearchBot({ budget: 2_000, onSearch: (r) => results.push(r) });
    for (let seed = 0; seed < 4; seed++) playGame([bot, bot], seed);
    expect(results.some((r) => r.iterations === 0)).toBe(true); // e.g. the last pick of a draft
    expect(results.every((r) => r.work < 2_000 + DEAL_COST + 18 + 70 * 32)).toBe(true);
  });

  it('stops at a time budget when given a clock', () => {
    let ticks = 0;
    const view = sampleState(11, 3, 2).toMove!;
    // A fake clock that advances one "ms" per reading: 10 ms allow about 10 readings.
    const result = searchAction(view, createRandom(2), { budget: 10_000_000, exploration: 0.7, timeMs: 10, now: () => ticks++ });
    expect(result.iterations).toBeLessThan(32 * 12);
    expect(result.iterations).toBeGreaterThan(0);
  });

  it('plays whole games without a forfeit, identically from the same seed', () => {
    const bot = createSearchBot({ budget: 2_000 });
    for (let seed = 0; seed < 5; seed++) {
      const first = playGame([bot, random], seed);
      expect(first.forfeit).toBeNull();
      expect(playGame([bot, random], seed)).toEqual(first);
    }
  });

  it('refuses bad options with a clear message', () => {
    expect(() => createSearchBot({ budget: 0 })).toThrow(/budget must be a positive integer/);
    expect(() => createSearchBot({ exploration: -1 })).toThrow(/exploration/);
    expect(() => createSearchBot({ timeMs: 5 })).toThrow(/needs a clock/);
  });
});
