/**
 * The views a seat had during a replayed game, from the engine's own `game.view(state, seat)`:
 * only what that seat could know (R11), never the deal. Calls `onPoint` before each recorded
 * move and once more at the end (with no move: the game over, or the forfeited decision).
 */
import type { AnyGame, Replay, ReplayMove } from '@xix/engine';
import { simulate, type Simulation } from './simulate.ts';

export interface Point {
  /** 0-based index in replay.moves of the move about to be made; its number is index + 1. */
  readonly index: number;
  /** The move made from here, or undefined at the end. */
  readonly move: ReplayMove | undefined;
  /** The view of `seat` here (whoever moves). */
  readonly view: unknown;
  /** The live state here: read it during the call only. */
  readonly state: unknown;
}

export function seatViews(game: AnyGame, replay: Replay, seat: number, onPoint: (point: Point) => void): Simulation {
  const at = (index: number, state: unknown): void => onPoint({ index, move: replay.moves[index], view: game.view(state, seat), state });
  // The state after move i is the state before move i + 1; after the last, the end.
  return simulate(game, replay, ({ index, state }) => at(index + 1, state), (state) => at(0, state));
}
