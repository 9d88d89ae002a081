// Attack: keep state across games, hoping to see another match. Logs how many games it has seen.
import { defineBot } from '@xix/sdk';

const g = globalThis as { gamesSeen?: number };
export default defineBot({
  onGameStart() {
    g.gamesSeen = (g.gamesSeen ?? 0) + 1;
    console.log(`games seen: ${g.gamesSeen}`);
  },
  decide(view) {
    return view.legalActions[0]!;
  },
});
