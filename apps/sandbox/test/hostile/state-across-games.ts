// Attack: keep state across games (in a mirrored series the second game is the first one's deal
// with the seats swapped). Logs how many games it has seen.
import { defineXixBot } from '@xix/sdk';

const g = globalThis as { gamesSeen?: number };
export default defineXixBot({
  onGameStart() {
    g.gamesSeen = (g.gamesSeen ?? 0) + 1;
    console.log(`games seen: ${g.gamesSeen}`);
  },
  decide(view) {
    return view.legalActions[0]!;
  },
});
