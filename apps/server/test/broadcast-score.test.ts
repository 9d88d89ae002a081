/**
 * The broadcast's score line (the live page and /api/broadcasts show it beside the move): read from
 * a public view's usual fields, whatever the game, and readable when a score is below zero.
 */
import { describe, expect, it } from 'vitest';
import { createRandom, findGame, type NineteenTwentyThreePublicView } from '@xix/engine';
import { GENERIC_BROADCAST } from '../src/games/policy.ts';
import { broadcastPolicy } from '../src/games/registry.ts';

describe('the generic broadcast score', () => {
  it('reads scores, points or totals by seat or side', () => {
    expect(GENERIC_BROADCAST.score({ scores: [6, 10] })).toBe('6–10');
    expect(GENERIC_BROADCAST.score({ points: [0, 19, 4] })).toBe('0–19–4');
    expect(GENERIC_BROADCAST.score({ totals: [23, 41] })).toBe('23–41');
  });

  it('spaces a score below zero and gives it a minus sign, not a hyphen after the dash', () => {
    expect(GENERIC_BROADCAST.score({ scores: [11, -3] })).toBe('11 – −3');
  });

  it('has no score for a view without one', () => {
    expect(GENERIC_BROADCAST.score({ scores: [] })).toBeNull();
    expect(GENERIC_BROADCAST.score({ scores: ['11'] })).toBeNull();
    expect(GENERIC_BROADCAST.score(null)).toBeNull();
  });
});

describe("1923's broadcast score", () => {
  it('is the cards each seat has won, which its public view shows face up', () => {
    const game = findGame('1923')!;
    const random = createRandom(5);
    const state = game.start(game.randomSetup(5, 3));
    while (game.toMove(state) !== null) {
      const legal = game.legalActions(state);
      game.apply(state, legal[random.int(legal.length)]!);
    }
    const view = game.publicView(state) as NineteenTwentyThreePublicView;
    const won = view.players.map((player) => player.pile.length);
    expect(won.reduce((sum, n) => sum + n, 0)).toBeGreaterThan(0);
    expect(broadcastPolicy('1923').score(view)).toBe(won.join('–'));
    expect(GENERIC_BROADCAST.score(view)).toBeNull();
  });
});
