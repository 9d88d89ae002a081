// Attack: a Map of small objects, growing without bound.
import { defineBot } from '@xix/sdk';

const hoard = new Map<number, { i: number; s: string }>();
export default defineBot({
  decide() {
    for (let i = 0; ; i++) hoard.set(i, { i, s: `entry ${i}` });
  },
});
