/**
 * npm run bench:snapshots — what a late joiner of the follow stream receives (issue 19): one `game`
 * snapshot, whose `view` is the game's public view with its history, then deltas. The snapshot is
 * largest at a game's end, so this plays BENCH_GAMES (default 200) random games (each decision a
 * uniformly random legal action) of every registered game at its smallest table and at 4 seats,
 * and prints the JSON size of the snapshot at the end: mean and largest, with the decisions of the
 * longest game. Random games are a stand-in for bot games: a Nineteen game between random bots
 * often runs to the 100-hand cap, so it is near the longest a game can be.
 */
import { GAMES, createRandom, type AnyGame } from '@xix/engine';
import { positiveFromEnv } from '../../worker/bench/bench-env.ts';

const GAME_COUNT = positiveFromEnv('BENCH_GAMES', 200);

function snapshotBytes(game: AnyGame, seats: number, seed: number): { bytes: number; decisions: number } {
  const random = createRandom(seed);
  const state = game.start(game.randomSetup(seed, seats));
  let decisions = 0;
  for (; game.toMove(state) !== null; decisions++) {
    const legal = game.legalActions(state);
    game.apply(state, legal[random.int(legal.length)]!);
  }
  // The follow stream's snapshot event, as the broadcast sends it (seats' names left short).
  const seatsOf = Array.from({ length: seats }, (_, seat) => ({ bot: `b${seat}`, version: 1, name: `bot-${seat}` }));
  const event = { type: 'game', match: 's1.0', game: game.id, seats: seatsOf, tournament: null, move: decisions, view: game.publicView(state) };
  return { bytes: Buffer.byteLength(JSON.stringify(event)), decisions };
}

const kib = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

console.log(`bench:snapshots: a follow stream's snapshot at the end of ${GAME_COUNT} random games a table, Node ${process.version}`);
for (const game of GAMES.values()) {
  const tables = [...new Set([game.seats.min, Math.min(Math.max(4, game.seats.min), game.seats.max)])];
  for (const seats of tables) {
    let total = 0;
    let largest = { bytes: 0, decisions: 0 };
    for (let seed = 1; seed <= GAME_COUNT; seed++) {
      const measured = snapshotBytes(game, seats, seed);
      total += measured.bytes;
      if (measured.bytes > largest.bytes) largest = measured;
    }
    console.log(`  ${game.id.padEnd(10)} ${seats} seats: mean ${kib(total / GAME_COUNT)}, largest ${kib(largest.bytes)} (a game of ${largest.decisions} decisions)`);
  }
}
