/**
 * How the bundled 69 heuristic does against `random` at every table size (2–6 seats), in seat
 * rotations (each deal once with the heuristic in each seat, the other seats random; the referee's
 * series, as `xix play` plays it): win share and average place with 95% intervals, as a Markdown
 * table for docs/bots.md. With a third argument, `template`, the new-bot template stands in for the
 * heuristic.
 *
 *   flock -x /tmp/xix-bench.lock npx node --no-node-snapshot sdk/bench/strength-sixty-nine.ts [deals per table size, default 200] [seed, default 1] [heuristic|template]
 */
import { sixtyNine } from '@xix/engine';
import heuristic from '../examples/sixty-nine/heuristic.ts';
import random from '../examples/sixty-nine/random.ts';
import template from '../templates/sixty-nine/bot.ts';
import { measureInRotations } from '../test/table.ts';

const deals = Number(process.argv[2] ?? 200);
const seed = Number(process.argv[3] ?? 1);
const which = process.argv[4] ?? 'heuristic';
if (!Number.isSafeInteger(deals) || deals < 2 || !Number.isSafeInteger(seed) || seed < 0 || (which !== 'heuristic' && which !== 'template')) {
  throw new RangeError('usage: strength-sixty-nine.ts [deals ≥ 2] [seed ≥ 0] [heuristic|template]');
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
console.log(`${which} vs random, 69, ${deals} deals per table size from seed ${seed}, each deal once per seat rotation\n`);
console.log(`| seats | games | ${which} wins [95%] | fair share | ${which} place [95%] | random place | forfeits |`);
console.log('|---|---|---|---|---|---|---|');
for (let seats = 2; seats <= 6; seats++) {
  const m = measureInRotations(which === 'template' ? template : heuristic, random, seats, deals, seed, sixtyNine);
  const wins = `${pct(m.winShare)} [${pct(m.winInterval.low)}, ${pct(m.winInterval.high)}]`;
  const place = `${m.place.toFixed(2)} [${m.placeInterval.low.toFixed(2)}, ${m.placeInterval.high.toFixed(2)}]`;
  console.log(`| ${seats} | ${m.games} | ${wins} | ${pct(1 / seats)} | ${place} | ${m.randomPlace.toFixed(2)} | ${m.forfeits} |`);
}
