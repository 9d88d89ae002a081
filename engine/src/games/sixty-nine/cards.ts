/**
 * 69's cards (S2) and legal sets (S3). Inside the engine a card is its ruling id: a number card is
 * `10·suit + printed value` (0–59, suits A–F = 0..5), then Wild W1–W3 (60–62), Lock L1–L3 (63–65)
 * and Scramble X1–X3 (66–68). Outside (setups, actions, views) a card is its code: value then suit
 * for a number card (`5C`), the kind letter and copy for a special (`W1`, `L2`, `X3`).
 */

/** A card code: `0A` … `9F`, `W1`–`W3`, `L1`–`L3`, `X1`–`X3`. */
export type CardCode = string;
/** A suit (the seed shows icons, not names). */
export type Suit = 'A' | 'B' | 'C' | 'D' | 'E' | 'F';

export const SUITS: readonly Suit[] = ['A', 'B', 'C', 'D', 'E', 'F'];
export const DECK_SIZE = 69;
/** S5: ten cards a seat. */
export const HAND_SIZE = 10;
/** S1. */
export const MIN_SEATS = 2;
export const MAX_SEATS = 6;
/** S15: the total that ends the game. */
export const TARGET_POINTS = 69;
/** S16: the last round. */
export const MAX_ROUNDS = 50;
/** S3: no set holds more; a set of 3+ is complete. */
export const MAX_SET_SIZE = 6;
export const COMPLETE_SIZE = 3;

export const WILD_BASE = 60;
export const LOCK_BASE = 63;
export const SCRAMBLE_BASE = 66;

export const isSpecial = (card: number): boolean => card >= WILD_BASE;
export const isWild = (card: number): boolean => card >= WILD_BASE && card < LOCK_BASE;
export const isLock = (card: number): boolean => card >= LOCK_BASE && card < SCRAMBLE_BASE;
export const isScramble = (card: number): boolean => card >= SCRAMBLE_BASE;
/** A number card's suit 0..5, or -1 for a special. */
export const suitOf = (card: number): number => (card < WILD_BASE ? (card / 10) | 0 : -1);
/** A number card's printed value 0..9, or -1 for a special. */
export const printedValue = (card: number): number => (card < WILD_BASE ? card % 10 : -1);
/** A special's kind: 0 Wild, 1 Lock, 2 Scramble; -1 for a number card. */
export const specialKind = (card: number): number => (card < WILD_BASE ? -1 : ((card - WILD_BASE) / 3) | 0);

export const CARD_CODES: readonly CardCode[] = Array.from({ length: DECK_SIZE }, (_, card) =>
  card < WILD_BASE ? `${card % 10}${SUITS[(card / 10) | 0]}` : `${'WLX'[specialKind(card)]}${((card - WILD_BASE) % 3) + 1}`,
);
const CARD_BY_CODE: ReadonlyMap<string, number> = new Map(CARD_CODES.map((code, card) => [code, card]));

/** The card of a code, or -1 for anything that is not one. */
export const cardOfCode = (code: unknown): number => (typeof code === 'string' ? (CARD_BY_CODE.get(code) ?? -1) : -1);
export const cardCode = (card: number): CardCode => CARD_CODES[card]!;

/**
 * S2, S3: by card, the values it may count as, as a bit mask over 0..10: its printed value, a 6 or
 * 9 either, a 0 as 0 or 10; a special any.
 */
export const VALUE_MASK: readonly number[] = Array.from({ length: DECK_SIZE }, (_, card) => {
  if (card >= WILD_BASE) return 0x7ff;
  const value = card % 10;
  if (value === 6 || value === 9) return (1 << 6) | (1 << 9);
  if (value === 0) return 1 | (1 << 10);
  return 1 << value;
});

/**
 * S3 in two parts, so that a search can grow a group one card at a time: the *slots* (each number
 * card's suit bit 0–5, a special's kind bit 6–8) must not repeat, and the *values* — the multiset of
 * value kinds (0–5, 6/9, 7, 8; specials counted apart) — must fit. A group's values are a *value
 * state*, a small number: adding a card to a state is one read of a transition table, and what a
 * state allows is one read of its flags. Both are computed the first time they are needed and kept
 * (a search over a hand's subsets meets the same few thousand multisets over and over).
 */
