/** Seeds the referee accepts: what the engine's PRNG accepts. */
export function assertSeed(seed: unknown): asserts seed is number {
  if (typeof seed !== 'number' || !Number.isSafeInteger(seed) || seed < 0) {
    throw new RangeError(`a seed must be a non-negative safe integer, got ${String(seed)}`);
  }
}
