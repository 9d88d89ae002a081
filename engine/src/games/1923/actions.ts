/** 1923's only decision (T16): `hit` or `lock`, as shared frozen objects. */

export type HitAction = { readonly type: 'hit' };
export type LockAction = { readonly type: 'lock' };
export type NineteenTwentyThreeAction = HitAction | LockAction;

export const HIT: HitAction = Object.freeze({ type: 'hit' });
export const LOCK: LockAction = Object.freeze({ type: 'lock' });
/** The legal actions of a seat asked to decide, in their fixed order. */
export const BOTH_ACTIONS: readonly NineteenTwentyThreeAction[] = Object.freeze([HIT, LOCK]);

type Parsed = { readonly ok: true; readonly action: NineteenTwentyThreeAction } | { readonly ok: false; readonly reason: string };

/** An untrusted value as an action: a plain object with exactly the field `type`, `hit` or `lock`. */
export function parseAction(value: unknown): Parsed {
  if (value === HIT || value === LOCK) return { ok: true, action: value as NineteenTwentyThreeAction };
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    return { ok: false, reason: `an action must be an object { type: 'hit' | 'lock' }, got ${value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value}` };
  }
  const proto = Object.getPrototypeOf(value);
  if (proto !== Object.prototype && proto !== null) return { ok: false, reason: 'an action must be a plain object' };
  const keys = Reflect.ownKeys(value);
  const type = Object.getOwnPropertyDescriptor(value, 'type');
  if (keys.length !== 1 || type === undefined || !('value' in type)) return { ok: false, reason: "an action has exactly one field, type: 'hit' or 'lock'" };
  if (type.value === 'hit') return { ok: true, action: HIT };
  if (type.value === 'lock') return { ok: true, action: LOCK };
  const shown = typeof type.value === 'string' ? JSON.stringify(type.value.slice(0, 40)) : typeof type.value;
  return { ok: false, reason: `unknown action type ${shown}; expected hit or lock` };
}
