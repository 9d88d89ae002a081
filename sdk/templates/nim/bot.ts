/**
 * A nim bot (the fixture game of the tests: 2–4 seats, take 1 to 3 stones, the last stone wins;
 * engine/src/games/nim/). Check it, then play it against the random bot:
 *   xix check bot.ts --game nim
 *   xix play --game nim bot.ts random --games 100
 *
 * A bot is this file's default export. It may import nothing but '@xix/sdk', must be
 * deterministic (no Math.random: seed a PRNG in onGameStart with botRandom(seed, seat)) and must
 * answer quickly.
 */
import { defineNimBot } from '@xix/sdk';

export default defineNimBot({
  // Called on your turn: `view.stones` are left, `view.legalActions` are the takes you may answer.
  decide(view) {
    // A first idea to improve on: leave the next seat a multiple of 4 when you can (two seats).
    const winning = view.legalActions.find((a) => (view.stones - a.count) % 4 === 0);
    return winning ?? view.legalActions[0]!;
  },
});
