/**
 * Deterministic randomness for bots. A bot must never use Math.random: seed from `onGameStart`
 * instead, so the same match replays identically in-process and in the sandbox.
 */
import { createRandom, type Random, type Seat } from '@xix/engine';

/**
 * A PRNG for one seat of one game, derived from the match seed and the seat (and an optional
 * `salt` to get independent streams), so that both seats of a self-play game draw differently.
 */
export function botRandom(seed: number, seat: Seat, salt = 0): Random {
  if (!Number.isSafeInteger(seed) || seed < 0) throw new RangeError(`seed must be a non-negative safe integer, got ${String(seed)}`);
  if (!Number.isInteger(seat) || seat < 0) throw new RangeError(`seat must be a non-negative integer, got ${String(seat)}`);
  if (!Number.isInteger(salt) || salt < 0) throw new RangeError(`salt must be a non-negative integer, got ${String(salt)}`);
  const mixer = createRandom(seed);
  // One draw per seat and salt: cheap, and every (seed, seat, salt) gets its own stream.
  let derived = 0;
  for (let i = 0; i <= seat + salt * 8; i++) derived = mixer.int(0x1_0000_0000);
  return createRandom(derived);
}

/** A uniformly chosen element of a non-empty list. */
export function pick<T>(items: readonly T[], random: Random): T {
  if (items.length === 0) throw new RangeError('cannot pick from an empty list');
  return items[random.int(items.length)] as T;
}
