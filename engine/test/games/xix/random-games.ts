/** Random playouts for property tests: every step of a game from a seed, actions from a seed. */
import { createRandom, xix, type XixAction, type XixState } from '../../../src/index.ts';

export interface Step {
  readonly before: XixState;
  readonly action: XixAction;
  readonly seat: number;
}

/** Plays a uniformly random game; `onStep` sees a copy of the state before each action. */
export function randomGame(dealSeed: number, actionSeed: number, onStep?: (step: Step, after: XixState) => void): XixState {
  const random = createRandom(actionSeed);
  const state = xix.start(xix.randomSetup(dealSeed, 2));
  for (let moves = 0; xix.toMove(state) !== null; moves++) {
    if (moves > 2_000) throw new Error('game did not terminate');
    const legal = xix.legalActions(state);
    const action = legal[random.int(legal.length)]!;
    const before = onStep ? xix.clone(state) : state;
    const seat = state.toMove;
    xix.apply(state, action);
    onStep?.({ before, action, seat }, state);
  }
  return state;
}

/** Stops a random game after `steps` actions (or at its end). */
export function randomPrefix(dealSeed: number, actionSeed: number, steps: number): XixState {
  const random = createRandom(actionSeed);
  const state = xix.start(xix.randomSetup(dealSeed, 2));
  for (let i = 0; i < steps && xix.toMove(state) !== null; i++) {
    const legal = xix.legalActions(state);
    xix.apply(state, legal[random.int(legal.length)]!);
  }
  return state;
}
