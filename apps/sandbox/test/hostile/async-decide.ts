// Attack: an async decide (it returns a Promise, not an action).
import { defineXixBot, type XixAction, type XixSeatView } from '@xix/sdk';

export default defineXixBot({
  async decide(view: XixSeatView) {
    await Promise.resolve();
    return view.legalActions[0]!;
  },
} as unknown as { decide(view: XixSeatView): XixAction });
