/**
 * Hand arithmetic for 1923 bots, on the card codes a view holds (`AS1`: rank, suit, deck): card
 * values (T2), a hand's value with its aces (T7) and the 19–23 window (T8).
 */
import { RANKS, WINDOW_HIGH, WINDOW_LOW, cardOfCode, handValueOfCodes, totalRank, type CardCode } from '@xix/engine';

/**
 * T1: the most decks a game may use, ⌈9/3⌉ for nine seats. A constant rather than read from the
 * engine's game object, which would bundle the whole engine into every bot (hand.test.ts checks it).
 */
export const MAX_DECKS = 3;
/** The rank index of the ace in RANKS ('A23456789TJQK'). */
export const ACE = 0;

/** The index of a card's rank in RANKS (A 2 … 9 T J Q K → 0 … 12); throws on a code that is not a card. */
export function rankIndex(code: CardCode): number {
  if (cardOfCode(code, MAX_DECKS) < 0) throw new RangeError(`not a 1923 card code: ${typeof code === 'string' ? JSON.stringify(code.slice(0, 20)) : typeof code}`);
  return RANKS.indexOf(code[0]!);
}

/** T2: the value of a rank index with the ace as 1 (2–10 as printed, J Q K = 10). */
export const rankValue = (rank: number): number => Math.min(rank + 1, 10);

/** T2: a card's value with the ace as 1. */
export const nineteenTwentyThreeCardValue = (code: CardCode): number => rankValue(rankIndex(code));

/** T9, T12: a card's value in draw-offs and war, the ace as 11. */
export const nineteenTwentyThreeHighCardValue = (code: CardCode): number => (rankIndex(code) === ACE ? 11 : nineteenTwentyThreeCardValue(code));

export interface HandTotals {
  /** Every ace counted as 1. */
  readonly hard: number;
  /** The hand's value as the engine counts it (T7): aces chosen for the best place under T8. */
  readonly value: number;
  /** An ace counts as 11 in `value`. */
  readonly soft: boolean;
}

/** T7: a hand's hard total, its value and whether that value is soft. */
export function handTotals(cards: readonly CardCode[]): HandTotals {
  let hard = 0;
  for (const code of cards) hard += nineteenTwentyThreeCardValue(code);
  const value = handValueOfCodes(cards);
  return { hard, value, soft: value !== hard };
}

/**
 * T7 from a hard total and its number of aces, for counting without card codes (the odds in
 * shoe.ts): each ace adds 10 or not, whichever places best under T8, the higher on a tie.
 */
export function valueOfHard(hard: number, aces: number): number {
  let best = hard;
  for (let total = hard + 10; total <= hard + 10 * aces; total += 10) {
    if (totalRank(total) >= totalRank(best)) best = total;
  }
  return best;
}

/** T8: is a total in the 19–23 window (inclusive)? */
export const inWindow = (total: number): boolean => total >= WINDOW_LOW && total <= WINDOW_HIGH;
