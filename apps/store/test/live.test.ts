/**
 * The games-in-progress list with real Redis: newest first, and games no longer in progress (stored,
 * or silent past the live stream's lifetime because their worker died) are taken off it, however
 * far down the list they are, so they cannot pile up.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIVE_TTL_SECONDS, StoreInputError, type LiveEvent } from '../src/index.ts';
import { keysFor } from '../src/keys.ts';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, openWorld, ratedPair, type World } from './world.ts';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const HOUR_AND_A_BIT = (LIVE_TTL_SECONDS + 60) * 1000;

/** Publishes a game's `start`, then dates its start `agoMs` back. */
async function started(id: string, seats: readonly MatchEntrant[], agoMs: number): Promise<void> {
  const start: LiveEvent = { type: 'start', match: id, game: 'xix', seats, view: {} };
  await w.store.publishLive(id, [start], { game: 'xix', tournament: null });
  await w.redis.zadd(keysFor(w.prefix).liveGames(), Date.now() - agoMs, id);
}

/** What the list holds in Redis, listed or not. */
async function listed(): Promise<string[]> {
  return (await w.redis.zrange(keysFor(w.prefix).liveGames(), '0', '-1')).sort();
}

describe('the games in progress', () => {
  it('are listed newest first, at most as many as asked', async () => {
    const { a, b, seriesId } = await ratedPair(w);
    for (let i = 0; i < 4; i++) await started(`${seriesId}.${i}`, [a, b], (4 - i) * 1000);
    expect((await w.store.liveGames(2)).map((g) => g.match)).toEqual([`${seriesId}.3`, `${seriesId}.2`]);
    const all = await w.store.liveGames();
    expect(all.map((g) => g.match)).toEqual([3, 2, 1, 0].map((i) => `${seriesId}.${i}`));
    expect(all[0]!.startedAt).toBeGreaterThan(all[1]!.startedAt);
  });

  it('lose the games stored or silent past the stream lifetime, even those past the page asked', async () => {
    const { a, b, seriesId } = await ratedPair(w);
    const id = (i: number) => `${seriesId}.${i}`;
    const keys = keysFor(w.prefix);
    await started(id(0), [a, b], HOUR_AND_A_BIT); // a long game, still publishing: stays
    await started(id(1), [a, b], HOUR_AND_A_BIT + 1000); // its worker died: the stream expired
    await w.redis.del(keys.live(id(1)));
    await started(id(2), [a, b], HOUR_AND_A_BIT + 2000); // stored, its end never published
    await w.store.recordMatch(match(seriesId, 2, [a, b], fakeReplay(0)));
    await started(id(3), [a, b], 5000); // stored, newer
    await w.store.recordMatch(match(seriesId, 3, [a, b], fakeReplay(1)));
    await started(id(4), [a, b], 1000); // in play
    for (let i = 5; i < 8; i++) {
      // several silent ones behind the page of one asked for below
      await started(id(i), [a, b], HOUR_AND_A_BIT + i * 1000);
      await w.redis.del(keys.live(id(i)));
    }

    expect((await w.store.liveGames(1)).map((g) => g.match)).toEqual([id(4)]);
    expect(await listed()).toEqual([id(0), id(4)].sort());
    expect((await w.store.liveGames()).map((g) => g.match)).toEqual([id(4), id(0)]);
  });

  it('refuse a bad limit', async () => {
    for (const limit of [0, -1, 1.5, Number.NaN, 100_000]) await expect(w.store.liveGames(limit)).rejects.toThrow(StoreInputError);
  });
});
