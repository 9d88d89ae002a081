/**
 * How close `bidEstimate` comes to what a side takes: the heuristic at every seat (self-play), and
 * for each hand the winning bidder's estimate (its five dealt cards, the trump it named, counting
 * on the kitty, as it bid) beside the points its side took (N13). By table size: hands, the mean
 * estimate and points, the mean absolute error, and how often the bidder made its bid. For
 * docs/bots.md.
 *
 *   flock -x /tmp/xix-bench.lock npx node --no-node-snapshot sdk/bench/bid-estimate-nineteen.ts [games per table size, default 200] [seed, default 1]
 */
import { nineteen, resolveOptions } from '@xix/engine';
import heuristic from '../examples/nineteen/heuristic.ts';
import { bidEstimate } from '../src/games/nineteen/bidding.ts';

const games = Number(process.argv[2] ?? 200);
const seed = Number(process.argv[3] ?? 1);
if (!Number.isSafeInteger(games) || games < 1 || !Number.isSafeInteger(seed) || seed < 0) throw new RangeError('usage: bid-estimate-nineteen.ts [games ≥ 1] [seed ≥ 0]');

console.log(`bidEstimate against the points taken, heuristic self-play, ${games} games per table size from seed ${seed}, default options\n`);
console.log('| seats | hands | bagged | mean estimate | mean points | mean abs. error | bid made |');
console.log('|---|---|---|---|---|---|---|');
for (let seats = 2; seats <= 6; seats++) {
  let hands = 0;
  let bagged = 0;
  let estimates = 0;
  let points = 0;
  let error = 0;
  let made = 0;
  for (let g = 0; g < games; g++) {
    const state = nineteen.start(nineteen.randomSetup(seed + g, seats, resolveOptions(nineteen, seats)));
    while (nineteen.toMove(state) !== null) nineteen.apply(state, heuristic.decide(nineteen.view(state, nineteen.toMove(state)!)));
    const view = nineteen.spectatorView(state);
    view.hands.forEach((hand, h) => {
      if (hand.points === null || hand.bidder === null || hand.trump === null) return;
      hands++;
      if (hand.bagged) bagged++;
      const estimate = bidEstimate(view.own[hand.bidder]![h]!.dealt, hand.trump, { seats, shortSuit: false, kitty: true });
      const took = hand.points[view.sides[hand.bidder]!]!;
      estimates += estimate;
      points += took;
      error += Math.abs(estimate - took);
      if (took >= hand.bid!) made++;
    });
  }
  const f = (x: number): string => (x / hands).toFixed(2);
  console.log(`| ${seats} | ${hands} | ${(100 * bagged / hands).toFixed(1)}% | ${f(estimates)} | ${f(points)} | ${f(error)} | ${(100 * made / hands).toFixed(1)}% |`);
}
