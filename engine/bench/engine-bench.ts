/**
 * `npm run bench:engine`: full random-vs-random XIX games per second, and decisions per second,
 * on one core, through the public engine API (randomSetup, start, toMove, legalActions, apply).
 * Prints the median of several rounds after a warm-up. Time is this process's CPU time, so that
 * other work on the machine does not distort the figure.
 */
import { createRandom, xix } from '@xix/engine';

const ROUNDS = Number(process.env.ROUNDS ?? 7);
const GAMES_PER_ROUND = Number(process.env.GAMES ?? 50_000);

function playRound(firstSeed: number): { seconds: number; decisions: number } {
  const random = createRandom(firstSeed);
  let decisions = 0;
  const start = process.cpuUsage();
  for (let g = 0; g < GAMES_PER_ROUND; g++) {
    const state = xix.start(xix.randomSetup(firstSeed + g, 2));
    while (xix.toMove(state) !== null) {
      const legal = xix.legalActions(state);
      xix.apply(state, legal[random.int(legal.length)]!);
      decisions++;
    }
  }
  const used = process.cpuUsage(start);
  return { seconds: (used.user + used.system) / 1e6, decisions };
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

playRound(1_000_000_000); // warm-up: let V8 optimise before measuring
const games: number[] = [];
const decisions: number[] = [];
let decisionsPerGame = 0;
for (let round = 0; round < ROUNDS; round++) {
  const { seconds, decisions: n } = playRound(round * GAMES_PER_ROUND);
  games.push(GAMES_PER_ROUND / seconds);
  decisions.push(n / seconds);
  decisionsPerGame = n / GAMES_PER_ROUND;
}
console.log(`engine: ${ROUNDS} rounds of ${GAMES_PER_ROUND} random-vs-random XIX games, one core (CPU time), Node ${process.version}`);
console.log(`  games/s      median ${Math.round(median(games))}  (min ${Math.round(Math.min(...games))}, max ${Math.round(Math.max(...games))})`);
console.log(`  decisions/s  median ${Math.round(median(decisions))}`);
console.log(`  decisions/game ${decisionsPerGame.toFixed(1)}`);
