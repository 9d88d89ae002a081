/**
 * The trick rules as pure functions of card numbers (cards.ts), shared by the engine and by bots
 * (through the SDK): legal plays (N10, N19, N20), the trick winner (N11) and the bonus trick (N12).
 */
import { HEARTS, QUEEN_OF_HEARTS, effectiveSuit, isMajor, rankOf, trumpStrength } from './cards.ts';

/** The rules a trick is played under: the trump suit (0..3 for C D H S) and the two options. */
export interface TrickRules {
  readonly trump: number;
  readonly shortSuit: boolean;
  readonly reneging: boolean;
}

/**
 * N10, N19, N20: writes the cards of `hand` that may be played into `out`, in hand order, and
 * returns how many. `led` is the trick's first card, or -1 to lead (any card).
 */
export function legalPlays(hand: readonly number[], led: number, rules: TrickRules, out: number[]): number {
  const { trump, shortSuit: short } = rules;
  let count = 0;
  if (led < 0) {
    for (let i = 0; i < hand.length; i++) out[i] = hand[i]!;
    return hand.length;
  }
  const ledSuit = effectiveSuit(led, trump, short);
  if (ledSuit !== trump) {
    // N10: holding the led suit, follow it or trump in; without it, anything.
    let follows = false;
    for (let i = 0; i < hand.length; i++) if (effectiveSuit(hand[i]!, trump, short) === ledSuit) follows = true;
    for (let i = 0; i < hand.length; i++) {
      const suit = effectiveSuit(hand[i]!, trump, short);
      if (!follows || suit === trump || suit === ledSuit) out[count++] = hand[i]!;
    }
    return count;
  }
  // A trump is led. N20: a major stronger than the led card is exempt.
  const ledStrength = trumpStrength(led, trump, short);
  let trumps = 0;
  let bound = 0;
  for (let i = 0; i < hand.length; i++) {
    const card = hand[i]!;
    const strength = trumpStrength(card, trump, short);
    if (strength < 0) continue;
    trumps++;
    if (!(rules.reneging && strength > ledStrength && isMajor(card, trump, short))) bound++;
  }
  if (bound > 0) {
    // N10, N20: a trump that is not exempt binds the seat to play a trump, any one (exempt ones too).
    for (let i = 0; i < hand.length; i++) if (trumpStrength(hand[i]!, trump, short) >= 0) out[count++] = hand[i]!;
    return count;
  }
  if (trumps === 0 && short && led === QUEEN_OF_HEARTS) {
    // N19: after a Q♥ lead, a seat with no trump at all follows hearts if it can.
    for (let i = 0; i < hand.length; i++) if (effectiveSuit(hand[i]!, trump, short) === HEARTS) out[count++] = hand[i]!;
    if (count > 0) return count;
  }
  for (let i = 0; i < hand.length; i++) out[i] = hand[i]!;
  return hand.length;
}

/**
 * N11 as a number, higher takes the trick: any trump above any card of the led suit, by trump
 * strength (N19); a card of another suit −1, it never wins.
 */
export function trickKey(card: number, ledSuit: number, trump: number, shortSuit: boolean): number {
  const strength = trumpStrength(card, trump, shortSuit);
  if (strength >= 0) return 100 + strength;
  return effectiveSuit(card, trump, shortSuit) === ledSuit ? rankOf(card) : -1;
}

/** N11: the index in `cards` (a trick in the order played, the first led) of the card that takes it. */
export function trickWinnerIndex(cards: readonly number[], trump: number, shortSuit: boolean): number {
  const ledSuit = effectiveSuit(cards[0]!, trump, shortSuit);
  let best = 0;
  let bestKey = -1;
  for (let i = 0; i < cards.length; i++) {
    const key = trickKey(cards[i]!, ledSuit, trump, shortSuit);
    if (key > bestKey) {
      bestKey = key;
      best = i;
    }
  }
  return best;
}

/**
 * N12: the index in `played` (every card of a hand in the order played) of the hand's strongest
 * card: the highest trump, or with no trump played the highest rank (A high), the earliest on
 * equal ranks. Its trick is the bonus trick.
 */
export function strongestCardIndex(played: readonly number[], trump: number, shortSuit: boolean): number {
  let best = -1;
  let bestKey = -1;
  for (let i = 0; i < played.length; i++) {
    const strength = trumpStrength(played[i]!, trump, shortSuit);
    const key = strength >= 0 ? 100 + strength : rankOf(played[i]!);
    if (key > bestKey) {
      bestKey = key;
      best = i;
    }
  }
  return best;
}
