/**
 * The random nim bot: takes 1, 2 or 3 stones at random among the legal ones. Deterministic: its
 * PRNG is seeded from the match seed and its seat in `onGameStart`.
 */
import { botRandom, pick, type Random, type Seat } from '@xix/sdk';

// One stream per seat, so that one module can fill every seat of a table in one process.
const streams = new Map<Seat, Random>();

// A stand-in until h-sdk-cli's (defineNimBot): on merge, take h-sdk-cli's side of this file.
export default {
  onGameStart({ seed, seat }: { readonly seed: number; readonly seat: Seat }) {
    streams.set(seat, botRandom(seed, seat));
  },
  decide(view: { readonly seat: Seat; readonly legalActions: readonly unknown[] }) {
    let random = streams.get(view.seat);
    if (random === undefined) {
      // Called without onGameStart: still deterministic.
      streams.set(view.seat, (random = botRandom(0, view.seat)));
    }
    return pick(view.legalActions, random);
  },
};
