// Attack: return at once, but leave an endless chain of microtasks behind.
import { defineXixBot } from '@xix/sdk';

const again = (): void => void Promise.resolve().then(again);
export default defineXixBot({
  decide(view) {
    again();
    return view.legalActions[0]!;
  },
});
