// Attack: a Map of small objects, growing without bound.
import { defineXixBot } from '@xix/sdk';

const hoard = new Map<number, { i: number; s: string }>();
export default defineXixBot({
  decide() {
    for (let i = 0; ; i++) hoard.set(i, { i, s: `entry ${i}` });
  },
});