export const SLOT_BIT: readonly number[] = Array.from({ length: DECK_SIZE }, (_, card) => (card < WILD_BASE ? 1 << ((card / 10) | 0) : 1 << (6 + specialKind(card))));
/** A card's value kind: 0–5, 6 (a 6 or a 9), 7, 8, or 9 for any special. */
const VALUE_KINDS = 10;
export const VALUE_KIND: readonly number[] = Array.from({ length: DECK_SIZE }, (_, card) => (card >= WILD_BASE ? 9 : card % 10 === 9 ? 6 : card % 10));

/**
 * `valueFlags` bits: the values make a legal set; some legal set of at most six could contain them;
 * and (from bit EXTRA_SHIFT) the fewest cards to add for a legal set, 7 for none: a search drops a
 * group that needs more cards than it has left to add.
 */
export const LEGAL = 1;
export const GROWABLE = 2;
export const EXTRA_SHIFT = 2;

/**
 * Value states. Each state is a multiset of value kinds that could still grow into a legal set,
 * known by its key (the counts of each value kind in base 7), plus DEAD, which stands for every
 * multiset no legal set could hold (what grows from it is dead too), and EMPTY_VALUES, the group
 * of no card. A state is a number that carries its flags in its low FLAG_BITS bits, then the value
 * kinds a card of which leaves the group growable (a bit each, kindsThatGrow), then its index, so
 * that the search reads what a group allows without a second table read. Slots are checked before
 * values, so a group holds at most one card a suit and one special a kind: 779 such multisets can
 * still grow (counted by enumeration), well under STATE_CAPACITY.
 */
const FLAG_BITS = 5;
const FLAG_MASK = (1 << FLAG_BITS) - 1;
const ALL_KINDS = (1 << VALUE_KINDS) - 1;
const INDEX_SHIFT = FLAG_BITS + VALUE_KINDS;
const STATE_CAPACITY = 1_024;
const KEY_BASE = 7;
const DEAD = 7 << EXTRA_SHIFT; // index 0, nothing allowed
export const EMPTY_VALUES = (1 << INDEX_SHIFT) | (ALL_KINDS << FLAG_BITS) | GROWABLE; // index 1 (any one card may start a set); its flags are never read
/** By state index and value kind, the state after adding a card of that kind; -1 until first needed. */
const nextState = new Int32Array(STATE_CAPACITY * VALUE_KINDS).fill(-1);
nextState.fill(DEAD, 0, VALUE_KINDS);
/** By state index, its key. */
const stateKeys: number[] = [0, 0];
const stateOfKey = new Map<number, number>([[0, EMPTY_VALUES]]);

/** The value state of `state`'s group with `card` added. */
export function addValue(state: number, card: number): number {
  const next = nextState[(state >> INDEX_SHIFT) * VALUE_KINDS + VALUE_KIND[card]!]!;
  return next >= 0 ? next : learnNext(state, VALUE_KIND[card]!);
}

/**
 * The value kinds (a bit each) a card of which leaves the state's group growable. With it a search
 * finds which of a hand's cards may join a group for all of them at once, with bit operations
 * rather than a branch for each card (branches that a processor cannot predict, since whether a
 * card fits is as good as random).
 */
export const kindsThatGrow = (state: number): number => (state >> FLAG_BITS) & ALL_KINDS;

/** What a group's values allow (LEGAL, GROWABLE, the fewest cards to add), from its value state: the slots are checked apart. */
export const valueFlags = (state: number): number => state & FLAG_MASK;

function learnNext(state: number, kind: number): number {
  const index = state >> INDEX_SHIFT;
  const key = stateKeys[index]! + KEY_BASE ** kind;
  let next = stateOfKey.get(key);
  if (next === undefined) {
    const flags = computeFlags(key);
    if ((flags & GROWABLE) === 0) next = DEAD;
    else {
      if (stateKeys.length === STATE_CAPACITY) throw new Error('69 value states: more than STATE_CAPACITY, which the slot rule should make impossible');
      next = (stateKeys.length << INDEX_SHIFT) | (growingKinds(key) << FLAG_BITS) | flags;
      stateKeys.push(key);
    }
    stateOfKey.set(key, next);
  }
  nextState[index * VALUE_KINDS + kind] = next;
  return next;
}

