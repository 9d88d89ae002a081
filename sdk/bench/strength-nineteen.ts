/**
 * How the bundled Nineteen heuristic does against `random` in every style (N1): heads up, the
 * cut-throat tables (3 and 5 seats) and the partnerships (4 and 6 seats, where one entrant plays
 * every seat of its side, each seat its own player), with the rule options off and on. The
 * referee's series in-process, as `xix play --trusted` plays it: each deal once per seat rotation
 * (heads up and partnerships: twice, sides swapped). Prints a Markdown table for docs/bots.md.
 *
 *   flock -x /tmp/xix-bench.lock npx node --no-node-snapshot sdk/bench/strength-nineteen.ts [deals per row, default 500] [seed, default 1]
 */
import { nineteen } from '@xix/engine';
import { playSeries, seriesTable, trustedPlayer, type EntrantPlayers } from '@xix/referee';
import type { AnyBot } from '../src/bot.ts';
import heuristic from '../examples/nineteen/heuristic.ts';
import random from '../examples/nineteen/random.ts';

const deals = Number(process.argv[2] ?? 500);
const seed = Number(process.argv[3] ?? 1);
if (!Number.isSafeInteger(deals) || deals < 1 || !Number.isSafeInteger(seed) || seed < 0) {
  throw new RangeError('usage: strength-nineteen.ts [deals ≥ 1] [seed ≥ 0]');
}

/** Entrant players at a table of `seats`: the heuristic first, then random, one player a seat of each side. */
function entrants(seats: number): EntrantPlayers[] {
  const { seating } = seriesTable(nineteen, nineteen.seating(seats).length, seats);
  return seating.map((group, entrant) => {
    const bot: AnyBot = entrant === 0 ? heuristic : random;
    const name = entrant === 0 ? 'heuristic' : `random ${entrant}`;
    const players = group.map((_, i) => trustedPlayer(bot, `${name}${group.length > 1 ? ` ${i + 1}` : ''}`));
    return players.length === 1 ? players[0]! : players;
  });
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
console.log(`heuristic vs random, Nineteen, ${deals} deals per row from seed ${seed}, each deal once per seat rotation\n`);
console.log('| seats | variant | games | heuristic wins [95%] | fair share | heuristic place [95%] | forfeits |');
console.log('|---|---|---|---|---|---|---|');
for (const options of [{ shortSuit: false, reneging: false }, { shortSuit: true, reneging: true }]) {
  for (const seats of [2, 4, 3, 5, 6]) {
    const players = entrants(seats);
    const summary = playSeries({ game: nineteen, games: deals * players.length, seed, seats, options, players });
    const mine = summary.placings[0];
    const place = mine === undefined ? '' : `${mine.average.toFixed(2)} [${mine.interval.low.toFixed(2)}, ${mine.interval.high.toFixed(2)}]`;
    console.log(`| ${seats} | ${nineteen.variant(seats, options)} | ${summary.games} | ${pct(summary.winRate)} [${pct(summary.interval.low)}, ${pct(summary.interval.high)}] | ${pct(1 / players.length)} | ${place} | ${summary.forfeits.reduce((a, b) => a + b, 0)} |`);
  }
}
