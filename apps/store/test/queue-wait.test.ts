/** The queue-wait histograms the workers count per queue kind (counters.ts: recordQueueWait). */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { QUEUE_KINDS, QUEUE_WAIT_BUCKETS_S, readQueueWaits, recordQueueWait } from '../src/index.ts';
import { openWorld, type World } from './world.ts';

let world: World;
beforeEach(async () => { world = await openWorld(); });
afterEach(async () => { await world.close(); });

const waits = async () => new Map(await readQueueWaits(world.redis, world.prefix));
const record = (kind: string, waitMs: number) => recordQueueWait(world.redis, world.prefix, kind, waitMs);

describe('queue-wait histograms', () => {
  it('are zero for every kind before any job is counted', async () => {
    const zero = await waits();
    expect([...zero.keys()]).toEqual(['validation', 'tournament', 'challenge', 'ladder', 'sprt']);
    for (const histogram of zero.values()) {
      expect(histogram).toMatchObject({ sum: 0, count: 0 });
      expect(histogram.buckets.map((bucket) => bucket.le)).toEqual([...QUEUE_WAIT_BUCKETS_S.map(String), '+Inf']);
      expect(histogram.buckets.every((bucket) => bucket.count === 0)).toBe(true);
    }
  });

  it('count waits cumulatively by bucket in seconds, an upper bound inclusive, with their sum in seconds', async () => {
    // 40 ms, exactly 0.5 s, 0.5004 s (kept as 500 ms), 7 s, 2 h
    for (const ms of [40, 500, 500.4, 7_000, 7_200_000]) await record('challenge', ms);
    const challenge = (await waits()).get('challenge')!;
    expect(challenge.count).toBe(5);
    expect(challenge.sum).toBe(7_208.04);
    expect(Object.fromEntries(challenge.buckets.map(({ le, count }) => [le, count]))).toEqual({
      0.1: 1, 0.5: 3, 1: 3, 5: 3, 15: 4, 60: 4, 300: 4, 900: 4, 3600: 4, '+Inf': 5,
    });
  });

  it('are kept per kind', async () => {
    await record('ladder', 1_000);
    await record('ladder', 2_000);
    await record('validation', 0);
    const byKind = await waits();
    expect(Object.fromEntries(QUEUE_KINDS.map((kind) => [kind, [byKind.get(kind)!.count, byKind.get(kind)!.sum]]))).toEqual({
      validation: [1, 0], tournament: [0, 0], challenge: [0, 0], ladder: [2, 3], sprt: [0, 0],
    });
  });

  it('refuse an unknown kind or a wait that is not a finite number of ms, 0 or more, and count nothing', async () => {
    await expect(record('series', 10)).rejects.toThrow(/queue kind must be one of validation, tournament, challenge, ladder, sprt, got series/);
    for (const bad of [-1, Number.NaN, Number.POSITIVE_INFINITY]) {
      await expect(record('challenge', bad)).rejects.toThrow(/queue wait must be a finite number of ms/);
    }
    expect([...(await waits()).values()].every((histogram) => histogram.count === 0)).toBe(true);
  });
});
