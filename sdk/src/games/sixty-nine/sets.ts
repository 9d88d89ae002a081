/**
 * 69's cards and sets from a bot's side, on card codes (`5C`, `W1`) as views and actions hold them:
 * what a card may count as (S2), set legality (S3), what a hand can add to a set (S6, S8) and the
 * claim arithmetic of a steal sequence (S8, S9). Legality is the engine's own check, so these agree
 * with the referee.
 */
import {
  MAX_SET_SIZE,
  SIXTY_NINE_VALUE_MASK,
  canGrowToLegalSet,
  isLegalSixtyNineSet,
  printedValue,
  sixtyNineCardOfCode,
  sixtyNineSuitOf,
  specialKind,
  type SixtyNineCardCode,
  type SixtyNineSuit,
  type TableSetView,
} from '@xix/engine';

const SUIT_LETTERS: readonly SixtyNineSuit[] = ['A', 'B', 'C', 'D', 'E', 'F'];
const KINDS = ['wild', 'lock', 'scramble'] as const;

export type SixtyNineCardKind = 'number' | (typeof KINDS)[number];

/** What a card is (S2): its kind, a number card's suit and printed value, and the values it may count as. */
export interface SixtyNineCardFacts {
  readonly kind: SixtyNineCardKind;
  /** A number card's suit; null for a special (it takes any suit in a set). */
  readonly suit: SixtyNineSuit | null;
  /** The value printed on a number card; null for a special. */
  readonly printed: number | null;
  /** The values it may count as in a set, 0–10: a 6 or 9 either, a 0 as 0 or 10, a special any. */
  readonly values: readonly number[];
}

/** The card id of a code; throws a RangeError for anything that is not a 69 card. */
export function cardId(code: SixtyNineCardCode): number {
  const id = sixtyNineCardOfCode(code);
  if (id < 0) throw new RangeError(`not a 69 card: ${JSON.stringify(code)} (codes are 0A…9F, W1–W3, L1–L3, X1–X3)`);
  return id;
}

const ids = (cards: readonly SixtyNineCardCode[]): number[] => cards.map(cardId);

export function cardFacts(code: SixtyNineCardCode): SixtyNineCardFacts {
  const id = cardId(code);
  const special = specialKind(id);
  const mask = SIXTY_NINE_VALUE_MASK[id]!;
  const values: number[] = [];
  for (let value = 0; value <= 10; value++) if (mask & (1 << value)) values.push(value);
  return {
    kind: special < 0 ? 'number' : KINDS[special]!,
    suit: special < 0 ? SUIT_LETTERS[sixtyNineSuitOf(id)]! : null,
    printed: special < 0 ? printedValue(id) : null,
    values,
  };
}

export const isLockCard = (code: SixtyNineCardCode): boolean => specialKind(cardId(code)) === 1;
export const isScrambleCard = (code: SixtyNineCardCode): boolean => specialKind(cardId(code)) === 2;
export const isSpecialCard = (code: SixtyNineCardCode): boolean => specialKind(cardId(code)) >= 0;

/** S3: is this group of cards (any order) a legal set of 1–6 cards? */
export function isLegalSet(cards: readonly SixtyNineCardCode[]): boolean {
  return isLegalSixtyNineSet(ids(cards));
}

/**
 * S6, S8: every non-empty group of `hand`'s cards that can be added to `set` leaving a legal set,
 * each sorted in card order (as an action names them), fewest cards first. A play needs a set of 1
 * or 2 cards; a steal chance's addition may also be empty (not listed here).
 */
export function setAdditions(set: readonly SixtyNineCardCode[], hand: readonly SixtyNineCardCode[]): SixtyNineCardCode[][] {
  const base = ids(set);
  const cards = ids(hand).sort((a, b) => a - b);
  const room = MAX_SET_SIZE - base.length;
  const found: number[][] = [];
  const chosen: number[] = [];
  // Depth first in card order; a group that no legal set of six could hold is not extended.
  const grow = (from: number): void => {
    for (let i = from; i < cards.length; i++) {
      chosen.push(cards[i]!);
      const group = [...base, ...chosen];
      if (canGrowToLegalSet(group)) {
        if (isLegalSixtyNineSet(group)) found.push([...chosen]);
        if (chosen.length < room) grow(i + 1);
      }
      chosen.pop();
    }
  };
  if (base.length > 0 && room > 0) grow(0);
  const byId = new Map(hand.map((code) => [cardId(code), code]));
  return found.sort((a, b) => a.length - b.length).map((group) => group.map((id) => byId.get(id)!));
}

/** The cards of `hand` that belong to at least one legal addition to `set`. */
export function fittingCards(set: readonly SixtyNineCardCode[], hand: readonly SixtyNineCardCode[]): SixtyNineCardCode[] {
  const fits = new Set(setAdditions(set, hand).flat());
  return hand.filter((code) => fits.has(code));
}

/**
 * S8, S9: the claim of a set whose claimant added `claimCount` cards, `cards` being the set after
 * the addition: can another seat still take it? Not when it holds a Lock, not when it has 6 cards
 * (captured at once), and not when the set has no room for `claimCount` more cards (S3: at most 6),
 * which is the seed's "play three cards and nobody can steal".
 */
export function claimIsSafe(cards: readonly SixtyNineCardCode[], claimCount: number): boolean {
  return cards.some(isLockCard) || cards.length >= MAX_SET_SIZE || cards.length + claimCount > MAX_SET_SIZE;
}

/**
 * S8: how many cards a seat must add to an open set to take its claim (its claim count c), or null
 * when no addition can: the set is not open (no claimant), is locked (S9) or has no room for c more.
 */
export function cardsToSteal(set: TableSetView): number | null {
  if (set.claimant === null || set.claimCount === null) return null;
  return claimIsSafe(set.cards, set.claimCount) ? null : set.claimCount;
}

/** S8, S9: would adding `added` cards to this open set take its claim? */
export function wouldClaim(set: TableSetView, added: number): boolean {
  const needed = cardsToSteal(set);
  return needed !== null && added >= needed && set.cards.length + added <= MAX_SET_SIZE;
}
