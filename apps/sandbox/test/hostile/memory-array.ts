// Attack: grow arrays without bound.
import { defineBot } from '@xix/sdk';

const hoard: number[][] = [];
export default defineBot({
  decide() {
    for (;;) hoard.push(new Array(1000).fill(1));
  },
});
