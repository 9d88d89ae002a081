// Attack: typed arrays, allocated outside the JavaScript heap.
import { defineXixBot } from '@xix/sdk';

const hoard: Uint8Array[] = [];
export default defineXixBot({
  decide() {
    for (;;) hoard.push(new Uint8Array(16 << 20));
  },
});
