/**
 * The random bot: a uniformly random legal action at every decision. Deterministic: its PRNG is
 * seeded from the match seed and its seat in `onGameStart`, so a match replays identically.
 */
import { botRandom, defineBot, pick, type Random, type Seat } from '@xix/sdk';

// One stream per seat, so that the same module can play both seats of a game in one process.
const streams = new Map<Seat, Random>();

export default defineBot({
  onGameStart({ seed, seat }) {
    streams.set(seat, botRandom(seed, seat));
  },
  decide(view) {
    let random = streams.get(view.seat);
    if (random === undefined) {
      // Called without onGameStart: still deterministic.
      random = botRandom(0, view.seat);
      streams.set(view.seat, random);
    }
    return pick(view.legalActions, random);
  },
});
