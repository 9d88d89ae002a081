// Attack: never finish loading (an endless loop at module level).
import { defineXixBot } from '@xix/sdk';

let spins = 0;
for (;;) spins++;

export default defineXixBot({
  decide(view) {
    return view.legalActions[spins % 2]!;
  },
});
