// Attack: throw an error whose message is a getter that never returns (it would hang a host
// that read it outside the timeout).
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide() {
    const error = new Error('boom');
    Object.defineProperty(error, 'message', { get: () => { for (;;) { /* spin while the host copies me */ } } });
    throw error;
  },
});
