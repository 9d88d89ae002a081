/** Random game states for the SDK's property tests: the engine's own random playouts. */
import { xix, type XixSeatView, type XixSpectatorView } from '@xix/engine';
import { randomPrefix } from '../../engine/test/games/xix/random-games.ts';

export interface Sample {
  /** The view of the seat to move (null when the game is over) and of the other seat. */
  readonly toMove: XixSeatView | null;
  readonly views: readonly [XixSeatView, XixSeatView];
  readonly truth: XixSpectatorView;
}

/** The state after `steps` uniformly random actions of the deal `dealSeed`. */
export function sampleState(dealSeed: number, actionSeed: number, steps: number): Sample {
  const state = randomPrefix(dealSeed, actionSeed, steps);
  const seat = xix.toMove(state);
  return {
    toMove: seat === null ? null : xix.view(state, seat),
    views: [xix.view(state, 0), xix.view(state, 1)],
    truth: xix.spectatorView(state),
  };
}
