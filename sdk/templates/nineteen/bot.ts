/**
 * A Nineteen bot. Play it against random bots heads up, or with a partner at four seats:
 *   xix play --game nineteen bot.ts random --games 200
 *   xix play --game nineteen bot.ts random --seats 4 --games 200
 * The SDK's Nineteen section is docs/sdk.md; the rules and their rulings (N1–N22) are in docs/rules-nineteen.md.
 *
 * A bot is this file's default export. It may import nothing but '@xix/sdk', must be
 * deterministic (no Math.random: seed a PRNG in onGameStart with botRandom(seed, seat)) and must
 * answer quickly. At four and six seats your bot plays every seat of its side, each seat on its
 * own: a seat knows only its own cards and the public record, never its partner's hand (N21).
 */
import {
  bestTrump,
  defineNineteenBot,
  discardKeeping,
  handRules,
  highBid,
  isTrumpCard,
  legalCards,
  minKeepFor,
  teammates,
  trickPower,
  suitAs,
  winningSoFar,
  wouldTake,
} from '@xix/sdk';

export default defineNineteenBot({
  decide(view) {
    const rules = handRules(view);
    switch (view.phase) {
      // N4: pass, or bid 3–6 above the high bid. The bid is the points your side promises to take.
      case 'bid': {
        const { points } = bestTrump(view.cards, { seats: view.seats, shortSuit: view.shortSuit, kitty: true });
        const amount = Math.max(3, highBid(view) + 1);
        return amount <= 6 && amount <= points - 0.5 ? { type: 'bid', amount } : { type: 'pass' };
      }
      // N5: you won the bid; name the trump before you see the kitty.
      case 'trump':
        return { type: 'trump', suit: bestTrump(view.cards, { seats: view.seats, shortSuit: view.shortSuit, kitty: true }).suit };
      // N6: keep your trumps (at most 5, at least minKeep) and draw fresh cards for the rest.
      case 'discard': {
        const byStrength = [...view.cards].sort((a, b) => power(b) - power(a));
        const trumps = byStrength.filter((card) => isTrumpCard(card, rules!.trump, rules!.shortSuit));
        const keep = byStrength.slice(0, Math.max(minKeepFor(view.seats), Math.min(5, trumps.length)));
        return discardKeeping(view, keep);
      }
      // N10–N12: your legal cards. A first idea to improve on: leave a winning partner alone, else
      // take the trick with your cheapest winning card, else throw your cheapest card.
      default: {
        const legal = legalCards(view).sort((a, b) => power(a) - power(b));
        const winning = winningSoFar(view);
        const partnerWins = winning !== null && teammates(view).includes(winning.seat);
        const winner = partnerWins ? undefined : legal.find((card) => wouldTake(view, card));
        return { type: 'play', card: winner ?? legal[0]! };
      }
    }

    /** How strong a card is under the trump: every trump above every other card (N11). */
    function power(card: string): number {
      return trickPower(card, suitAs(card, rules!.trump, rules!.shortSuit), rules!);
    }
  },
});
