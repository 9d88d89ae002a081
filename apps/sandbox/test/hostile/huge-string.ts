// Attack: a huge answer.
import { defineXixBot, type XixAction } from '@xix/sdk';

export default defineXixBot({
  decide() {
    return { type: 'play', card: 'x'.repeat(8 << 20) } as unknown as XixAction;
  },
});
