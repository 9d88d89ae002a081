// Attack: look for hidden information: every global, and the whole view it is given.
import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide(view) {
    console.log(`globals: ${JSON.stringify(Object.getOwnPropertyNames(globalThis).sort())}`);
    console.log(`view: ${JSON.stringify(view)}`);
    console.log(`random: ${Math.random()} date: ${Date.now()}`);
    return view.legalActions[0]!;
  },
});
