/**
 * 1923's cards (T1, T2). Inside the engine a card is a number, `(deck − 1)·52 + suit·13 + rank
 * index`, so that the shoe and hands are arrays of small integers. Outside (setups, views) a card
 * is a three-character code: rank (A 2–9 T J Q K), suit (C D H S), deck (1–9), e.g. `TH2` is the
 * ten of hearts of the second deck: copies from different decks are different cards (T1).
 */

/** A card code such as `AS1`: rank, suit, deck. */
export type CardCode = string;

export const RANKS = 'A23456789TJQK';
export const SUITS = 'CDHS';
export const DECK_SIZE = 52;
export const MIN_SEATS = 2;
/** T1: the seed sets no maximum; nine is three full decks. */
export const MAX_SEATS = 9;
/** The playing window of T8, inclusive. */
export const WINDOW_LOW = 19;
export const WINDOW_HIGH = 23;

/** T1: ⌈n/3⌉ decks for n seats, the default and the most a game may use. */
export const decksFor = (seats: number): number => Math.ceil(seats / 3);

const MAX_CARDS = DECK_SIZE * decksFor(MAX_SEATS);

/** Codes and values by card number, computed once. */
export const CARD_CODES: readonly CardCode[] = Array.from({ length: MAX_CARDS }, (_, card) => {
  const inDeck = card % DECK_SIZE;
  return `${RANKS[inDeck % 13]}${SUITS[Math.floor(inDeck / 13)]}${Math.floor(card / DECK_SIZE) + 1}`;
});
const CARD_BY_CODE: ReadonlyMap<CardCode, number> = new Map(CARD_CODES.map((code, card) => [code, card]));

/** T2: the value with an ace counted as 1 (2–10 as printed, J Q K = 10). */
const LOW_VALUES: readonly number[] = CARD_CODES.map((_, card) => Math.min((card % 13) + 1, 10));

export const cardCode = (card: number): CardCode => CARD_CODES[card]!;

/** The card number of a code, or -1 when it is not a card of a game with `decks` decks. */
export function cardOfCode(code: unknown, decks: number): number {
  const card = typeof code === 'string' ? CARD_BY_CODE.get(code) : undefined;
  return card !== undefined && card < decks * DECK_SIZE ? card : -1;
}

export const isAce = (card: number): boolean => card % 13 === 0;

/** The value of a card with the ace as 1. */
export const lowValue = (card: number): number => LOW_VALUES[card]!;

/** The high-card value of draw-offs and war (T9, T12): the same, with A = 11. */
export const highCardValue = (card: number): number => (isAce(card) ? 11 : LOW_VALUES[card]!);

/** How far a total is from the 19–23 window (T8): 0 inside it. */
export const windowDistance = (total: number): number =>
  total < WINDOW_LOW ? WINDOW_LOW - total : total > WINDOW_HIGH ? total - WINDOW_HIGH : 0;

/**
 * T8's order on totals as one number, higher is better: any total in the window beats any total
 * outside it, the higher the better inside; outside, the nearer the better (17 and 25 are equal).
 */
export const totalRank = (total: number): number => (total >= WINDOW_LOW && total <= WINDOW_HIGH ? total : -windowDistance(total));

/**
 * T7: a hand's value with each ace 1 or 11, chosen for its owner: the best total under T8's
 * order, and of two equally near the window (16 and 26) the higher one.
 */
export function handValue(cards: readonly number[]): number {
  let low = 0;
  let aces = 0;
  for (let i = 0; i < cards.length; i++) {
    const card = cards[i]!;
    low += LOW_VALUES[card]!;
    if (card % 13 === 0) aces++;
  }
  let best = low;
  for (let k = 1; k <= aces; k++) {
    const total = low + 10 * k;
    const rank = totalRank(total);
    const bestRank = totalRank(best);
    if (rank > bestRank || (rank === bestRank && total > best)) best = total;
  }
  return best;
}

/** The value of a list of card codes (T7), for tests and bots: throws on a code that is not a card. */
export function handValueOfCodes(codes: readonly CardCode[]): number {
  return handValue(
    codes.map((code) => {
      const card = cardOfCode(code, decksFor(MAX_SEATS));
      if (card < 0) throw new RangeError(`not a 1923 card: ${String(code)}`);
      return card;
    }),
  );
}
