/** Random Nineteen states for the SDK's property tests: uniformly random legal actions from a random deal. */
import fc from 'fast-check';
import { createRandom, nineteen, resolveOptions, type NineteenState } from '@xix/engine';

export interface NineteenSample {
  readonly state: NineteenState;
  readonly seats: number;
}

/** The state after `steps` uniformly random actions of deal `deal` at `seats` seats with the given options. */
export function randomState(seats: number, shortSuit: boolean, reneging: boolean, deal: number, steps: number): NineteenState {
  const options = resolveOptions(nineteen, seats, { shortSuit, reneging });
  const state = nineteen.start(nineteen.randomSetup(deal, seats, options));
  const random = createRandom(deal + 1);
  for (let i = 0; i < steps && nineteen.toMove(state) !== null; i++) {
    const legal = nineteen.legalActions(state);
    nineteen.apply(state, legal[random.int(legal.length)]!);
  }
  return state;
}

/** Seats 2–6, both options, a deal and a number of steps (up to a few hands: a hand is about 10–40 decisions). */
export const stateArbitrary = fc
  .tuple(fc.integer({ min: 2, max: 6 }), fc.boolean(), fc.boolean(), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 160 }))
  .map(([seats, shortSuit, reneging, deal, steps]) => ({ seats, state: randomState(seats, shortSuit, reneging, deal, steps) }));
