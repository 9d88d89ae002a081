// Attack: throw an error whose message is a getter that never returns (it would hang a host
// that read it outside the timeout).
import { defineBot } from '@xix/sdk';

export default defineBot({
  decide() {
    const error = new Error('boom');
    Object.defineProperty(error, 'message', { get: () => { for (;;) { /* spin while the host copies me */ } } });
    throw error;
  },
});
