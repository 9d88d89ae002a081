import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, openWorld, ratedPair, upload, type World } from './world.ts';

let world: World;
let a: MatchEntrant;
let b: MatchEntrant;
let c: MatchEntrant;
let seriesId: string;
beforeEach(async () => {
  world = await openWorld();
  ({ a, b, seriesId } = await ratedPair(world));
  c = await upload(world.store, 'carol', 'three');
});
afterEach(async () => { await world.close(); });

/**
 * Three rated games, K = 16, both bots start at 1500, E(a) = 1/(1 + 10^((Rb − Ra)/400)):
 * 1. a (seat 0) wins: E(a) = 0.5, a +8 → 1508, b → 1492.
 * 2. a (seat 1) wins: E(a) = 1/(1 + 10^(−16/400)) = 0.523010, a +7.631847 → 1515.631847, b → 1484.368153.
 * 3. b (seat 1) wins: E(a) = 1/(1 + 10^(−31.263694/400)) = 0.544871, a −8.717936 → 1506.913910, b → 1493.086090.
 */
async function threeRatedGames(): Promise<void> {
  await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
  await world.store.recordMatch(match(seriesId, 1, [b, a], fakeReplay(1)));
  await world.store.recordMatch(match(seriesId, 2, [a, b], fakeReplay(1)));
}

describe('ratings from the rated results stream', () => {
  it('rates the stored rated games with Elo in stream order and Bradley–Terry with intervals', async () => {
    await threeRatedGames();
    const ratings = await world.store.ratings('xix');
    expect(ratings.games).toBe(3);
    expect(ratings.skipped).toBe(0);
    expect(ratings.bots.get(a.bot)?.elo).toBeCloseTo(1506.913910, 5);
    expect(ratings.bots.get(b.bot)?.elo).toBeCloseTo(1493.086090, 5);
    expect(await world.store.ratingHistory('xix', a.bot)).toEqual([
      { match: `${seriesId}.0`, version: a.version, rating: 1508, change: 8, at: expect.any(Number) },
      { match: `${seriesId}.1`, version: a.version, rating: expect.closeTo(1515.631847, 5), change: expect.closeTo(7.631847, 5), at: expect.any(Number) },
      { match: `${seriesId}.2`, version: a.version, rating: expect.closeTo(1506.913910, 5), change: expect.closeTo(-8.717936, 5), at: expect.any(Number) },
    ]);
    // each point's time is when its result was stored: in order, and now
    const times = (await world.store.ratingHistory('xix', a.bot)).map((point) => point.at);
    expect(times).toEqual([...times].sort((x, y) => x - y));
    expect(Math.abs(times.at(-1)! - Date.now())).toBeLessThan(60_000);
    const btA = ratings.bots.get(a.bot)?.bt;
    const btB = ratings.bots.get(b.bot)?.bt;
    // a scored 2 of 3 against b: above b, both around the 1500 centre, and each took a point from the other
    expect(btA?.rating).toBeGreaterThan(1500);
    expect((btA?.rating ?? 0) + (btB?.rating ?? 0)).toBeCloseTo(3000, 6);
    expect(btA).toMatchObject({ unbounded: null });
    expect(btB).toMatchObject({ unbounded: null });
    expect(btA!.low).toBeLessThan(btA!.rating);
    expect(btA!.high).toBeGreaterThan(btA!.rating);
    // three games cannot separate them: the intervals overlap
    expect(btB!.high).toBeGreaterThan(btA!.low);
  });

  it('leaves unrated challenges and validations out', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0), { rated: false }));
    await world.store.recordMatch(match(seriesId, 1, [a, c], fakeReplay(0), { kind: 'validation', rated: false }));
    const ratings = await world.store.ratings('xix');
    expect(ratings.games).toBe(0);
    expect(ratings.bots.size).toBe(0);
    expect(await world.store.ratingHistory('xix', a.bot)).toEqual([]);
  });

  it('keeps the ratings while the stream has not grown and recomputes when a rated game is stored', async () => {
    await threeRatedGames();
    const first = await world.store.ratings('xix');
    expect(await world.store.ratings('xix')).toBe(first);
    await world.store.recordMatch(match(seriesId, 3, [a, b], fakeReplay(0), { rated: false }));
    expect(await world.store.ratings('xix')).toBe(first);
    // 4. a (seat 0) wins: E(a) = 1/(1 + 10^(−13.827820/400)) = 0.519889, a +7.681771 → 1514.595681
    await world.store.recordMatch(match(seriesId, 4, [a, b], fakeReplay(0)));
    const second = await world.store.ratings('xix');
    expect(second).not.toBe(first);
    expect(second.games).toBe(4);
    expect(second.bots.get(a.bot)?.elo).toBeCloseTo(1514.595681, 5);
    expect((await world.store.ratingHistory('xix', b.bot)).map((point) => point.match)).toEqual([0, 1, 2, 4].map((i) => `${seriesId}.${i}`));
  });

  it('counts each new entry once when reads overlap', async () => {
    await world.store.ratings('xix');
    await threeRatedGames();
    const all = await Promise.all(Array.from({ length: 5 }, () => world.store.ratings('xix')));
    expect(all.map((ratings) => ratings.games)).toEqual([3, 3, 3, 3, 3]);
    expect(await world.store.ratingHistory('xix', a.bot)).toHaveLength(3);
  });

  it('counts an entry it cannot rate as skipped instead of failing', async () => {
    await world.redis.xadd(`${world.prefix}:results:xix`, '*', 'match', 'bad', 'entrants', 'not json', 'ranks', '[1,2]');
    await world.redis.xadd(`${world.prefix}:results:xix`, '*', 'match', 'bad2', 'entrants', JSON.stringify([a, b]), 'ranks', '[0,7]');
    await threeRatedGames();
    const ratings = await world.store.ratings('xix');
    expect(ratings).toMatchObject({ games: 3, skipped: 2 });
    expect(ratings.bots.get(a.bot)?.elo).toBeCloseTo(1506.913910, 5);
  });

  it('puts Elo and Bradley–Terry on the leaderboard, null for a bot without rated games', async () => {
    await threeRatedGames();
    const other = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, c], deals: 2, seed: 2, requestedBy: 'carol' });
    await world.store.recordMatch(match(other, 0, [c, a], fakeReplay(0), { rated: false }));
    const rows = await world.store.leaderboard('xix');
    const row = (bot: string) => rows.find((r) => r.bot === bot);
    expect(row(a.bot)?.elo).toBeCloseTo(1506.913910, 5);
    expect(row(b.bot)?.bt?.rating).toBeLessThan(1500);
    expect(row(c.bot)).toMatchObject({ games: 1, wins: 1, elo: null, bt: null });
    // still by win rate: c (1 of 1) above a (2 of 4) above b (1 of 3)
    expect(rows.map((r) => r.bot)).toEqual([c.bot, a.bot, b.bot]);
  });
});
