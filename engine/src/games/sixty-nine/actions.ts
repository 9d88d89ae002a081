/**
 * The 69 decisions (S18) as plain JSON objects, one kind of decision a phase:
 * - a turn: `pass` | `play{set, cards}` (S6);
 * - a Scramble: `keep` | `rearrange` (S11, S12);
 * - forming the rearranged table, one card at a time (S18's split of `form`): `take{card}` adds a
 *   card to the set being formed, `close` closes it (see `docs/rules-sixty-nine.md`);
 * - a steal chance: `add{set, cards}`, cards possibly empty (S8).
 * `set` is a position in the table's order (S4), 0-based. Card lists are sorted by card id.
 */
import { CARD_CODES, DECK_SIZE, MAX_SET_SIZE, cardOfCode, type CardCode } from './cards.ts';

export type PassAction = { readonly type: 'pass' };
export type PlayAction = { readonly type: 'play'; readonly set: number; readonly cards: readonly CardCode[] };
export type KeepAction = { readonly type: 'keep' };
export type RearrangeAction = { readonly type: 'rearrange' };
export type TakeAction = { readonly type: 'take'; readonly card: CardCode };
export type CloseAction = { readonly type: 'close' };
export type AddAction = { readonly type: 'add'; readonly set: number; readonly cards: readonly CardCode[] };
export type SixtyNineAction = PassAction | PlayAction | KeepAction | RearrangeAction | TakeAction | CloseAction | AddAction;

/** The kinds of decision, by phase: which actions each offers. */
export type DecisionKind = 'turn' | 'scramble' | 'form' | 'steal';
export const DECISION_ACTIONS: Readonly<Record<DecisionKind, readonly SixtyNineAction['type'][]>> = {
  turn: ['pass', 'play'],
  scramble: ['keep', 'rearrange'],
  form: ['take', 'close'],
  steal: ['add'],
};

export const PASS: PassAction = Object.freeze({ type: 'pass' });
export const KEEP: KeepAction = Object.freeze({ type: 'keep' });
export const REARRANGE: RearrangeAction = Object.freeze({ type: 'rearrange' });
export const CLOSE: CloseAction = Object.freeze({ type: 'close' });
const TAKES: readonly TakeAction[] = CARD_CODES.map((card) => Object.freeze({ type: 'take', card }));
export const takeAction = (card: number): TakeAction => TAKES[card]!;

/** An untrusted value read as an action: its type, set and card ids (sorted, distinct), or why not. */
export type Parsed =
  | { readonly ok: true; readonly type: SixtyNineAction['type']; readonly set: number; readonly cards: readonly number[] }
  | { readonly ok: false; readonly reason: string };

const FIELDS: Readonly<Record<SixtyNineAction['type'], readonly string[]>> = {
  pass: ['type'],
  play: ['cards', 'set', 'type'],
  keep: ['type'],
  rearrange: ['type'],
  take: ['card', 'type'],
  close: ['type'],
  add: ['cards', 'set', 'type'],
};

/**
 * Only plain data passes: no class instances, extra keys or getters; cards as codes (`5C`, `W1`),
 * a list's sorted by card id (number cards by suit then value, then W, L, X) and distinct.
 */
export function parseAction(value: unknown): Parsed {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, reason: `an action must be an object, got ${describe(value)}` };
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { ok: false, reason: 'an action must be a plain object' };
  const descriptors = Object.getOwnPropertyDescriptors(value);
  const type = descriptors.type?.value;
  if (typeof type !== 'string' || !Object.hasOwn(FIELDS, type)) return { ok: false, reason: `unknown action type ${describe(type)}; expected pass, play, keep, rearrange, take, close or add` };
  const expected = FIELDS[type as SixtyNineAction['type']];
  const keys = Object.getOwnPropertyNames(value).sort();
  if (keys.length !== expected.length || keys.some((k, i) => k !== expected[i])) return { ok: false, reason: `a ${type} action has exactly the fields ${expected.join(', ')}` };
  for (const key of keys) {
    const d = descriptors[key];
    if (d === undefined || !('value' in d)) return { ok: false, reason: `field ${key} must be plain data, not an accessor` };
  }
  const kind = type as SixtyNineAction['type'];
  if (kind === 'take') {
    const card = cardOfCode(descriptors.card!.value);
    if (card < 0) return { ok: false, reason: `card must be a card code such as 5C or W1, got ${describe(descriptors.card!.value)}` };
    return { ok: true, type: kind, set: -1, cards: [card] };
  }
  if (kind !== 'play' && kind !== 'add') return { ok: true, type: kind, set: -1, cards: [] };
  const set: unknown = descriptors.set!.value;
  if (typeof set !== 'number' || !Number.isInteger(set) || set < 0) return { ok: false, reason: `a ${kind}'s set is a table position 0, 1, …, got ${describe(set)}` };
  const list: unknown = descriptors.cards!.value;
  if (!Array.isArray(list) || Object.getPrototypeOf(list) !== Array.prototype) return { ok: false, reason: `a ${kind}'s cards must be a list of card codes, got ${describe(list)}` };
  if (list.length > MAX_SET_SIZE) return { ok: false, reason: `a ${kind} names at most ${MAX_SET_SIZE - 1} cards, got ${list.length}` };
  const cards: number[] = [];
  for (let i = 0; i < list.length; i++) {
    if (!Object.hasOwn(list, i)) return { ok: false, reason: `a ${kind}'s cards must be a list without holes` };
    const card = cardOfCode(list[i]);
    if (card < 0 || card >= DECK_SIZE) return { ok: false, reason: `a ${kind}'s cards must be card codes such as 5C or W1, got ${describe(list[i])}` };
    if (i > 0 && card <= cards[i - 1]!) return { ok: false, reason: `a ${kind} lists distinct cards in card order (suits A–F, values 0–9, then W, L, X)` };
    cards.push(card);
  }
  return { ok: true, type: kind, set, cards };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
  if (value === null || typeof value !== 'object') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** A short human description, e.g. `pass`, `play 5C 6D on set 2`, `add nothing to set 0`, `take W1`. */
export function formatAction(action: SixtyNineAction): string {
  switch (action.type) {
    case 'pass':
    case 'keep':
    case 'rearrange':
    case 'close':
      return action.type;
    case 'take':
      return `take ${action.card}`;
    case 'play':
      return `play ${action.cards.join(' ')} on set ${action.set}`;
    case 'add':
      return action.cards.length === 0 ? `add nothing to set ${action.set}` : `add ${action.cards.join(' ')} to set ${action.set}`;
  }
}
