/**
 * Cards and card sets. A card is its face value 1..18; a set of cards is a bitmask with bit `c`
 * for card `c`, which keeps hands, pools and knowledge cheap to copy and compare.
 */

export type Card = number;
export type CardSet = number;

export const CARD_COUNT = 18;
export const HAND_SIZE = 6;
export const ROW_SIZE = 5;
/** The magic sum of R4: two cards adding up to it give the trick to the lower card. */
export const MAGIC_SUM = 19;
/** The points that end the game (R7). */
export const GAME_POINTS = 19;
/** R6: stakes indexed by the total strikes of both players in the exchange. */
export const STAKES: readonly number[] = [0, 1, 2, 3, 5, 8];
/** R5: a player's third strike of an exchange forces the abandon. */
export const MAX_STRIKES = 3;

export const ALL_CARDS: CardSet = ((1 << (CARD_COUNT + 1)) - 1) & ~1;

export const cardBit = (card: Card): CardSet => 1 << card;
export const hasCard = (set: CardSet, card: Card): boolean => (set & (1 << card)) !== 0;

export function isCard(value: unknown): value is Card {
  return typeof value === 'number' && Number.isInteger(value) && value >= 1 && value <= CARD_COUNT;
}

export function cardsOf(set: CardSet): Card[] {
  const out: Card[] = [];
  for (let c = 1; c <= CARD_COUNT; c++) if (set & (1 << c)) out.push(c);
  return out;
}

export function setOf(cards: readonly Card[]): CardSet {
  let set = 0;
  for (const c of cards) set |= 1 << c;
  return set;
}

export function countCards(set: CardSet): number {
  let n = 0;
  for (let s = set; s !== 0; s &= s - 1) n++;
  return n;
}

/** R4: the card that takes a trick between `a` and `b` (cards are unique, so no ties). */
export function trickWinningCard(a: Card, b: Card): Card {
  return a + b === MAGIC_SUM ? Math.min(a, b) : Math.max(a, b);
}
