/**
 * Nineteen's cards as a bot sees them, as codes (`QH`, `10S`), on the engine's own card rules
 * (engine/src/games/nineteen/cards.ts): suits, ranks, trumps and their order under the short suit
 * (N11, N19).
 */
import {
  NINETEEN_CARD_CODES,
  NINETEEN_SUITS,
  effectiveSuit,
  isTrump,
  nineteenCardOfCode,
  rankOf,
  suitOf,
  trumpStrength,
  type NineteenCardCode,
  type NineteenSeatView,
  type Suit,
} from '@xix/engine';

/** What decides legal plays and tricks in a hand: its trump and the game's two options (N19, N20). */
export interface NineteenRules {
  readonly trump: Suit;
  readonly shortSuit: boolean;
  readonly reneging: boolean;
}

/** The engine's number of a card code; throws a RangeError for anything that is not one. */
export function cardNumber(code: NineteenCardCode): number {
  const card = nineteenCardOfCode(code);
  if (card < 0) throw new RangeError(`not a Nineteen card code (rank then suit, such as QH or 10S): ${typeof code === 'string' ? JSON.stringify(code.slice(0, 20)) : typeof code}`);
  return card;
}

/** The engine's number of a suit letter; throws a RangeError for anything else. */
export function suitNumber(suit: Suit): number {
  const n = NINETEEN_SUITS.indexOf(suit);
  if (n < 0) throw new RangeError(`not a suit (C, D, H or S): ${typeof suit === 'string' ? JSON.stringify(suit.slice(0, 20)) : typeof suit}`);
  return n;
}

/** A card's printed suit (Q♥ is a heart here; `suitAs` says what it counts as). */
export const cardSuit = (code: NineteenCardCode): Suit => NINETEEN_SUITS[suitOf(cardNumber(code))]!;

/** A card's rank, 0 for the 2 up to 12 for the ace (N11: A high). */
export const cardRank = (code: NineteenCardCode): number => rankOf(cardNumber(code));

/** N19: the suit a card counts as under `trump`: its own, but the trump suit for Q♥ with the short suit. */
export const suitAs = (code: NineteenCardCode, trump: Suit, shortSuit: boolean): Suit =>
  NINETEEN_SUITS[effectiveSuit(cardNumber(code), suitNumber(trump), shortSuit)]!;

/** N11, N19: is the card a trump (Q♥ always is with the short suit)? */
export const isTrumpCard = (code: NineteenCardCode, trump: Suit, shortSuit: boolean): boolean => isTrump(cardNumber(code), suitNumber(trump), shortSuit);

/** N11, N19: the trumps, strongest first: A, K, (Q♥,) Q, J, …, 2 — 13 cards, or 14 with the short suit when hearts are not trump. */
export function trumpOrder(trump: Suit, shortSuit: boolean): NineteenCardCode[] {
  const t = suitNumber(trump);
  return NINETEEN_CARD_CODES.map((code, card) => ({ code, strength: trumpStrength(card, t, shortSuit) }))
    .filter(({ strength }) => strength >= 0)
    .sort((a, b) => b.strength - a.strength)
    .map(({ code }) => code);
}

/** Cards in the engine's order (suits C D H S, ranks 2..A), the order of hands and of a discard's cards (N22). */
export function sortCards(cards: readonly NineteenCardCode[]): NineteenCardCode[] {
  return cards.map(cardNumber).sort((a, b) => a - b).map((card) => NINETEEN_CARD_CODES[card]!);
}

/** The rules of the hand in play: its trump and the options; null before the trump is named (N5). */
export function handRules(view: NineteenSeatView): NineteenRules | null {
  const trump = view.hands.at(-1)?.trump ?? null;
  return trump === null ? null : { trump, shortSuit: view.shortSuit, reneging: view.reneging };
}
