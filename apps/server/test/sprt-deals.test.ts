/**
 * An SPRT chunk through a field (issue 21 trinomial; issue 19 no spoilers): the new version's table
 * and the old version's play the same deals (one seed and deal key, the same bot seeds), so neither
 * table's replay of a deal is public until both tables have played it.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SPRT_SETTINGS } from '../../store/src/sprt.ts';
import { upload } from '../../store/test/world.ts';
import { openApp, type TestApp } from './app.ts';
import { storeGames } from './deal-world.ts';

let t: TestApp;
beforeEach(async () => {
  t = await openApp();
});
afterEach(async () => {
  await t.close();
});

describe('an SPRT chunk with a field (trinomial): two tables, one deal key', () => {
  it('keeps the new version\'s table\'s games secret while the old version\'s table has not played their deals', async () => {
    const { store } = t.world;
    await t.register('author');
    const base = await upload(store, 'author', 'mine', 'active', 'nineteen');
    const version = await upload(store, 'author', 'mine', 'active', 'nineteen');
    expect([base.version, version.version]).toEqual([1, 2]);
    const field = [await upload(store, 'fieldone', 'one', 'active', 'nineteen'), await upload(store, 'fieldtwo', 'two', 'active', 'nineteen')];
    expect(await store.startSprt({ bot: version.bot, version: 2, base: 1, game: 'nineteen', seats: 3, options: {}, field, seed: 9, settings: { ...DEFAULT_SPRT_SETTINGS, chunkDeals: 1 } })).toBe(true);
    const { enqueue } = await store.advanceSprt(version.bot, 2);
    expect(enqueue).toHaveLength(2);
    const [fresh, old] = await Promise.all(enqueue.map(async (id) => (await store.getSeries(id))!));
    // the two tables play the same deals (the same seed and deal key: sprt.ts chunkSeriesFields)
    expect([old!.seed, old!.dealKey]).toEqual([fresh!.seed, fresh!.dealKey]);

    // the new version's table plays its whole chunk first; the old version's table has not started
    await store.setSeriesStatus(fresh!.id, 'running');
    await storeGames(store, fresh!.id, Array.from({ length: fresh!.games }, (_, i) => i), fresh!.entrants.map((e) => ({ ...e, name: e.bot })));
    await store.setSeriesStatus(fresh!.id, 'done');
    await store.setSeriesStatus(old!.id, 'running');
    const first = `${fresh!.id}.0`;
    const replay = await t.call({ method: 'GET', url: `/api/matches/${first}/replay` });
    // the same deal is still to be played at the other table: its replay (the whole deal) must wait
    expect(replay.statusCode, `replay of ${first} while ${old!.id}.0 (the same deal) is unplayed`).toBe(404);

    // once the old version's table has played the deal too, both tables' replays are public
    await storeGames(store, old!.id, Array.from({ length: old!.games }, (_, i) => i), old!.entrants.map((e) => ({ ...e, name: e.bot })));
    await store.setSeriesStatus(old!.id, 'done');
    for (const id of [first, `${old!.id}.0`]) expect((await t.call({ method: 'GET', url: `/api/matches/${id}/replay` })).statusCode, id).toBe(200);
  });
});
