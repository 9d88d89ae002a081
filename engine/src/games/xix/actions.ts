/**
 * The four XIX decisions as plain JSON objects. Each legal action is one shared, frozen object
 * with a dense numeric id (hidden under a symbol, so it never shows in JSON) which the rules use
 * to check legality with bit operations instead of parsing.
 */
import { CARD_COUNT, ROW_SIZE, isCard, type Card } from './cards.ts';

export type PlayAction = { readonly type: 'play'; readonly card: Card };
export type RaiseAction = { readonly type: 'raise' };
export type AbandonAction = { readonly type: 'abandon' };
export type PickAction = { readonly type: 'pick'; readonly card: Card };
/** Trade `card` from either hand for the strike card at `slot` (0-based, 0..4). */
export type TradeAction = { readonly type: 'trade'; readonly card: Card; readonly slot: number };
export type XixAction = PlayAction | RaiseAction | AbandonAction | PickAction | TradeAction;

export const ACTION_ID: unique symbol = Symbol('xix.actionId');

// Dense id layout: play 0..17, abandon 18, raise 19, pick 20..37, trade 38..127.
export const PLAY_BASE = 0;
export const ABANDON_ID = 18;
export const RAISE_ID = 19;
export const PICK_BASE = 20;
export const TRADE_BASE = 38;
export const ACTION_COUNT = TRADE_BASE + CARD_COUNT * ROW_SIZE;

export const playId = (card: Card): number => PLAY_BASE + card - 1;
export const pickId = (card: Card): number => PICK_BASE + card - 1;
export const tradeId = (card: Card, slot: number): number => TRADE_BASE + (card - 1) * ROW_SIZE + slot;

function tag<A extends XixAction>(action: A, id: number): A {
  Object.defineProperty(action, ACTION_ID, { value: id, enumerable: false });
  return Object.freeze(action);
}

/**
 * Every action, indexed by id. The objects are frozen; the array is not, because V8 indexes frozen
 * arrays markedly slower and this table is read on every decision (`readonly` guards it in types).
 */
export const ACTIONS: readonly XixAction[] = (() => {
  const all: XixAction[] = [];
  for (let c = 1; c <= CARD_COUNT; c++) all[playId(c)] = tag({ type: 'play', card: c }, playId(c));
  all[ABANDON_ID] = tag({ type: 'abandon' }, ABANDON_ID);
  all[RAISE_ID] = tag({ type: 'raise' }, RAISE_ID);
  for (let c = 1; c <= CARD_COUNT; c++) all[pickId(c)] = tag({ type: 'pick', card: c }, pickId(c));
  for (let c = 1; c <= CARD_COUNT; c++) {
    for (let s = 0; s < ROW_SIZE; s++) all[tradeId(c, s)] = tag({ type: 'trade', card: c, slot: s }, tradeId(c, s));
  }
  return all;
})();

export const actionAt = (id: number): XixAction => ACTIONS[id] as XixAction;

/** The id of one of the shared action objects, or -1 for any other value. */
export function canonicalId(value: unknown): number {
  const id = (value as { [ACTION_ID]?: unknown } | null | undefined)?.[ACTION_ID];
  return typeof id === 'number' && ACTIONS[id] === value ? id : -1;
}

type Parsed = { readonly ok: true; readonly id: number } | { readonly ok: false; readonly reason: string };

const FIELDS: Record<XixAction['type'], readonly string[]> = {
  play: ['card', 'type'],
  raise: ['type'],
  abandon: ['type'],
  pick: ['card', 'type'],
  trade: ['card', 'slot', 'type'],
};

/**
 * Turns an untrusted value into an action id, or says what is wrong with it. Only plain data
 * passes: no arrays, class instances, extra keys, getters or non-integer numbers.
 */
export function parseAction(value: unknown): Parsed {
  const known = canonicalId(value);
  if (known >= 0) return { ok: true, id: known };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: `an action must be an object, got ${describe(value)}` };
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { ok: false, reason: 'an action must be a plain object' };
  const descriptors = Object.getOwnPropertyDescriptors(value);
  const type = descriptors.type?.value;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) {
    return { ok: false, reason: `unknown action type ${describe(type)}; expected play, raise, abandon, pick or trade` };
  }
  const expected = FIELDS[type as XixAction['type']];
  const keys = Reflect.ownKeys(value).map(String).sort();
  if (keys.length !== expected.length || keys.some((k, i) => k !== expected[i])) {
    return { ok: false, reason: `a ${type} action has exactly the fields ${expected.join(', ')}` };
  }
  for (const key of keys) {
    const d = descriptors[key];
    if (d === undefined || !('value' in d)) return { ok: false, reason: `field ${key} must be plain data, not an accessor` };
  }
  if (type === 'raise') return { ok: true, id: RAISE_ID };
  if (type === 'abandon') return { ok: true, id: ABANDON_ID };
  const card: unknown = descriptors.card?.value;
  if (!isCard(card)) return { ok: false, reason: `card must be an integer from 1 to ${CARD_COUNT}, got ${describe(card)}` };
  if (type === 'play') return { ok: true, id: playId(card) };
  if (type === 'pick') return { ok: true, id: pickId(card) };
  const slot: unknown = descriptors.slot?.value;
  if (typeof slot !== 'number' || !Number.isInteger(slot) || slot < 0 || slot >= ROW_SIZE) {
    return { ok: false, reason: `slot must be an integer from 0 to ${ROW_SIZE - 1}, got ${describe(slot)}` };
  }
  return { ok: true, id: tradeId(card, slot) };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** A short human description, e.g. `play 7`, `trade 12 for slot 3`. */
export function formatAction(action: XixAction): string {
  switch (action.type) {
    case 'play':
      return `play ${action.card}`;
    case 'pick':
      return `pick ${action.card}`;
    case 'trade':
      return `trade ${action.card} for slot ${action.slot}`;
    default:
      return action.type;
  }
}
