/**
 * `npm run bench:sixty-nine-actions`: how many legal actions 69 offers per decision kind (S18: no
 * decision may offer more than 2,000), over random games at 2 to 6 seats (GAMES in all, 10,000 by
 * default, spread evenly over the table sizes). Prints, per kind, the largest list seen, the mean
 * and the 99th percentile, and the seed and seats of the game where the largest was seen.
 */
import { SIXTY_NINE_PHASE_NAMES, createRandom, sixtyNine as game } from '@xix/engine';

const GAMES = Number(process.env.GAMES ?? 10_000);
const LIMIT = 2_000;

interface Tally {
  largest: number;
  where: string;
  count: number;
  sum: number;
  /** How many decisions offered exactly n actions, by n. */
  histogram: number[];
}

const tallies = new Map<string, Tally>();
let decisions = 0;
let rounds = 0;
for (let g = 0; g < GAMES; g++) {
  const seats = 2 + (g % 5);
  const random = createRandom(7_000_000 + g);
  const state = game.start(game.randomSetup(g, seats));
  while (game.toMove(state) !== null) {
    const legal = game.legalActions(state);
    const kind = SIXTY_NINE_PHASE_NAMES[state.phase]; // a decision kind is named as its phase
    let tally = tallies.get(kind);
    if (tally === undefined) tallies.set(kind, (tally = { largest: 0, where: '', count: 0, sum: 0, histogram: [] }));
    if (legal.length > tally.largest) {
      tally.largest = legal.length;
      tally.where = `game seed ${g}, ${seats} seats, round ${state.round}`;
    }
    tally.count++;
    tally.sum += legal.length;
    tally.histogram[legal.length] = (tally.histogram[legal.length] ?? 0) + 1;
    game.apply(state, legal[random.int(legal.length)]!);
    decisions++;
  }
  rounds += state.round;
}

function percentile(histogram: readonly number[], total: number, p: number): number {
  let seen = 0;
  for (let n = 0; n < histogram.length; n++) {
    seen += histogram[n] ?? 0;
    if (seen >= p * total) return n;
  }
  return histogram.length - 1;
}

console.log(`sixty-nine legal actions: ${GAMES} random games at 2–6 seats (${decisions} decisions, ${(rounds / GAMES).toFixed(1)} rounds a game)`);
let over = false;
for (const kind of ['turn', 'scramble', 'form', 'steal'] as const) {
  const tally = tallies.get(kind);
  if (tally === undefined) {
    console.log(`  ${kind.padEnd(8)} never asked`);
    continue;
  }
  over ||= tally.largest > LIMIT;
  console.log(`  ${kind.padEnd(8)} largest ${String(tally.largest).padStart(5)}  mean ${(tally.sum / tally.count).toFixed(1).padStart(6)}  p99 ${String(percentile(tally.histogram, tally.count, 0.99)).padStart(4)}  decisions ${tally.count}  (largest at ${tally.where})`);
}
console.log(over ? `OVER the S18 limit of ${LIMIT} actions` : `every decision within the S18 limit of ${LIMIT} actions`);
if (over) process.exitCode = 1;
