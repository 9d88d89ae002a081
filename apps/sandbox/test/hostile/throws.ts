// Attack: throw (a plain crash).
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide() {
    throw new TypeError('boom');
  },
});
