/**
 * Deltas between two JSON values (a game's public view before and after a move), for the live
 * streams the worker writes (live.ts) and the follow stream (docs/api.md "Follow stream"): a public
 * view carries the game's whole public history, so sending it at every move costs a long game
 * hundreds of KB; its delta is what the move changed. Pure, no I/O: the server and the web client
 * apply the same deltas (apps/web/src/stream.ts).
 *
 * A delta is one of:
 * - `{ "v": value }`: the new value, whole (a scalar that changed, or a change of shape);
 * - `{ "o": { key: delta, … }, "x": [key, …] }`: an object's changed keys, and the removed ones (`x`, optional);
 * - `{ "a": { index: delta, … }, "p": [item, …], "n": length }`: an array's changed items, items pushed
 *   at its end (`p`, optional) and its new length (`n`, when it shrank).
 * No delta at all (undefined) means equal.
 */
export type JsonDelta =
  | { readonly v: unknown }
  | { readonly o: Readonly<Record<string, JsonDelta>>; readonly x?: readonly string[] }
  | { readonly a: Readonly<Record<string, JsonDelta>>; readonly p?: readonly unknown[]; readonly n?: number };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The delta from `before` to `after` (JSON values), or undefined when they are equal. */
export function jsonDelta(before: unknown, after: unknown): JsonDelta | undefined {
  if (before === after) return undefined;
  if (Array.isArray(before) && Array.isArray(after)) {
    const changed: Record<string, JsonDelta> = {};
    let any = false;
    const common = Math.min(before.length, after.length);
    for (let i = 0; i < common; i++) {
      const delta = jsonDelta(before[i], after[i]);
      if (delta !== undefined) {
        changed[i] = delta;
        any = true;
      }
    }
    if (after.length > before.length) return { a: changed, p: after.slice(common) };
    if (after.length < before.length) return { a: changed, n: after.length };
    return any ? { a: changed } : undefined;
  }
  if (isObject(before) && isObject(after)) {
    const changed: Record<string, JsonDelta> = {};
    let any = false;
    for (const key of Object.keys(after)) {
      const delta = Object.hasOwn(before, key) ? jsonDelta(before[key], after[key]) : { v: after[key] };
      if (delta !== undefined) {
        changed[key] = delta;
        any = true;
      }
    }
    const removed = Object.keys(before).filter((key) => !Object.hasOwn(after, key));
    if (removed.length > 0) return { o: changed, x: removed };
    return any ? { o: changed } : undefined;
  }
  // scalars (or a change of kind): equal scalars are ===, except what JSON cannot tell apart
  if (typeof before !== 'object' && typeof after !== 'object' && before === after) return undefined;
  return { v: after };
}

/**
 * `before` with `delta` applied, as a new value (`before` is not changed; unchanged parts are
 * shared). Throws on a delta that does not fit `before` (a client that lost its base resyncs).
 */
export function applyJsonDelta(before: unknown, delta: JsonDelta | undefined): unknown {
  if (delta === undefined) return before;
  if ('v' in delta) return delta.v;
  if ('o' in delta) {
    if (!isObject(before)) throw new TypeError('an object delta for a value that is not an object');
    const after: Record<string, unknown> = { ...before };
    for (const key of delta.x ?? []) delete after[key];
    for (const [key, inner] of Object.entries(delta.o)) after[key] = Object.hasOwn(before, key) ? applyJsonDelta(before[key], inner) : applyJsonDelta(undefined, inner);
    return after;
  }
  if (!Array.isArray(before)) throw new TypeError('an array delta for a value that is not an array');
  const after = delta.n === undefined ? before.slice() : before.slice(0, delta.n);
  for (const [index, inner] of Object.entries(delta.a)) {
    const i = Number(index);
    if (!(i < after.length)) throw new RangeError(`an array delta for item ${index} of ${after.length}`);
    after[i] = applyJsonDelta(after[i], inner);
  }
  if (delta.p !== undefined) after.push(...delta.p);
  return after;
}
