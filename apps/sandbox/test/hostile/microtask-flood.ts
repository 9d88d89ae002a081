// Attack: return at once, but leave an endless chain of microtasks behind.
import { defineBot } from '@xix/sdk';

const again = (): void => void Promise.resolve().then(again);
export default defineBot({
  decide(view) {
    again();
    return view.legalActions[0]!;
  },
});
