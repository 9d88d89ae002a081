// Attack: one huge array filled by a builtin (128 MiB of doubles in a 16 MiB isolate).
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    const a = new Array(2 ** 24).fill(0);
    return view.legalActions[a.length % 2]!;
  },
});
