// Attack: a Proxy that pretends to be an action.
import { defineXixBot, type XixAction } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    const real = view.legalActions[0]!;
    return new Proxy({}, { get: (_t, key) => (real as unknown as Record<PropertyKey, unknown>)[key] }) as XixAction;
  },
});
