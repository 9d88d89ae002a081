/**
 * The Nineteen decisions (N22) as plain JSON objects. `pass`, `bid`, `trump` and `play` are shared,
 * frozen objects with a dense id (hidden under a symbol, so it never shows in JSON), so legality is
 * a table lookup; a `discard` names a set of the seat's own cards and is built for its decision.
 */
import { CARD_CODES, DECK_SIZE, MAX_BID, MIN_BID, SUITS, cardOfCode, suitOfCode, type CardCode, type Suit } from './cards.ts';

export type PassAction = { readonly type: 'pass' };
/** N4: 3 to 6, above the current high bid. */
export type BidAction = { readonly type: 'bid'; readonly amount: number };
/** N5: the bidder names the trump suit. */
export type TrumpAction = { readonly type: 'trump'; readonly suit: Suit };
/** N6: the cards thrown, sorted (suits C D H S, ranks 2..A); possibly none for a non-bidder. */
export type DiscardAction = { readonly type: 'discard'; readonly cards: readonly CardCode[] };
export type PlayAction = { readonly type: 'play'; readonly card: CardCode };
export type NineteenAction = PassAction | BidAction | TrumpAction | DiscardAction | PlayAction;

export const ACTION_ID: unique symbol = Symbol('nineteen.actionId');

// Dense ids of the shared actions: pass 0, bid 1..4 (3..6), trump 5..8 (C D H S), play 9..60.
export const PASS_ID = 0;
export const BID_BASE = 1 - MIN_BID;
export const TRUMP_BASE = 5;
export const PLAY_BASE = 9;
/** Not a shared action: a discard, or a value that is none of the shared objects. */
export const DISCARD_ID = -1;

function tag<A extends NineteenAction>(action: A, id: number): A {
  Object.defineProperty(action, ACTION_ID, { value: id, enumerable: false });
  return Object.freeze(action);
}

/** Every shared action, indexed by id (the array is left unfrozen: V8 indexes frozen arrays slower). */
export const ACTIONS: readonly NineteenAction[] = (() => {
  const all: NineteenAction[] = [];
  all[PASS_ID] = tag({ type: 'pass' }, PASS_ID);
  for (let amount = MIN_BID; amount <= MAX_BID; amount++) all[BID_BASE + amount] = tag({ type: 'bid', amount }, BID_BASE + amount);
  for (let suit = 0; suit < 4; suit++) all[TRUMP_BASE + suit] = tag({ type: 'trump', suit: SUITS[suit]! }, TRUMP_BASE + suit);
  for (let card = 0; card < DECK_SIZE; card++) all[PLAY_BASE + card] = tag({ type: 'play', card: CARD_CODES[card]! }, PLAY_BASE + card);
  return all;
})();

export const PASS = ACTIONS[PASS_ID] as PassAction;
export const bidAction = (amount: number): BidAction => ACTIONS[BID_BASE + amount] as BidAction;
export const trumpAction = (suit: number): TrumpAction => ACTIONS[TRUMP_BASE + suit] as TrumpAction;
export const playAction = (card: number): PlayAction => ACTIONS[PLAY_BASE + card] as PlayAction;

/** The id of one of the shared action objects, or -1 for any other value. */
export function canonicalId(value: unknown): number {
  const id = (value as { [ACTION_ID]?: unknown } | null | undefined)?.[ACTION_ID];
  return typeof id === 'number' && ACTIONS[id] === value ? id : -1;
}

/** A parsed action: a shared action's id, or a discard's card numbers (sorted, distinct). */
export type Parsed =
  | { readonly ok: true; readonly id: number; readonly cards: null }
  | { readonly ok: true; readonly id: typeof DISCARD_ID; readonly cards: readonly number[] }
  | { readonly ok: false; readonly reason: string };

const FIELDS: Readonly<Record<NineteenAction['type'], readonly string[]>> = {
  pass: ['type'],
  bid: ['amount', 'type'],
  trump: ['suit', 'type'],
  discard: ['cards', 'type'],
  play: ['card', 'type'],
};

