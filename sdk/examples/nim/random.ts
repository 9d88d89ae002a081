/**
 * The random nim bot: takes 1, 2 or 3 stones at random among the legal ones. Deterministic: its
 * PRNG is seeded from the match seed and its seat in `onGameStart`.
 */
import { botRandom, defineNimBot, pick, type Random, type Seat } from '@xix/sdk';

// One stream per seat, so that one module can fill every seat of a table in one process.
const streams = new Map<Seat, Random>();

export default defineNimBot({
  onGameStart({ seed, seat }) {
    streams.set(seat, botRandom(seed, seat));
  },
  decide(view) {
    let random = streams.get(view.seat);
    if (random === undefined) {
      // Called without onGameStart: still deterministic.
      streams.set(view.seat, (random = botRandom(0, view.seat)));
    }
    return pick(view.legalActions, random);
  },
});
