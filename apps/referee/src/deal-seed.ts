/**
 * The seed of a series' deal. A replay publishes its deal's seed, so no deal's seed may tell
 * another deal (issue 19: a finished twin must not give away the deals still to be broadcast): under
 * a deal key, deal i's seed is an HMAC of `seed + i` under the key, unrelated to every other deal's
 * for whoever lacks the key. The platform draws a secret key per series (one for all the series of
 * a tournament: its tables play the same deals) and never publishes it, nor the series' seed.
 * Without a key (local play, series stored before deal keys) deal i's seed is `seed + i`.
 *
 * The HMAC is of `seed + i`, not of the seed and i apart, so a series split into jobs that start
 * at `seed + firstDeal` (a resumed series, the command line's pool) keeps every deal's seed.
 */
import { createHmac } from 'node:crypto';
import { assertSeed } from '@xix/engine';

export function dealSeed(seed: number, deal: number, dealKey?: string): number {
  const base = seed + deal;
  assertSeed(base);
  if (dealKey === undefined || dealKey === '') return base;
  // 48 bits of the digest: a safe integer, as the engine's seeds are
  return createHmac('sha256', dealKey).update(`deal/${base}`).digest().readUIntBE(0, 6);
}
