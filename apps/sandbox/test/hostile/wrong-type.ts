// Attack: answer with something that is not an action.
import { defineXixBot, type XixAction } from '@xix/sdk';

export default defineXixBot({
  decide() {
    return 42 as unknown as XixAction;
  },
});
