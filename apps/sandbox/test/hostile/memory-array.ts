// Attack: grow arrays without bound.
import { defineXixBot } from '@xix/sdk';

const hoard: number[][] = [];
export default defineXixBot({
  decide() {
    for (;;) hoard.push(new Array(1000).fill(1));
  },
});
