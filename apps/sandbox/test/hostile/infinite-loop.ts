// Attack: never return.
import { defineBot } from '@xix/sdk';

export default defineBot({
  decide() {
    for (;;) {
      // spin
    }
  },
});
