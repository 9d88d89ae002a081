// Attack: a builtin that ignores the timeout (V8 cannot interrupt one huge BigInt power: 7n **
// 120000000n ran 7.2 s here, 42 MB, far past any watchdog and lease). Only killing the host stops
// it in time. (The test gives it 256 MiB, so that it stalls rather than runs out of memory.)
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    const huge = 7n ** 120_000_000n;
    return view.legalActions[huge > 0n ? 0 : 1]!;
  },
});
