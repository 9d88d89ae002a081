// Attack: a builtin that ignores the timeout (V8 cannot interrupt one huge BigInt power: measured
// 2.6 s under a 100 ms timeout for 7n ** 30000000n). Only killing the host stops it in time.
import { defineBot } from '@xix/sdk';

export default defineBot({
  decide(view) {
    const huge = 7n ** 60_000_000n;
    return view.legalActions[huge > 0n ? 0 : 1]!;
  },
});
