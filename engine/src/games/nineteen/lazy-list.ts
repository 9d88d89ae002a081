/**
 * A list whose elements are made when first read. N22 makes every discard set a legal action, so a
 * hand at 4 seats lists 315 of them (219 for the bidder), each a new object, while a random player
 * or a search playout reads one: made eagerly, they were half the engine's time.
 *
 * To every reader it is the array it stands for: `Array.isArray`, `length`, indexing, iteration,
 * spreading, every array method, `JSON.stringify` and deep equality see the same elements in the
 * same order. Reading an index (or `length`) makes at most that element; any other use (a method,
 * iteration, listing keys, a write) first makes every element into the array behind the proxy,
 * which from then on answers for itself. What it is not: structured-cloneable (a Proxy), so views,
 * which cross boundaries, hold plain copies (views.ts).
 *
 * The array behind it starts empty rather than with holes: allocating 219 holes took ~0.45 µs in
 * a micro-benchmark, about what a whole decision may cost.
 */
export interface LazyList<T> {
  readonly list: readonly T[];
  /** The index of `value` among the elements made so far, by identity, or -1. */
  indexOf(value: unknown): number;
}

export function lazyList<T>(length: number, make: (index: number) => T): LazyList<T> {
  const handler = new LazyListHandler(length, make);
  return { list: new Proxy(handler.elements, handler), indexOf: (value) => handler.indexOf(value) };
}

const FEW = 8;

class LazyListHandler<T> implements ProxyHandler<T[]> {
  /** The array behind the proxy: empty until every element is made, then all of them. */
  readonly elements: T[] = [];
  /**
   * The elements made by index before that, and their indices: a few (a random player reads one),
   * so a list read at more than `FEW` places is made whole instead.
   */
  private readonly madeAt: number[] = [];
  private readonly made: T[] = [];
  private complete = false;
  private readonly length: number;
  private readonly make: (index: number) => T;

  constructor(length: number, make: (index: number) => T) {
    this.length = length;
    this.make = make;
  }

  get(target: T[], key: string | symbol, receiver: unknown): unknown {
    if (!this.complete && typeof key === 'string') {
      if (key === 'length') return this.length;
      const index = arrayIndex(key);
      if (index >= this.length) return undefined;
      if (index >= 0) return this.element(index);
      this.fill();
    }
    return Reflect.get(target, key, receiver);
  }

  has(target: T[], key: string | symbol): boolean {
    this.fill();
    return Reflect.has(target, key);
  }

  ownKeys(target: T[]): (string | symbol)[] {
    this.fill();
    return Reflect.ownKeys(target);
  }

  getOwnPropertyDescriptor(target: T[], key: string | symbol): PropertyDescriptor | undefined {
    this.fill();
    return Reflect.getOwnPropertyDescriptor(target, key);
  }

  set(target: T[], key: string | symbol, value: unknown, receiver: unknown): boolean {
    this.fill();
    return Reflect.set(target, key, value, receiver);
  }

  defineProperty(target: T[], key: string | symbol, descriptor: PropertyDescriptor): boolean {
    this.fill();
    return Reflect.defineProperty(target, key, descriptor);
  }

  deleteProperty(target: T[], key: string | symbol): boolean {
    this.fill();
    return Reflect.deleteProperty(target, key);
  }

  indexOf(value: unknown): number {
    if (this.complete) return this.elements.indexOf(value as T);
    const at = this.made.indexOf(value as T);
    return at < 0 ? -1 : this.madeAt[at]!;
  }

  private element(index: number): T {
    const at = this.madeAt.indexOf(index);
    if (at >= 0) return this.made[at]!;
    if (this.made.length === FEW) {
      this.fill();
      return this.elements[index]!;
    }
    const element = this.make(index);
    this.madeAt.push(index);
    this.made.push(element);
    return element;
  }

  private fill(): void {
    if (this.complete) return;
    for (let i = 0; i < this.length; i++) {
      const at = this.madeAt.indexOf(i);
      this.elements.push(at >= 0 ? this.made[at]! : this.make(i));
    }
    this.complete = true;
  }
}

/** The array index a property key names (written as arrays write them), else -1. */
function arrayIndex(key: string): number {
  const index = Number(key);
  return Number.isInteger(index) && index >= 0 && String(index) === key ? index : -1;
}
