/**
 * A list whose elements are made when first read. N22 makes every discard set a legal action, so a
 * hand at 4 seats lists 315 of them (219 for the bidder), each a new object, while a random player
 * or a search playout reads one: made eagerly, they were half the engine's time.
 *
 * To every reader it is the array it stands for: `Array.isArray`, `length`, indexing, iteration,
 * spreading, every array method, `JSON.stringify` and deep equality see the same elements in the
 * same order. Reading an index (or `length`) makes at most that element; any other use (a method,
 * iteration, listing keys, a write) first makes every element, after which the array behind the
 * proxy answers for itself. What it is not: structured-cloneable (a Proxy), so views, which cross
 * boundaries, hold plain copies (views.ts).
 *
 * `elements` is the array behind it, holes where no element is made yet: its owner may read it
 * (to know an element by identity) but not write it.
 */
export function lazyList<T>(elements: T[], make: (index: number) => T): readonly T[] {
  return new Proxy(elements, new LazyListHandler(make));
}

class LazyListHandler<T> implements ProxyHandler<T[]> {
  private complete = false;
  private readonly make: (index: number) => T;
  constructor(make: (index: number) => T) {
    this.make = make;
  }

  get(target: T[], key: string | symbol, receiver: unknown): unknown {
    if (!this.complete && typeof key === 'string') {
      if (key === 'length') return target.length;
      const index = arrayIndex(key);
      if (index >= target.length) return undefined;
      if (index >= 0) return target[index] ?? (target[index] = this.make(index));
      this.fill(target);
    }
    return Reflect.get(target, key, receiver);
  }

  has(target: T[], key: string | symbol): boolean {
    this.fill(target);
    return Reflect.has(target, key);
  }

  ownKeys(target: T[]): (string | symbol)[] {
    this.fill(target);
    return Reflect.ownKeys(target);
  }

  getOwnPropertyDescriptor(target: T[], key: string | symbol): PropertyDescriptor | undefined {
    this.fill(target);
    return Reflect.getOwnPropertyDescriptor(target, key);
  }

  set(target: T[], key: string | symbol, value: unknown, receiver: unknown): boolean {
    this.fill(target);
    return Reflect.set(target, key, value, receiver);
  }

  defineProperty(target: T[], key: string | symbol, descriptor: PropertyDescriptor): boolean {
    this.fill(target);
    return Reflect.defineProperty(target, key, descriptor);
  }

  deleteProperty(target: T[], key: string | symbol): boolean {
    this.fill(target);
    return Reflect.deleteProperty(target, key);
  }

  private fill(target: T[]): void {
    if (this.complete) return;
    this.complete = true;
    for (let i = 0; i < target.length; i++) target[i] ??= this.make(i);
  }
}

/** The array index a property key names (written as arrays write them), else -1. */
function arrayIndex(key: string): number {
  const index = Number(key);
  return Number.isInteger(index) && index >= 0 && String(index) === key ? index : -1;
}
