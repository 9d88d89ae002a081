// Attack: never finish loading (an endless loop at module level).
import { defineBot } from '@xix/sdk';

let spins = 0;
for (;;) spins++;

export default defineBot({
  decide(view) {
    return view.legalActions[spins % 2]!;
  },
});
