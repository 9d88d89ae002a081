// Attack: never return.
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide() {
    for (;;) {
      // spin
    }
  },
});
