// Attack: typed arrays, allocated outside the JavaScript heap.
import { defineBot } from '@xix/sdk';

const hoard: Uint8Array[] = [];
export default defineBot({
  decide() {
    for (;;) hoard.push(new Uint8Array(16 << 20));
  },
});
