/**
 * The bundled 69 bots and the 69 template: they always answer a legal action (S18: anything else
 * forfeits, S19) in any reachable state at 2–6 seats, and are deterministic given the seed. Then a
 * bounded strength check of the heuristic against random, each deal in every seat rotation: heads
 * up it must win at least 75% of the games, and at 4 seats (one heuristic, three random) its whole
 * 95% interval of average place must lie ahead of the random bots' average place. Seeded, so the
 * figures are fixed: today 20 of 20 heads up, and at 4 seats an average place of 1.05 [1.00, 1.12]
 * against random's 2.94 over 40 games. The full measure is sdk/bench/strength-sixty-nine.ts (docs/bots.md).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sixtyNine } from '@xix/engine';
import { playMatch, playSeries, trustedPlayer } from '@xix/referee';
import type { SixtyNineBot } from '../../src/games/sixty-nine/bot.ts';
import { randomSixtyNineState } from '../../test/sixty-nine-states.ts';
import { measureInRotations } from '../../test/table.ts';
import template from '../../templates/sixty-nine/bot.ts';
import heuristic from './heuristic.ts';
import random from './random.ts';

const bots: readonly (readonly [string, SixtyNineBot])[] = [
  ['random', random],
  ['heuristic', heuristic],
  ['template', template],
];

/** One game of deal `seed` at `seats` seats: `bot` in the even seats, random in the odd ones. */
function playOnce(bot: SixtyNineBot, seats: number, seed: number) {
  const players = Array.from({ length: seats }, (_, seat) => trustedPlayer(seat % 2 === 0 ? bot : random, `seat ${seat}`));
  const { replay } = playMatch({ game: sixtyNine, setup: sixtyNine.randomSetup(seed, seats), seed, players });
  return { result: replay.result, forfeit: replay.forfeit, moves: replay.moves.map(({ seat, action }) => ({ seat, action })) };
}

describe.each(bots)('the 69 %s bot', (_, bot) => {
  it('answers a legal action in any reachable state of a 2–6 seat game: turns, steal chances, Scrambles, form steps (S6, S8, S12, S18)', () => {
    const kinds = new Set<string>();
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 6 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 300 }), (seats, deal, steps) => {
        const state = randomSixtyNineState(seats, deal, steps);
        const seat = sixtyNine.toMove(state);
        if (seat === null) return;
        bot.onGameStart?.({ seat, seed: deal });
        const view = sixtyNine.view(state, seat);
        kinds.add(view.decision!);
        const check = sixtyNine.checkAction(state, bot.decide(view));
        expect(check.ok ? null : check.reason).toBeNull();
      }),
      { numRuns: 200 },
    );
    expect([...kinds].sort()).toEqual(expect.arrayContaining(['steal', 'turn']));
  });

  it('plays whole games at 2–6 seats without a forfeit, identically from the same seed', () => {
    for (let seats = 2; seats <= 6; seats++) {
      const first = playOnce(bot, seats, seats);
      expect(first.forfeit).toBeNull();
      expect(playOnce(bot, seats, seats)).toEqual(first);
    }
  });
});

describe('the 69 heuristic bot against random', () => {
  it('heads up wins at least 75% of 20 games (10 deals, seats swapped), none forfeited (S15: the higher total wins)', () => {
    const summary = playSeries({ game: sixtyNine, games: 20, seed: 690, players: [trustedPlayer(heuristic, 'heuristic'), trustedPlayer(random, 'random')] });
    expect(summary.forfeits).toEqual([0, 0]);
    expect(summary.winRate).toBeGreaterThanOrEqual(0.75);
  });

  it('at 4 seats, one heuristic against three random, places ahead of random by a margin its 95% interval excludes (10 deals in every rotation)', () => {
    const m = measureInRotations(heuristic, random, 4, 10, 6_900, sixtyNine);
    expect(m.forfeits).toBe(0);
    expect(m.placeInterval.high).toBeLessThan(m.randomPlace);
  });
});
