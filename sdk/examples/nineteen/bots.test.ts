/**
 * The bundled Nineteen bots and the Nineteen template: they always answer a legal action (N18:
 * anything else forfeits) at every table size and with every rule option, and they are
 * deterministic given the seed. Then a bounded strength check of the heuristic against random:
 * heads up and in a 4-seat partnership (one entrant plays both seats of its side, each seat its
 * own player, N1, N21). The full measure is sdk/bench/strength-nineteen.ts (docs/bots.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nineteen, resolveOptions } from '@xix/engine';
import { playMatch, playSeries, trustedPlayer } from '@xix/referee';
import type { NineteenBot } from '../../src/games/nineteen/bot.ts';
import { randomState } from '../../test/nineteen-states.ts';
import template from '../../templates/nineteen/bot.ts';
import heuristic from './heuristic.ts';
import random from './random.ts';

const bots: readonly (readonly [string, NineteenBot])[] = [
  ['random', random],
  ['heuristic', heuristic],
  ['template', template],
];
const states = fc.tuple(fc.integer({ min: 2, max: 6 }), fc.boolean(), fc.boolean(), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 200 }));

/** One game of deal `seed` at `seats` seats: `bot` in the even seats, random in the odd ones. */
function playOnce(bot: NineteenBot, seats: number, seed: number, options: { shortSuit: boolean; reneging: boolean }) {
  const players = Array.from({ length: seats }, (_, seat) => trustedPlayer(seat % 2 === 0 ? bot : random, `seat ${seat}`));
  const setup = nineteen.randomSetup(seed, seats, resolveOptions(nineteen, seats, options));
  const { replay } = playMatch({ game: nineteen, setup, seed, players });
  return { result: replay.result, forfeit: replay.forfeit, moves: replay.moves.map(({ seat, action }) => ({ seat, action })) };
}

describe.each(bots)('the Nineteen %s bot', (_, bot) => {
  it('answers a legal action in any reachable state of a 2–6 seat game, with any options (N10, N19, N20, N22)', () => {
    fc.assert(
      fc.property(states, ([seats, shortSuit, reneging, deal, steps]) => {
        const state = randomState(seats, shortSuit, reneging, deal, steps);
        const seat = nineteen.toMove(state);
        if (seat === null) return;
        bot.onGameStart?.({ seat, seed: deal });
        expect(nineteen.checkAction(state, bot.decide(nineteen.view(state, seat))).ok).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('plays whole games at 2–6 seats without a forfeit, identically from the same seed', () => {
    for (let seats = 2; seats <= 6; seats++) {
      const options = { shortSuit: seats % 2 === 0, reneging: seats > 3 };
      const first = playOnce(bot, seats, seats, options);
      expect(first.forfeit).toBeNull();
      expect(playOnce(bot, seats, seats, options)).toEqual(first);
    }
  });
});

describe('the Nineteen heuristic bot against random', () => {
  // Measured (docs/bots.md) it wins 999 of 1,000 games heads up and all 1,000 at 4 seats; the bound
  // sits far below, so only a real weakening fails it.
  it.each([
    [2, 'heads up'],
    [4, 'in a 4-seat partnership, one entrant a side'],
  ])('at %i seats (%s) wins at least 75%% of 20 games, none forfeited', (seats) => {
    const side = (bot: NineteenBot, name: string) => (seats === 2 ? trustedPlayer(bot, name) : [trustedPlayer(bot, `${name} 1`), trustedPlayer(bot, `${name} 2`)]);
    const summary = playSeries({ game: nineteen, games: 20, seed: 900, seats, players: [side(heuristic, 'heuristic'), side(random, 'random')] });
    expect(summary.forfeits).toEqual([0, 0]);
    expect(summary.winRate).toBeGreaterThanOrEqual(0.75);
  });
});
