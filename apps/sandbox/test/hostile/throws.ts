// Attack: throw (a plain crash).
import { defineBot } from '@xix/sdk';

export default defineBot({
  decide() {
    throw new TypeError('boom');
  },
});
