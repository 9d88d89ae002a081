/**
 * T9: the referee's replay records every short-shoe lot in its setup ("so a game can be
 * re-simulated from its setup alone, by any engine"): the setup at the end of the game, not the
 * one it started from.
 */
import { nineteenTwentyThree as game, parseReplay, replayStates, verifyReplay, type NineteenTwentyThreeSetup, type NineteenTwentyThreeState, type Replay } from '@xix/engine';
import { defineNineteenTwentyThreeBot } from '@xix/sdk';
import { describe, expect, it } from 'vitest';
import { playMatch } from './match.ts';
import { trustedPlayer } from './trusted-player.ts';

/** Hits or locks by the round, the step and the seat: varied play, the same every time. */
const mixedBot = defineNineteenTwentyThreeBot({ decide: (view) => view.legalActions[(view.round + view.step + view.seat) % view.legalActions.length]! });
// The trusted player hands any game's views through untouched, whatever bot type it is declared with.
const mixed = mixedBot as unknown as Parameters<typeof trustedPlayer>[0];

/** The first 3-seat game from seed 0 on whose play needed a lot. */
function refereedGameWithLot(): { replay: Replay; lotWinners: number[] } {
  for (let seed = 0; seed < 500; seed++) {
    const players = [0, 1, 2].map((seat) => trustedPlayer(mixed, `mixed ${seat}`));
    const { replay } = playMatch({ game, setup: game.randomSetup(seed, 3), seed, players });
    const run = replayStates(game, replay);
    if (!run.ok) throw new Error(run.reason);
    const lotWinners = game.spectatorView(run.state as NineteenTwentyThreeState).rounds.filter((round) => round.lot !== null).map((round) => round.winner);
    if (lotWinners.length > 0) return { replay: parseReplay(JSON.parse(JSON.stringify(replay))), lotWinners };
  }
  throw new Error('no game needed a lot');
}

describe('playMatch records the lots of 1923 (T9)', () => {
  it('a game that needed a lot has it in setup.lots; without it the replay does not verify', () => {
    const { replay, lotWinners } = refereedGameWithLot();
    const setup = replay.setup as NineteenTwentyThreeSetup;
    expect(setup.lots).toEqual(lotWinners);
    expect(verifyReplay(replay)).toEqual({ ok: true, result: replay.result, moves: replay.moves.length });
    expect(verifyReplay({ ...replay, setup: { ...setup, lots: [] } })).toMatchObject({ ok: false, reason: expect.stringMatching(/setup\.lots is \[\]/) });
  });
});
