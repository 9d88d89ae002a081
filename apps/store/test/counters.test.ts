/** The platform counters recordMatch keeps per game (counters.ts): once per stored match, never for a duplicate. */
import { describe, expect, it } from 'vitest';
import { DECISION_BUCKETS_MS, readGameCounters } from '../src/index.ts';
import type { MatchEntrant, ReplayLike } from '../src/types.ts';
import { fakeReplay, match, ratedPair } from './world.ts';
import { useWorld } from './use-world.ts';

let a: MatchEntrant;
let b: MatchEntrant;
let seriesId: string;
const world = useWorld(async (opened) => { ({ a, b, seriesId } = await ratedPair(opened)); });

/** A forfeit (R12: seat 1, timeout) whose moves took 0.5, 7 and 3000 ms of CPU, and one move measured only by the wall clock. */
function timedForfeit(): ReplayLike {
  const base = fakeReplay(0, { forfeitSeat: 1 });
  return { ...base, moves: [{ seat: 0, cpuMs: 0.5 }, { seat: 1, cpuMs: 7, ms: 9 }, { seat: 0, cpuMs: 3000 }, { seat: 1, ms: 4 }] };
}

const counters = () => readGameCounters(world.redis, world.prefix, 'xix');

describe('game counters', () => {
  it('are zero before any match is stored', async () => {
    const zero = await counters();
    expect(zero).toMatchObject({ games: 0, forfeits: {}, cpuMs: { sum: 0, count: 0 } });
    expect(zero.cpuMs.buckets.map((bucket) => bucket.le)).toEqual([...DECISION_BUCKETS_MS.map(String), '+Inf']);
    expect(zero.cpuMs.buckets.every((bucket) => bucket.count === 0)).toBe(true);
  });

  it('count games, forfeits by verdict and decision CPU times of stored matches, cumulatively by bucket', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], timedForfeit()));
    await world.store.recordMatch(match(seriesId, 1, [a, b], fakeReplay(1)));
    const after = await counters();
    expect(after.games).toBe(2);
    expect(after.forfeits).toEqual({ timeout: 1 });
    expect(after.cpuMs.sum).toBe(3007.5);
    expect(after.cpuMs.count).toBe(3);
    const cumulative = Object.fromEntries(after.cpuMs.buckets.map(({ le, count }) => [le, count]));
    expect(cumulative).toEqual({ 1: 1, 5: 1, 10: 2, 25: 2, 50: 2, 100: 2, 250: 2, 1000: 2, '+Inf': 3 });
  });

  it('do not move when the same match is recorded again (exactly once)', async () => {
    const first = match(seriesId, 0, [a, b], timedForfeit());
    expect(await world.store.recordMatch(first)).toBe('stored');
    const once = await counters();
    expect(await world.store.recordMatch(first)).toBe('duplicate');
    expect(await world.store.recordMatch({ ...first, replay: fakeReplay(1, { forfeitSeat: 0 }) })).toBe('duplicate');
    expect(await counters()).toEqual(once);
    expect(once.games).toBe(1);
  });

  it('are kept per game', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], timedForfeit()));
    expect((await readGameCounters(world.redis, world.prefix, 'another-game')).games).toBe(0);
  });
});
