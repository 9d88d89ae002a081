import { sixtyNine } from '@xix/engine';
import heuristic from '../examples/sixty-nine/heuristic.ts';
import { randomSixtyNineState } from '../test/sixty-nine-states.ts';
const times: [number, string, number][] = [];
for (let deal = 0; deal < 300; deal++) {
  for (const steps of [0, 20, 60, 120]) {
    const state = randomSixtyNineState(2 + (deal % 5), deal, steps);
    const seat = sixtyNine.toMove(state); if (seat === null) continue;
    const view = sixtyNine.view(state, seat);
    const t = performance.now(); heuristic.decide(view); times.push([performance.now() - t, view.decision!, view.legalActions.length]);
  }
}
times.sort((a, b) => a[0] - b[0]);
const q = (p: number) => times[Math.floor(p * (times.length - 1))]![0].toFixed(3);
console.log('decisions', times.length, 'median', q(0.5), 'p90', q(0.9), 'p99', q(0.99), 'max', q(1), times.slice(-5));
