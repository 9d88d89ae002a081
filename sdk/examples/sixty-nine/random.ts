/**
 * The random 69 bot: a uniformly random legal action at every decision (a pass or a play, an
 * addition on a steal chance, keep or rearrange, each step of a rearrangement). Deterministic: its
 * PRNG is seeded from the match seed and its seat in `onGameStart`.
 */
import { botRandom, defineSixtyNineBot, pick, type Random, type Seat } from '@xix/sdk';

// One stream per seat, so that one module can fill every seat of a table in one process.
const streams = new Map<Seat, Random>();

export default defineSixtyNineBot({
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
