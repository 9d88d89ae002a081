// Attack: a Promise that never settles.
import { defineBot, type XixAction } from '@xix/sdk';

export default defineBot({
  decide() {
    return new Promise<never>(() => {}) as unknown as XixAction;
  },
});
