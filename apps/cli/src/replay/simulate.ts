/**
 * Steps through a replay with the engine, one recorded move at a time, stopping at the first
 * move that is not the right seat's or not legal (the same checks as verifyReplay, which says
 * whether the whole record is consistent).
 */
import type { AnyGame, Replay, ReplayMove } from '@xix/engine';

export type Step = { readonly index: number; readonly move: ReplayMove; readonly state: unknown };
export type Simulation = { readonly ok: true } | { readonly ok: false; readonly message: string };

export function simulate(game: AnyGame, replay: Replay, onStep: (step: Step) => void, onStart: (state: unknown) => void): Simulation {
  let state: unknown;
  try {
    state = game.start(game.parseSetup(replay.setup));
  } catch (error) {
    return { ok: false, message: `bad setup: ${(error as Error).message}` };
  }
  onStart(state);
  for (const [index, move] of replay.moves.entries()) {
    const toMove = game.toMove(state);
    if (toMove !== move.seat) {
      return { ok: false, message: `move ${index + 1}: ${toMove === null ? 'the game was already over' : `seat ${move.seat} moved but seat ${toMove} was to move`}` };
    }
    const check = game.checkAction(state, move.action);
    if (!check.ok) return { ok: false, message: `move ${index + 1}: illegal action ${JSON.stringify(move.action)}: ${check.reason}` };
    game.apply(state, check.action);
    onStep({ index, move, state });
  }
  return { ok: true };
}