/**
 * An untrusted value as an action, or what is wrong with it. Only plain data passes: no class
 * instances, extra keys, getters; cards as codes (`QH`, `10S`), a discard's sorted and distinct.
 */
export function parseAction(value: unknown): Parsed {
  const known = canonicalId(value);
  if (known >= 0) return { ok: true, id: known, cards: null };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: `an action must be an object, got ${describe(value)}` };
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { ok: false, reason: 'an action must be a plain object' };
  const descriptors = Object.getOwnPropertyDescriptors(value);
  const type = descriptors.type?.value;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return { ok: false, reason: `unknown action type ${describe(type)}; expected pass, bid, trump, discard or play` };
  const expected = FIELDS[type as NineteenAction['type']];
  // String keys only: a shared action of another copy of this module (a bot's bundle holds one)
  // carries that copy's hidden id symbol, which JSON never shows and the action does not need.
  const keys = Object.getOwnPropertyNames(value).sort();
  if (keys.length !== expected.length || keys.some((k, i) => k !== expected[i])) return { ok: false, reason: `a ${type} action has exactly the fields ${expected.join(', ')}` };
  for (const key of keys) {
    const d = descriptors[key];
    if (d === undefined || !('value' in d)) return { ok: false, reason: `field ${key} must be plain data, not an accessor` };
  }
  switch (type) {
    case 'pass':
      return { ok: true, id: PASS_ID, cards: null };
    case 'bid': {
      const amount: unknown = descriptors.amount!.value;
      if (typeof amount !== 'number' || !Number.isInteger(amount) || amount < MIN_BID || amount > MAX_BID) return { ok: false, reason: `a bid's amount is a whole number from ${MIN_BID} to ${MAX_BID}, got ${describe(amount)}` };
      return { ok: true, id: BID_BASE + amount, cards: null };
    }
    case 'trump': {
      const suit = suitOfCode(descriptors.suit!.value);
      if (suit < 0) return { ok: false, reason: `a trump's suit is one of C, D, H, S, got ${describe(descriptors.suit!.value)}` };
      return { ok: true, id: TRUMP_BASE + suit, cards: null };
    }
    case 'play': {
      const card = cardOfCode(descriptors.card!.value);
      if (card < 0) return { ok: false, reason: `card must be a card code such as QH or 10S, got ${describe(descriptors.card!.value)}` };
      return { ok: true, id: PLAY_BASE + card, cards: null };
    }
    default: {
      const list: unknown = descriptors.cards!.value;
      if (!Array.isArray(list) || Object.getPrototypeOf(list) !== Array.prototype) return { ok: false, reason: `a discard's cards must be a list of card codes, got ${describe(list)}` };
      if (list.length > 8) return { ok: false, reason: `a discard names at most 8 cards, got ${list.length}` };
      const cards: number[] = [];
      for (let i = 0; i < list.length; i++) {
        if (!Object.hasOwn(list, i)) return { ok: false, reason: 'a discard\'s cards must be a list without holes' };
        const card = cardOfCode(list[i]);
        if (card < 0) return { ok: false, reason: `a discard's cards must be card codes such as QH or 10S, got ${describe(list[i])}` };
        if (i > 0 && card <= cards[i - 1]!) return { ok: false, reason: 'a discard lists distinct cards in order (suits C D H S, ranks 2 to A)' };
        cards.push(card);
      }
      return { ok: true, id: DISCARD_ID, cards };
    }
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** A short human description, e.g. `bid 4`, `trump S`, `discard 2C 10D`, `play QH`. */
export function formatAction(action: NineteenAction): string {
  switch (action.type) {
    case 'pass':
      return 'pass';
    case 'bid':
      return `bid ${action.amount}`;
    case 'trump':
      return `trump ${action.suit}`;
    case 'discard':
      return action.cards.length === 0 ? 'discard nothing' : `discard ${action.cards.join(' ')}`;
    case 'play':
      return `play ${action.card}`;
  }
}
