/**
 * Tricks under a trump, the short suit and reneging (N10, N11, N12, N19, N20), on the engine's own
 * rule functions (engine/src/games/nineteen/tricks.ts): what may be played, what takes a trick, and
 * where the trick in play stands.
 */
import {
  NINETEEN_CARD_CODES,
  legalPlays,
  strongestCardIndex,
  trickKey,
  trickWinnerIndex,
  type NineteenCardCode,
  type NineteenSeatView,
  type Seat,
  type Suit,
  type TrickRecord,
} from '@xix/engine';
import { cardNumber, handRules, suitAs, suitNumber, type NineteenRules } from './cards.ts';

type TrumpRules = Pick<NineteenRules, 'trump' | 'shortSuit'>;

/**
 * N10, N19, N20: the cards of `hand` that may be played to a trick led by `led` (null: you lead,
 * any card), in the order of `hand`. For any hand, such as one you imagine for another seat; your
 * own legal cards now are `legalCards(view)`.
 */
export function playableCards(hand: readonly NineteenCardCode[], led: NineteenCardCode | null, rules: NineteenRules): NineteenCardCode[] {
  const numbers = hand.map(cardNumber);
  const out: number[] = [];
  const count = legalPlays(numbers, led === null ? -1 : cardNumber(led), { trump: suitNumber(rules.trump), shortSuit: rules.shortSuit, reneging: rules.reneging }, out);
  return out.slice(0, count).map((card) => NINETEEN_CARD_CODES[card]!);
}

/** The cards this seat may play now (its legal `play` actions); empty when it is not to play a card. */
export function legalCards(view: NineteenSeatView): NineteenCardCode[] {
  return view.legalActions.flatMap((action) => (action.type === 'play' ? [action.card] : []));
}

/** N11: the index in `cards` (a trick in the order played, the led card first) of the card that takes it. */
export function trickWinner(cards: readonly NineteenCardCode[], rules: TrumpRules): number {
  if (cards.length === 0) throw new RangeError('a trick needs at least its led card');
  return trickWinnerIndex(cards.map(cardNumber), suitNumber(rules.trump), rules.shortSuit);
}

/**
 * N11 as a number, higher takes the trick: every trump above every card of the led suit (`ledSuit`,
 * as the led card counts, `suitAs`), trumps by their order (N19); a card of another suit is −1 and
 * never wins. Also a fair measure of how much a card is worth keeping.
 */
export function trickPower(code: NineteenCardCode, ledSuit: Suit, rules: TrumpRules): number {
  return trickKey(cardNumber(code), suitNumber(ledSuit), suitNumber(rules.trump), rules.shortSuit);
}

/**
 * N12: the index in `played` (every card of a hand in the order played) of the hand's strongest
 * card, the highest trump (with no trump played, the highest rank, the earliest on a tie): the
 * trick holding it is the bonus trick, worth 2.
 */
export function bonusCardIndex(played: readonly NineteenCardCode[], rules: TrumpRules): number {
  if (played.length === 0) throw new RangeError('no card was played');
  return strongestCardIndex(played.map(cardNumber), suitNumber(rules.trump), rules.shortSuit);
}

/** The trick being played in the hand in play (possibly with no card yet), or null outside the play phase. */
export function trickInPlay(view: NineteenSeatView): TrickRecord | null {
  if (view.phase !== 'play') return null;
  const trick = view.hands.at(-1)?.tricks.at(-1);
  return trick === undefined || trick.winner !== null ? null : trick;
}

/** The seat of card `index` of a trick: its leader's, then clockwise (N9). */
export const seatOfCard = (trick: TrickRecord, index: number, seats: number): Seat => (trick.leader + index) % seats;

/** Who takes the trick in play if nobody beats it, and with what card; null before its first card. */
export function winningSoFar(view: NineteenSeatView): { readonly seat: Seat; readonly card: NineteenCardCode } | null {
  const trick = trickInPlay(view);
  const rules = handRules(view);
  if (trick === null || rules === null || trick.cards.length === 0) return null;
  const index = trickWinner(trick.cards, rules);
  return { seat: seatOfCard(trick, index, view.seats), card: trick.cards[index]! };
}

/** Would `card`, played now by this seat, take the lead of the trick in play? Always true for a lead. */
export function wouldTake(view: NineteenSeatView, card: NineteenCardCode): boolean {
  const trick = trickInPlay(view);
  const rules = handRules(view);
  if (trick === null || rules === null) throw new RangeError('no trick is in play');
  if (trick.cards.length === 0) return true;
  return trickWinner([...trick.cards, card], rules) === trick.cards.length;
}

/** The suit the trick in play was led in, as the led card counts (N19), or null before its first card. */
export function ledSuit(view: NineteenSeatView): Suit | null {
  const trick = trickInPlay(view);
  const rules = handRules(view);
  if (trick === null || rules === null || trick.cards.length === 0) return null;
  return suitAs(trick.cards[0]!, rules.trump, rules.shortSuit);
}
