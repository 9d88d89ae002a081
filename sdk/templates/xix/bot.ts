/**
 * A XIX bot. Check it, then play it against the random bot:
 *   xix check bot.ts
 *   xix play bot.ts random --games 200
 * The tutorial is docs/sdk.md; the rules and their rulings (R1–R12) are docs/rules.md.
 *
 * A bot is this file's default export. It may import nothing but '@xix/sdk', must be
 * deterministic (no Math.random: seed a PRNG in onGameStart, as below) and must answer quickly.
 */
import { botRandom, defineXixBot, pick, plays, playOf, weakest, type Random } from '@xix/sdk';

let random: Random = botRandom(0, 0);

export default defineXixBot({
  // Called once before each game: the match seed and your seat (0 or 1).
  onGameStart({ seed, seat }) {
    random = botRandom(seed, seat);
  },

  // Called whenever it is your turn. `view` holds only what your seat may know (R11), and
  // `view.legalActions` lists every action you may answer: return one of them.
  decide(view) {
    switch (view.phase) {
      case 'play': {
        // A first idea to improve on: always play your weakest card.
        const card = weakest(plays(view).map((a) => a.card));
        if (card !== null) return playOf(view, card)!;
        break;
      }
      case 'strike': // you lost a trick: { type: 'raise' } or { type: 'abandon' }
      case 'draft': // pick a card from view.pool into your open hand
      case 'trade': // swap a card of yours with a strike-row slot
        break;
    }
    // Otherwise: any legal action, chosen at random.
    return pick(view.legalActions, random);
  },

  // Called once when the game is over (optional).
  onGameEnd(view, result) {
    void view;
    void result;
  },
});
