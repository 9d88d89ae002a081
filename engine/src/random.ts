/**
 * A small, fast, seeded PRNG (sfc32, seeded through splitmix32). The engine never touches
 * Math.random: every random choice comes from a seed, so games can be replayed exactly.
 */
import { GameError } from './game.ts';

export interface Random {
  /** A float in [0, 1). */
  next(): number;
  /** An integer in [0, n). */
  int(n: number): number;
}

export function assertSeed(seed: unknown): asserts seed is number {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0) {
    throw new GameError(`a seed must be a non-negative safe integer, got ${String(seed)}`);
  }
}

export function createRandom(seed: number): Random {
  assertSeed(seed);
  // splitmix32 spreads the (possibly small, possibly > 2^32) seed over sfc32's 128-bit state.
  let s = (seed >>> 0) ^ Math.floor(seed / 0x1_0000_0000);
  const splitmix = (): number => {
    s = (s + 0x9e3779b9) | 0;
    let z = s;
    z = Math.imul(z ^ (z >>> 16), 0x21f0aaad);
    z = Math.imul(z ^ (z >>> 15), 0x735a2d97);
    return (z ^ (z >>> 15)) >>> 0;
  };
  let a = splitmix();
  let b = splitmix();
  let c = splitmix();
  let d = splitmix();
  const nextUint32 = (): number => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return t >>> 0;
  };
  for (let i = 0; i < 12; i++) nextUint32();
  return {
    next: () => nextUint32() / 0x1_0000_0000,
    int: (n) => Math.floor((nextUint32() / 0x1_0000_0000) * n),
  };
}

/** Fisher–Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], random: Random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const tmp = out[i] as T;
    out[i] = out[j] as T;
    out[j] = tmp;
  }
  return out;
}
