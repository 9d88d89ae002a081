/**
 * Nineteen's cards and their order under a trump (N11, N19). Inside the engine a card is a number,
 * `suit·13 + rank` with suits C D H S = 0..3 and ranks 2..A = 0..12, so that hands are short
 * arrays of small integers and sorting them sorts as the rulings do (suits C D H S, ranks 2..A).
 * Outside (setups, actions, views) a card is its code as the rulings write it: rank then suit,
 * `2C` … `10S`, `JH`, `QH`, `KH`, `AH`.
 */

/** A card code: rank (2–10, J, Q, K, A) then suit (C, D, H, S), e.g. `QH`, `10S`. */
export type CardCode = string;
/** A suit: clubs, diamonds, hearts, spades. */
export type Suit = 'C' | 'D' | 'H' | 'S';

export const SUITS: readonly Suit[] = ['C', 'D', 'H', 'S'];
export const RANKS: readonly string[] = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
export const DECK_SIZE = 52;
export const HAND_SIZE = 5;
export const KITTY_SIZE = 3;
export const TRICKS = 5;
/** N1: 2 to 6 seats. */
export const MIN_SEATS = 2;
export const MAX_SEATS = 6;
/** N14: the score that goes out. */
export const GAME_POINTS = 19;
/** N16: the last hand. */
export const MAX_HANDS = 100;
/** N4: the lowest and highest bids; the bagged dealer bids the lowest. */
export const MIN_BID = 3;
export const MAX_BID = 6;

export const HEARTS = 2;
export const QUEEN = 10;
export const KING = 11;
export const ACE = 12;
/** Q♥, the short suit's trump (N19). */
export const QUEEN_OF_HEARTS = HEARTS * 13 + QUEEN;

export const suitOf = (card: number): number => (card / 13) | 0;
export const rankOf = (card: number): number => card % 13;

/** Codes by card number. */
export const CARD_CODES: readonly CardCode[] = Array.from({ length: DECK_SIZE }, (_, card) => `${RANKS[rankOf(card)]}${SUITS[suitOf(card)]}`);
const CARD_BY_CODE: ReadonlyMap<string, number> = new Map(CARD_CODES.map((code, card) => [code, card]));

export const cardCode = (card: number): CardCode => CARD_CODES[card]!;

/** The card number of a code, or -1 when the value is not a card code. */
export function cardOfCode(code: unknown): number {
  const card = typeof code === 'string' ? CARD_BY_CODE.get(code) : undefined;
  return card === undefined ? -1 : card;
}

/** The suit number of a suit letter, or -1. */
export const suitOfCode = (suit: unknown): number => (typeof suit === 'string' ? SUITS.indexOf(suit as Suit) : -1);

/** N19: Q♥ is a trump, and not a heart, when the short-suit option is on and hearts are not trump. */
export const isShortSuitQueen = (card: number, trump: number, shortSuit: boolean): boolean => shortSuit && card === QUEEN_OF_HEARTS && trump !== HEARTS;

/** The suit a card counts as under `trump` (N19): its own, or the trump suit for the short suit's Q♥. */
export const effectiveSuit = (card: number, trump: number, shortSuit: boolean): number => (isShortSuitQueen(card, trump, shortSuit) ? trump : suitOf(card));

export const isTrump = (card: number, trump: number, shortSuit: boolean): boolean => effectiveSuit(card, trump, shortSuit) === trump;

/**
 * N11, N19: a trump's strength, higher is stronger (A, K, Q♥ with the short suit, Q, J, …, 2), or -1
 * for a card that is not a trump.
 */
export function trumpStrength(card: number, trump: number, shortSuit: boolean): number {
  if (isShortSuitQueen(card, trump, shortSuit)) return QUEEN * 2 + 1;
  return suitOf(card) === trump ? rankOf(card) * 2 : -1;
}

/**
 * N20: the majors, the trumps that may renege: A and K of trump, and Q of trump, or Q♥ instead
 * with the short suit.
 */
export function isMajor(card: number, trump: number, shortSuit: boolean): boolean {
  if (shortSuit && card === QUEEN_OF_HEARTS) return true;
  if (suitOf(card) !== trump) return false;
  const rank = rankOf(card);
  // With the short suit the Q♥ replaces the queen of trump (and is it, when hearts are trump).
  return rank === ACE || rank === KING || (rank === QUEEN && !shortSuit);
}
