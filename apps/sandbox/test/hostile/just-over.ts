// Attack: a busy loop a little longer than the CPU limit; it returns, but too late.
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    let x = 0;
    for (let i = 0; i < 20_000_000; i++) x = (x + i) | 0;
    return x === 0.5 ? view.legalActions[1]! : view.legalActions[0]!;
  },
});
