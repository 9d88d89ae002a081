/** Random 69 states for the SDK's property tests: uniformly random legal actions from a random deal. */
import fc from 'fast-check';
import { createRandom, sixtyNine, type SixtyNineState } from '@xix/engine';

/** The state after `steps` uniformly random actions of deal `deal` at `seats` seats. */
export function randomSixtyNineState(seats: number, deal: number, steps: number): SixtyNineState {
  const state = sixtyNine.start(sixtyNine.randomSetup(deal, seats));
  const random = createRandom(deal + 1);
  for (let i = 0; i < steps && sixtyNine.toMove(state) !== null; i++) {
    const legal = sixtyNine.legalActions(state);
    sixtyNine.apply(state, legal[random.int(legal.length)]!);
  }
  return state;
}

/** Seats 2–6, a deal and a number of steps (a round of random play is roughly 20–60 decisions). */
export const sixtyNineStateArbitrary = fc
  .tuple(fc.integer({ min: 2, max: 6 }), fc.nat({ max: 2 ** 31 }), fc.nat({ max: 150 }))
  .map(([seats, deal, steps]) => ({ seats, state: randomSixtyNineState(seats, deal, steps) }));
