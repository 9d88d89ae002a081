/**
 * The seed a bot gets for its own randomness (`onGameStart`, and the sandbox's `Math.random`).
 * Never the deal's seed: a bot that knew it could draw the deal again and see both hands (R11).
 * It is an HMAC of the deal seed and the seat under a key, so it is reproducible for whoever holds
 * the key and tells a bot nothing about the deal. Where bots are untrusted the key must be secret
 * (the sandbox pool draws a random one per series); local runs use a fixed key, for repeatability.
 */
import { createHmac } from 'node:crypto';
import type { Seat } from '@xix/engine';

export const LOCAL_BOT_SEED_KEY = 'xix-arena local play';

export function botSeed(key: string, dealSeed: number, seat: Seat): number {
  if (typeof key !== 'string' || key === '') throw new TypeError('a bot seed key must be a non-empty string');
  // 48 bits of the digest: a safe integer.
  return createHmac('sha256', key).update(`${dealSeed}/${seat}`).digest().readUIntBE(0, 6);
}
