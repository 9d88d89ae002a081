/**
 * The bundled 1923 bots and the 1923 template: they always answer a legal action (R12, T17:
 * anything else forfeits) at every table size, and they are deterministic given the seed.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { HIT, LOCK, createRandom, nineteenTwentyThree as game } from '@xix/engine';
import type { NineteenTwentyThreeBot } from '../../src/games/1923/bot.ts';
import { playTable } from '../../test/table.ts';
import template from '../../templates/1923/bot.ts';
import heuristic from './heuristic.ts';
import random from './random.ts';

const bots: readonly (readonly [string, NineteenTwentyThreeBot])[] = [
  ['random', random],
  ['heuristic', heuristic],
  ['template', template],
];
const states = fc.tuple(fc.integer({ min: 2, max: 9 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 150 }));

describe.each(bots)('the 1923 %s bot', (_, bot) => {
  it('answers a legal action in any reachable state of a 2–9 seat game (T5, T16)', () => {
    fc.assert(
      fc.property(states, ([seats, deal, moves, steps]) => {
        const s = game.start(game.randomSetup(deal, seats));
        const coin = createRandom(moves);
        for (let i = 0; i < steps && game.toMove(s) !== null; i++) game.apply(s, coin.int(2) === 0 ? HIT : LOCK);
        const seat = game.toMove(s);
        if (seat === null) return;
        const view = game.view(s, seat);
        bot.onGameStart?.({ seat, seed: deal });
        expect(view.legalActions).toContainEqual(bot.decide(view));
      }),
      { numRuns: 300 },
    );
  });

  it('plays whole games at 2, 5 and 9 seats without a forfeit, identically from the same seed', () => {
    for (const seats of [2, 5, 9]) {
      for (let seed = 0; seed < 4; seed++) {
        const table = Array.from({ length: seats }, (_, seat) => (seat === seed % seats ? bot : random));
        const first = playTable(table, seed);
        expect(first.forfeit).toBeNull();
        expect(playTable(table, seed)).toEqual(first);
      }
    }
  });
});
