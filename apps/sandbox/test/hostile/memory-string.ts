// Attack: many distinct strings until the heap gives out.
import { defineBot } from '@xix/sdk';

const hoard: string[] = [];
export default defineBot({
  decide() {
    for (let i = 0; ; i++) hoard.push('x'.repeat(4096) + i);
  },
});
