/**
 * A 1923 bot. Play it against random bots at a table of 2–9 seats (here three):
 *   xix play --game 1923 bot.ts random random --games 300
 * The SDK's 1923 section is docs/sdk.md; the rules and their rulings (T1–T17) are in docs/rules-1923.md.
 *
 * A bot is this file's default export. It may import nothing but '@xix/sdk', must be
 * deterministic (no Math.random: seed a PRNG in onGameStart with botRandom(seed, seat)) and must
 * answer quickly.
 */
import { HIT, LOCK, defineNineteenTwentyThreeBot, handTotals, handValueOdds, inWindow, unseenRankCounts } from '@xix/sdk';

export default defineNineteenTwentyThreeBot({
  // Called at every draw step while you have not locked (T5): the other seats decide on the same
  // state, and you learn their choices only when the step is over. `view.seen` holds your seen
  // cards; your hole card, the card you received last, is never shown (T4). Answer HIT (see the
  // hole card and take a new one) or LOCK (stop for this round).
  decide(view) {
    // Locking now: the hole card is one of the cards you have not seen (T15: count the shoe).
    const ifLocked = handValueOdds(view.seen, unseenRankCounts(view), 1);
    let inside = 0;
    for (const [value, chance] of ifLocked) if (inWindow(value)) inside += chance;
    // A first idea to improve on: hit while the hand would more likely miss 19–23 from below.
    const { hard } = handTotals(view.seen);
    return inside < 0.5 && hard < 12 && view.shoe > 0 ? HIT : LOCK;
  },
});
