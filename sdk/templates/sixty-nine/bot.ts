/**
 * A 69 bot. Play it against random bots heads up, or at a bigger table:
 *   xix play --game sixty-nine bot.ts random --games 200
 *   xix play --game sixty-nine bot.ts random random random --games 200
 * The SDK's 69 section is docs/sdk.md; the rules and their rulings (S1–S19) are in docs/rules-sixty-nine.md.
 *
 * A bot is this file's default export. It may import nothing but '@xix/sdk', must be
 * deterministic (no Math.random: seed a PRNG in onGameStart with botRandom(seed, seat)) and must
 * answer quickly. It is asked out of turn too: every other seat gets a chance to steal a set that
 * was just completed (S8), and `view.decision` says which kind of decision this is.
 */
import { claimIsSafe, defineSixtyNineBot, wouldClaim, type SixtyNineAction } from '@xix/sdk';

export default defineSixtyNineBot({
  decide(view) {
    switch (view.decision) {
      // S6: pass (flip a card), or play cards from your hand into one set of 1 or 2 cards. A first
      // idea to improve on: play only when nobody can steal the set you complete (S8, S9): three or
      // more cards, a Lock, or six cards in the set.
      case 'turn': {
        const safe = view.legalActions.filter((a) => a.type === 'play' && a.cards.length + view.table[a.set]!.cards.length >= 3 && claimIsSafe([...view.table[a.set]!.cards, ...a.cards], a.cards.length));
        const biggest = safe.sort((a, b) => (b.type === 'play' ? b.cards.length : 0) - (a.type === 'play' ? a.cards.length : 0))[0];
        return biggest ?? { type: 'pass' };
      }
      // S8: your chance on a set another seat completed: take the claim with as many cards as you can, else add nothing.
      case 'steal': {
        const set = view.table[view.chance!.set]!;
        let best: SixtyNineAction = { type: 'add', set: view.chance!.set, cards: [] };
        for (const a of view.legalActions) if (a.type === 'add' && wouldClaim(set, a.cards.length) && a.cards.length > (best.type === 'add' ? best.cards.length : 0)) best = a;
        return best;
      }
      // S11, S12: your Scramble. Keeping the table is the simple choice; `rearrange` then `take`/`close`
      // steps rebuild it (see formStep and largestSetWith in docs/sdk.md).
      case 'scramble':
        return { type: 'keep' };
      default:
        return view.legalActions[0]!;
    }
  },
});
