/** The fixed-window counters behind the server's rate limits and its throttle of failed logins. */
import { describe, expect, it } from 'vitest';
import { useWorld } from './use-world.ts';

const world = useWorld();

describe('rate counters', () => {
  it('counts per limit and subject within a window, and reads without counting', async () => {
    expect(await world.store.readHits('upload', 'alice')).toEqual({ count: 0, resetMs: 0 });
    expect((await world.store.countHit('upload', 'alice', 60_000)).count).toBe(1);
    const second = await world.store.countHit('upload', 'alice', 60_000);
    expect(second.count).toBe(2);
    expect(second.resetMs).toBeGreaterThan(50_000);
    expect(second.resetMs).toBeLessThanOrEqual(60_000);
    expect((await world.store.readHits('upload', 'alice')).count).toBe(2);
    expect((await world.store.countHit('upload', 'bob', 60_000)).count).toBe(1);
    expect((await world.store.countHit('challenge', 'alice', 60_000)).count).toBe(1);
    expect((await world.store.countHit('auth-failure', '::ffff:10.0.0.1', 60_000)).count).toBe(1);
  });

  it('takes a count back, never below zero and never reopening a closed window', async () => {
    await world.store.countHit('upload', 'alice', 60_000);
    await world.store.takeBackHit('upload', 'alice');
    await world.store.takeBackHit('upload', 'alice');
    expect((await world.store.readHits('upload', 'alice')).count).toBe(0);
    await world.store.takeBackHit('upload', 'nobody');
    expect(await world.redis.exists(`${world.prefix}:ratelimit:upload:nobody`)).toBe(0);
    // a window closes on time: its key expires
    await world.store.countHit('upload', 'carol', 60_000);
    expect(await world.redis.pttl(`${world.prefix}:ratelimit:upload:carol`)).toBeGreaterThan(0);
  });
});
