/**
 * `npm run bench:engine`: full random games per second, and decisions per second, on one core,
 * through the public engine API (randomSetup, start, toMove, legalActions, apply): XIX, 1923
 * at 2 and 6 seats, Nineteen and 69 at 2, 4 and 6 seats (their forced moves are the engine's, inside
 * `apply`, so decisions count only what a bot is asked). Prints the median of several rounds
 * after a warm-up. Time is this process's CPU time, so that other work on the machine does not
 * distort the figure. `BENCH_GAME=<id>[,<id>…]` runs those games' benches only
 * (e.g. `BENCH_GAME=xix,sixty-nine`: a game and its rival XIX in the same run).
 */
import { createRandom, nineteen, nineteenTwentyThree, sixtyNine, xix, type AnyGame } from '@xix/engine';

const ROUNDS = Number(process.env.ROUNDS ?? 7);

const ONLY = process.env.BENCH_GAME?.split(',');

const ALL_BENCHES: readonly { readonly game: AnyGame; readonly seats: number; readonly games: number }[] = [
  { game: xix, seats: 2, games: Number(process.env.GAMES ?? 50_000) },
  { game: nineteenTwentyThree, seats: 2, games: Number(process.env.GAMES_1923 ?? 20_000) },
  { game: nineteenTwentyThree, seats: 6, games: Number(process.env.GAMES_1923 ?? 20_000) },
  // Random Nineteen games are long (often the 100-hand cap, N16): ~270 to ~2,300 decisions each.
  { game: nineteen, seats: 2, games: Number(process.env.GAMES_NINETEEN ?? 2_000) },
  { game: nineteen, seats: 4, games: Number(process.env.GAMES_NINETEEN ?? 2_000) },
  { game: nineteen, seats: 6, games: Number(process.env.GAMES_NINETEEN ?? 2_000) },
  // Random 69 games: about 4.5 rounds and 150 decisions each (bench:sixty-nine-actions).
  { game: sixtyNine, seats: 2, games: Number(process.env.GAMES_SIXTY_NINE ?? 2_000) },
  { game: sixtyNine, seats: 4, games: Number(process.env.GAMES_SIXTY_NINE ?? 2_000) },
  { game: sixtyNine, seats: 6, games: Number(process.env.GAMES_SIXTY_NINE ?? 2_000) },
];

const BENCHES = ONLY === undefined ? ALL_BENCHES : ALL_BENCHES.filter((bench) => ONLY.includes(bench.game.id));

function playRound(game: AnyGame, seats: number, games: number, firstSeed: number): { seconds: number; decisions: number } {
  const random = createRandom(firstSeed);
  let decisions = 0;
  const start = process.cpuUsage();
  for (let g = 0; g < games; g++) {
    const state = game.start(game.randomSetup(firstSeed + g, seats));
    while (game.toMove(state) !== null) {
      const legal = game.legalActions(state);
      game.apply(state, legal[random.int(legal.length)]!);
      decisions++;
    }
  }
  const used = process.cpuUsage(start);
  return { seconds: (used.user + used.system) / 1e6, decisions };
}

const median = (xs: number[]): number => xs.slice().sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

for (const { game, seats, games: perRound } of BENCHES) {
  playRound(game, seats, perRound, 1_000_000_000); // warm-up: let V8 optimise before measuring
  const games: number[] = [];
  const decisions: number[] = [];
  let decisionsPerGame = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const { seconds, decisions: n } = playRound(game, seats, perRound, round * perRound);
    games.push(perRound / seconds);
    decisions.push(n / seconds);
    decisionsPerGame = n / perRound;
  }
  console.log(`engine: ${ROUNDS} rounds of ${perRound} random ${game.id} games at ${seats} seats, one core (CPU time), Node ${process.version}`);
  console.log(`  games/s      median ${Math.round(median(games))}  (min ${Math.round(Math.min(...games))}, max ${Math.round(Math.max(...games))})`);
  console.log(`  decisions/s  median ${Math.round(median(decisions))}`);
  console.log(`  decisions/game ${decisionsPerGame.toFixed(1)}`);
}
