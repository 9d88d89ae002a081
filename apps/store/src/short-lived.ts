/**
 * A value kept for a short time per key: reads within `ms` of a load share it (and share a load
 * in flight, so an expiry under load makes one Redis call, not one per waiting request). A failed
 * load is not kept. `ms` 0: every read loads.
 */
export interface ShortLived<V> {
  get(key: string): Promise<V>;
  /** Forgets every key: the next read loads. */
  clear(): void;
}

export function shortLived<V>(ms: number, load: (key: string) => Promise<V>, now: () => number = performance.now.bind(performance)): ShortLived<V> {
  const kept = new Map<string, { readonly at: number; readonly value: Promise<V> }>();
  return {
    get(key) {
      if (ms <= 0) return load(key);
      const entry = kept.get(key);
      if (entry !== undefined && now() - entry.at < ms) return entry.value;
      const value = load(key);
      const mine = { at: now(), value };
      kept.set(key, mine);
      // a failure is answered to its readers and forgotten, unless a newer load took its place
      value.catch(() => { if (kept.get(key) === mine) kept.delete(key); });
      return value;
    },
    clear() {
      kept.clear();
    },
  };
}
