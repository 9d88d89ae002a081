// Attack: flood the console.
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    for (let i = 0; i < 100_000; i++) console.log(`line ${i} ${'x'.repeat(100)}`);
    return view.legalActions[0]!;
  },
});
