// Attack: unbounded recursion.
import { defineBot } from '@xix/sdk';

const down = (n: number): number => down(n + 1) + 1;
export default defineBot({
  decide(view) {
    return view.legalActions[down(0)]!;
  },
});
