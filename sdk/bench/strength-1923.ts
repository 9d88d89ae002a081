/**
 * How the bundled 1923 heuristic does against `random` at every table size, in seat rotations (each
 * deal once with the heuristic in each seat, the other seats random; the referee's series, as
 * `xix play` plays it): win share and average place with 95% intervals, as a Markdown table for
 * docs/bots.md.
 *
 *   flock -x /tmp/xix-bench.lock npx node --no-node-snapshot sdk/bench/strength-1923.ts [deals per table size, default 300] [seed, default 1]
 */
import heuristic from '../examples/1923/heuristic.ts';
import random from '../examples/1923/random.ts';
import { measureInRotations } from '../test/table.ts';

const deals = Number(process.argv[2] ?? 300);
const seed = Number(process.argv[3] ?? 1);
if (!Number.isSafeInteger(deals) || deals < 2 || !Number.isSafeInteger(seed) || seed < 0) {
  throw new RangeError('usage: strength-1923.ts [deals ≥ 2] [seed ≥ 0]');
}

const pct = (x: number): string => `${(100 * x).toFixed(1)}%`;
console.log(`heuristic vs random, 1923, ${deals} deals per table size from seed ${seed}, each deal once per seat rotation\n`);
console.log('| seats | games | heuristic wins [95%] | fair share | heuristic place [95%] | random place | forfeits |');
console.log('|---|---|---|---|---|---|---|');
for (let seats = 2; seats <= 9; seats++) {
  const m = measureInRotations(heuristic, random, seats, deals, seed);
  const wins = `${pct(m.winShare)} [${pct(m.winInterval.low)}, ${pct(m.winInterval.high)}]`;
  const place = `${m.place.toFixed(2)} [${m.placeInterval.low.toFixed(2)}, ${m.placeInterval.high.toFixed(2)}]`;
  console.log(`| ${seats} | ${m.games} | ${wins} | ${pct(1 / seats)} | ${place} | ${m.randomPlace.toFixed(2)} | ${m.forfeits} |`);
}
