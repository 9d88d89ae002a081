/**
 * Elo rates versions: a new version starts from its previous version's rating as it stands when the
 * new one plays its first rated game, and an old version still playing (a frozen tournament entry)
 * no longer moves it. The leaderboard shows the current version's Elo, provisional until it has
 * PROVISIONAL_GAMES rated games; Bradley–Terry and the history pool the bot's versions.
 */
import { describe, expect, it } from 'vitest';
import { PROVISIONAL_GAMES, keysFor } from '../src/index.ts';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, ratedPair, upload } from './world.ts';
import { useWorld } from './use-world.ts';

let a: MatchEntrant;
let b: MatchEntrant;
let seriesId: string;
const world = useWorld(async (opened) => { ({ a, b, seriesId } = await ratedPair(opened)); });

const rowOf = async (bot: string) => (await world.store.leaderboard('xix')).find((row) => row.bot === bot);

/**
 * K = 16, from 1500:
 * 1. a v1 (seat 0) wins: E = 0.5, v1 +8 → 1508, b → 1492.
 * 2. a v1 (seat 1) wins: E = 0.523010, v1 +7.631847 → 1515.631847, b → 1484.368153.
 * 3. a v2 (seat 0) loses, starting from v1's 1515.631847: E = 0.544871, v2 −8.717936 → 1506.913910, b → 1493.086090.
 * 4. a v1 (seat 0) wins again (an old entry): E = 1/(1 + 10^(−22.545757/400)) = 0.532400, v1 +7.481592 → 1523.113439, b → 1485.604498.
 */
describe('a new version starts from its previous version’s Elo', () => {
  it('inherits v1’s rating when v2 plays its first game, and v1’s later games leave v2 alone', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
    await world.store.recordMatch(match(seriesId, 1, [b, a], fakeReplay(1)));
    const a2 = await upload(world.store, 'alice', 'one');
    expect(a2.version).toBe(2);
    // v2 active but unplayed: the board shows the rating it starts from, v1's, and calls it provisional
    expect(await rowOf(a.bot)).toMatchObject({ elo: expect.closeTo(1515.631847, 5), provisional: true });

    const later = await world.store.createSeries({ game: 'xix', kind: 'ladder', rated: true, entrants: [a2, b], deals: 2, seed: 9, requestedBy: 'ladder' });
    await world.store.recordMatch(match(later, 0, [a2, b], fakeReplay(1), { kind: 'ladder' }));
    await world.store.recordMatch(match(seriesId, 2, [a, b], fakeReplay(0)));

    const rated = (await world.store.ratings('xix')).bots.get(a.bot);
    expect(rated?.versions.get(1)).toEqual({ elo: expect.closeTo(1523.113439, 5), games: 3 });
    expect(rated?.versions.get(2)).toEqual({ elo: expect.closeTo(1506.913910, 5), games: 1 });
    expect((await world.store.ratings('xix')).bots.get(b.bot)?.elo).toBeCloseTo(1485.604498, 5);
    // the board follows the active version (v2), not the newest game
    expect(await rowOf(a.bot)).toMatchObject({ elo: expect.closeTo(1506.913910, 5), provisional: true });
    // the history is the bot's, every version's games in stored order, each with its version
    expect((await world.store.ratingHistory('xix', a.bot)).map((point) => [point.match, point.version, point.rating])).toEqual([
      [`${seriesId}.0`, 1, 1508],
      [`${seriesId}.1`, 1, expect.closeTo(1515.631847, 5)],
      [`${later}.0`, 2, expect.closeTo(1506.913910, 5)],
      [`${seriesId}.2`, 1, expect.closeTo(1523.113439, 5)],
    ]);
    // Bradley–Terry pools the versions: 3 wins of 4 put a above b
    expect((await rowOf(a.bot))?.bt?.rating).toBeGreaterThan((await rowOf(b.bot))!.bt!.rating);
  });

  it('skips a version that never played (rejected) on the way back to the last rated one', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
    const rejected = await upload(world.store, 'alice', 'one', 'validating');
    await world.store.setVersionState(a.bot, rejected.version, { state: 'rejected', verdict: 'timeout' });
    const a3 = await upload(world.store, 'alice', 'one');
    expect(a3.version).toBe(3);
    const later = await world.store.createSeries({ game: 'xix', kind: 'ladder', rated: true, entrants: [a3, b], deals: 1, seed: 9, requestedBy: 'ladder' });
    // v3 starts from v1's 1508 against b's 1492: E = 0.523010, a win gives +7.631847 → 1515.631847
    await world.store.recordMatch(match(later, 0, [a3, b], fakeReplay(0), { kind: 'ladder' }));
    expect((await world.store.ratings('xix')).bots.get(a.bot)?.versions.get(3)?.elo).toBeCloseTo(1515.631847, 5);
  });

  it(`calls a version provisional until it has ${PROVISIONAL_GAMES} rated games; an unrated game does not count`, async () => {
    for (let i = 0; i < PROVISIONAL_GAMES - 1; i++) await world.store.recordMatch(match(seriesId, i, i % 2 === 0 ? [a, b] : [b, a], fakeReplay(i % 2)));
    await world.store.recordMatch(match(seriesId, PROVISIONAL_GAMES - 1, [a, b], fakeReplay(0), { rated: false }));
    expect(await rowOf(a.bot)).toMatchObject({ provisional: true });
    await world.store.recordMatch(match(seriesId, PROVISIONAL_GAMES, [a, b], fakeReplay(0)));
    expect(await rowOf(a.bot)).toMatchObject({ provisional: false });
    expect(await rowOf(b.bot)).toMatchObject({ provisional: false });
    // a new version is provisional again, from the old version's rating
    const before = (await rowOf(a.bot))?.elo;
    await upload(world.store, 'alice', 'one');
    expect(await rowOf(a.bot)).toMatchObject({ provisional: true, elo: before });
  });

  it('shows a bot without an active version by its newest rated version', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
    await world.redis.hset(keysFor(world.prefix).bot(a.bot), 'active', '');
    expect(await rowOf(a.bot)).toMatchObject({ elo: 1508, provisional: true });
  });
});
