/**
 * Broadcast holds (issue 19): set, refreshed, released, and gone by themselves when their time to
 * live runs out, so a crashed server cannot keep a deal secret.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_BROADCAST_HOLD_MS, StoreInputError } from '../src/index.ts';
import { keysFor } from '../src/keys.ts';
import { openWorld, type World } from './world.ts';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

describe('broadcast holds', () => {
  it('hold a game until released, and tell only the held ones', async () => {
    await w.store.holdBroadcast('s1.0', 60_000);
    await w.store.holdBroadcast('s1.2', 60_000);
    expect(await w.store.onBroadcast(['s1.0', 's1.1', 's1.2'])).toEqual(new Set(['s1.0', 's1.2']));
    await w.store.releaseBroadcast('s1.0');
    await w.store.releaseBroadcast('s1.1'); // never held: no-op
    expect(await w.store.onBroadcast(['s1.0', 's1.1', 's1.2'])).toEqual(new Set(['s1.2']));
    expect(await w.store.onBroadcast([])).toEqual(new Set());
  });

  it('lapse by themselves, and a refresh extends them', async () => {
    const key = keysFor(w.prefix).broadcastHolds();
    // a hold's member is `<match>|<showing>` (showing '' here)
    const lapsesAt = async () => Number(await w.redis.zscore(key, 's1.0|'));
    const [seconds] = await w.redis.time();
    await w.store.holdBroadcast('s1.0', 1000);
    const first = await lapsesAt();
    expect(first).toBeGreaterThanOrEqual(Number(seconds) * 1000 + 1000);
    await w.store.holdBroadcast('s1.0', 50_000);
    expect(await lapsesAt()).toBeGreaterThan(first + 40_000);
    // a hold whose time has run out (what a crashed server leaves): no longer on broadcast, and swept
    await w.redis.zadd(key, Number(seconds) * 1000 - 1, 's1.0|');
    expect(await w.store.onBroadcast(['s1.0'])).toEqual(new Set());
    await w.store.holdBroadcast('s1.1', 1000);
    expect(await w.redis.zscore(key, 's1.0|')).toBeNull();
  });

  it('refuse bad input', async () => {
    await expect(w.store.holdBroadcast('nope', 1000)).rejects.toThrow(StoreInputError);
    await expect(w.store.holdBroadcast('s1.0', 0)).rejects.toThrow(StoreInputError);
    await expect(w.store.holdBroadcast('s1.0', MAX_BROADCAST_HOLD_MS + 1)).rejects.toThrow(StoreInputError);
    await expect(w.store.holdBroadcast('s1.0', 1.5)).rejects.toThrow(StoreInputError);
    await expect(w.store.releaseBroadcast('s1')).rejects.toThrow(StoreInputError);
    await expect(w.store.onBroadcast(['s1.0', 'x'])).rejects.toThrow(StoreInputError);
  });
});
