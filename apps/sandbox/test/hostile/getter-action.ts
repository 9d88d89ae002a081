// Attack: an action whose fields are getters (they would run on the host if it read them).
import { defineXixBot, type XixAction } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    const real = view.legalActions[0]!;
    return { get type() { return real.type; }, get card() { return (real as { card?: number }).card; } } as unknown as XixAction;
  },
});
