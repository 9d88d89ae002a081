// Attack: answer with something that is not an action.
import { defineBot, type XixAction } from '@xix/sdk';

export default defineBot({
  decide() {
    return 42 as unknown as XixAction;
  },
});
