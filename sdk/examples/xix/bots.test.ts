/**
 * The bundled bots and the template: they always answer a legal action (R12: anything else
 * forfeits) and they are deterministic given the seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { xix } from '@xix/engine';
import type { Bot } from '../../src/bot.ts';
import { playGame } from '../../test/play.ts';
import { sampleState } from '../../test/states.ts';
import template from '../../templates/bot.ts';
import heuristic from './heuristic.ts';
import random from './random.ts';
import tutorial from '../tutorial.ts';

const bots: readonly (readonly [string, Bot])[] = [
  ['random', random],
  ['heuristic', heuristic],
  ['tutorial', tutorial],
  ['template', template],
];
const states = fc.tuple(fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 200 }));

describe.each(bots)('the %s bot', (_, bot) => {
  it('answers a legal action in any reachable state', () => {
    fc.assert(
      fc.property(states, ([deal, moves, steps]) => {
        const view = sampleState(deal, moves, steps).toMove;
        if (view === null) return;
        bot.onGameStart?.({ seat: view.seat, seed: deal });
        const answer = bot.decide(view);
        expect(view.legalActions).toContainEqual(answer);
      }),
      { numRuns: 500 },
    );
  });

  it('plays whole games without a forfeit, identically from the same seed', () => {
    for (let seed = 0; seed < 20; seed++) {
      const first = playGame([bot, random], seed);
      expect(first.forfeit).toBeNull();
      expect(playGame([bot, random], seed)).toEqual(first);
    }
  });
});

describe('the random bot', () => {
  it('gives both seats their own stream in self-play, so the game is the same replayed', () => {
    const a = playGame([random, random], 5);
    const b = playGame([random, random], 5);
    expect(a).toEqual(b);
    expect(xix.randomSetup(5, 2)).toEqual(xix.randomSetup(5, 2));
  });
});
