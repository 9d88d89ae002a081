// Attack: a Promise that never settles.
import { defineXixBot, type XixAction } from '@xix/sdk';

export default defineXixBot({
  decide() {
    return new Promise<never>(() => {}) as unknown as XixAction;
  },
});