/** The value kinds a card of which leaves the multiset of `key` growable: none once it holds six cards. */
function growingKinds(key: number): number {
  let size = 0;
  for (let rest = key; rest > 0; rest = Math.floor(rest / KEY_BASE)) size += rest % KEY_BASE;
  if (size >= MAX_SET_SIZE) return 0;
  let kinds = 0;
  for (let kind = 0; kind < VALUE_KINDS; kind++) if (computeFlags(key + KEY_BASE ** kind) & GROWABLE) kinds |= 1 << kind;
  return kinds;
}

function computeFlags(key: number): number {
  // A representative group: each value kind's cards in suits of their own, the specials distinct.
  const cards: number[] = [];
  let suit = 0;
  for (let kind = 0, rest = key; kind <= 9; kind++, rest = Math.floor(rest / KEY_BASE)) {
    // A special's value is free: which one stands in does not matter.
    for (let count = rest % KEY_BASE; count > 0; count--) cards.push(kind === 9 ? WILD_BASE : 10 * (suit++ % 6) + kind);
  }
  const size = cards.length;
  if (size === 0 || size > MAX_SET_SIZE) return 7 << EXTRA_SHIFT;
  let extra = 0;
  while (size + extra <= MAX_SET_SIZE && !valuesFit(cards, size + extra)) extra++;
  if (size + extra > MAX_SET_SIZE) return 7 << EXTRA_SHIFT;
  return (extra === 0 ? LEGAL : 0) | GROWABLE | (extra << EXTRA_SHIFT);
}

/** The value state of a group, DEAD when two of its cards share a slot. */
function groupValues(cards: readonly number[]): number {
  let slots = 0;
  let values = EMPTY_VALUES;
  for (const card of cards) {
    const bit = SLOT_BIT[card]!;
    if (slots & bit) return DEAD;
    slots |= bit;
    values = addValue(values, card);
  }
  return values;
}

/**
 * S3: is this group of cards (ids, any order, any size) a legal set? At most six cards, at most one
 * of each special kind, number cards of different suits, and values all equal or consecutive
 * (k cards in a run of k within 0..10, specials filling any value).
 */
export function isLegalSet(cards: readonly number[]): boolean {
  if (cards.length === 0 || cards.length > MAX_SET_SIZE) return false;
  return (valueFlags(groupValues(cards)) & LEGAL) !== 0;
}

/**
 * S3 on a group that may still grow: can some legal set of at most six cards contain it? The same
 * tests, with the run allowed to be as long as six, so that gaps may be filled later.
 */
export function canGrowToLegalSet(cards: readonly number[]): boolean {
  if (cards.length === 0 || cards.length > MAX_SET_SIZE) return false;
  return (valueFlags(groupValues(cards)) & GROWABLE) !== 0;
}

/** Number cards (their value masks) of the group being checked: scratch, at most six. */
const masks: number[] = [0, 0, 0, 0, 0, 0];

/** The value part of S3 for a group without repeated slots: all equal, or a run no longer than `runLength`. */
function valuesFit(cards: readonly number[], runLength: number): boolean {
  let numbers = 0;
  let common = 0x7ff;
  for (const card of cards) {
    if (card >= WILD_BASE) continue;
    const mask = VALUE_MASK[card]!;
    common &= mask;
    masks[numbers++] = mask;
  }
  if (numbers <= 1 || common !== 0) return true;
  // A run: distinct values, the highest at most runLength − 1 above the lowest. Flexible cards
  // (6/9, 0/10) have two choices each: at most 2^6 assignments.
  return assign(0, numbers, 0, 11, -1, runLength - 1);
}

/** Tries values for masks[i..numbers), with `used` the values taken and low/high their range. */
function assign(i: number, numbers: number, used: number, low: number, high: number, span: number): boolean {
  if (i === numbers) return high - low <= span;
  let options = masks[i]! & ~used;
  while (options !== 0) {
    const bit = options & -options;
    options ^= bit;
    const value = 31 - Math.clz32(bit);
    const lo = value < low ? value : low;
    const hi = value > high ? value : high;
    if (hi - lo <= span && assign(i + 1, numbers, used | bit, lo, hi, span)) return true;
  }
  return false;
}

