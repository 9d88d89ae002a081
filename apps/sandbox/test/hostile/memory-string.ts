// Attack: many distinct strings until the heap gives out.
import { defineXixBot } from '@xix/sdk';

const hoard: string[] = [];
export default defineXixBot({
  decide() {
    for (let i = 0; ; i++) hoard.push('x'.repeat(4096) + i);
  },
});
