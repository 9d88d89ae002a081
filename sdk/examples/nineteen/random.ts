/**
 * The random Nineteen bot: a uniformly random legal action at every decision (a bid or a pass, a
 * trump, one of the legal discards, a legal card). Deterministic: its PRNG is seeded from the match
 * seed and its seat in `onGameStart`.
 */
import { botRandom, defineNineteenBot, pick, type Random, type Seat } from '@xix/sdk';

// One stream per seat, so that one module can fill every seat of a table in one process.
const streams = new Map<Seat, Random>();

export default defineNineteenBot({
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
