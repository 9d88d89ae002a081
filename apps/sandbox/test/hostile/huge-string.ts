// Attack: a huge answer.
import { defineBot, type XixAction } from '@xix/sdk';

export default defineBot({
  decide() {
    return { type: 'play', card: 'x'.repeat(8 << 20) } as unknown as XixAction;
  },
});
