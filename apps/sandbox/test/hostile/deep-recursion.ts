// Attack: unbounded recursion.
import { defineXixBot } from '@xix/sdk';

const down = (n: number): number => down(n + 1) + 1;
export default defineXixBot({
  decide(view) {
    return view.legalActions[down(0)]!;
  },
});
