// Attack: block the thread with Atomics.wait on shared memory.
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    const { wait } = Atomics;
    wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
    return view.legalActions[0]!;
  },
});
