import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchEntrant } from '@xix/store';
import { fakeReplay, match, upload } from '../../store/test/world.ts';
import { failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
let a: MatchEntrant;
let b: MatchEntrant;
let c: MatchEntrant;
let seriesId: string;
beforeEach(async () => {
  t = await openApp();
  a = await upload(t.world.store, 'alice', 'one');
  b = await upload(t.world.store, 'bob', 'two');
  c = await upload(t.world.store, 'carol', 'three');
  seriesId = await t.world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [a, b], deals: 2, seed: 3, requestedBy: 'alice' });
  // K = 16 from 1500 each: a wins (E = 0.5, +8 → 1508), then b wins (E(b) = 1/(1 + 10^(16/400)) = 0.476990, +8.368153 → 1500.368153)
  await t.world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
  await t.world.store.recordMatch(match(seriesId, 1, [b, a], fakeReplay(0)));
});
afterEach(async () => { await t.close(); });

describe('GET /api/bots/:id/ratings', () => {
  it("answers a bot's Elo after each rated game, oldest first", async () => {
    const response = await t.call({ method: 'GET', url: `/api/bots/${b.bot}/ratings` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      game: 'xix',
      variant: 'default',
      history: [
        { match: `${seriesId}.0`, version: b.version, rating: 1492, change: -8, at: expect.any(Number) },
        { match: `${seriesId}.1`, version: b.version, rating: expect.closeTo(1500.368153, 5), change: expect.closeTo(8.368153, 5), at: expect.any(Number) },
      ],
    });
  });

  it('answers an empty history for a bot without rated games', async () => {
    expect((await t.call({ method: 'GET', url: `/api/bots/${c.bot}/ratings` })).json()).toEqual({ game: 'xix', variant: 'default', history: [] });
  });

  it('answers the history of one variant: the game’s main one unless named (nim: heads-up and multi)', async () => {
    const [x, y, z] = [await upload(t.world.store, 'alice', 'nimx', 'active', 'nim'), await upload(t.world.store, 'bob', 'nimy', 'active', 'nim'), await upload(t.world.store, 'carol', 'nimz', 'active', 'nim')];
    const three = await t.world.store.createSeries({ game: 'nim', kind: 'challenge', rated: true, entrants: [x, y, z], seats: 3, deals: 1, seed: 5, requestedBy: 'alice' });
    await t.world.store.recordMatch(match(three, 0, [x, y, z], { moves: [], forfeit: null, result: { winner: 0, points: [1, 0, 0], reason: 'took-last', ranks: [1, 2, 2] } }, { game: 'nim', variant: 'multi' }));
    const ratings = async (query: string) => (await t.call({ method: 'GET', url: `/api/bots/${x.bot}/ratings${query}` })).json<{ variant: string; history: { match: string }[] }>();
    expect(await ratings('')).toEqual({ game: 'nim', variant: 'heads-up', history: [] });
    expect(await ratings('?variant=multi')).toMatchObject({ variant: 'multi', history: [{ match: `${three}.0` }] });
    expect(failure(await t.call({ method: 'GET', url: `/api/bots/${x.bot}/ratings?variant=triple` }))).toMatchObject({ status: 404, message: 'querystring.variant: nim has no variant triple; its variants: heads-up, multi' });
  });

  it('refuses a malformed bot id (400) and an unknown one (404)', async () => {
    expect(failure(await t.call({ method: 'GET', url: '/api/bots/nope/ratings' }))).toMatchObject({ status: 400, message: expect.stringMatching(/^params\.id must match/) });
    expect(failure(await t.call({ method: 'GET', url: '/api/bots/b999999/ratings' }))).toMatchObject({ status: 404, message: 'params.id: no bot b999999' });
  });
});

describe('GET /api/leaderboard/:game with ratings', () => {
  it('shows Elo and Bradley–Terry with its interval, null for a bot without rated games', async () => {
    const other = await t.world.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, c], deals: 2, seed: 4, requestedBy: 'carol' });
    await t.world.store.recordMatch(match(other, 0, [c, a], fakeReplay(1), { rated: false }));
    type Row = { bot: string; elo: number | null; bt: { rating: number; low: number; high: number; unbounded: string | null } | null };
    const { rows } = (await t.call({ method: 'GET', url: '/api/leaderboard/xix' })).json<{ rows: Row[] }>();
    const row = (bot: string) => rows.find((r) => r.bot === bot);
    expect(row(b.bot)?.elo).toBeCloseTo(1500.368153, 5);
    // one win each: equal Bradley–Terry ratings at the centre, both ends bounded
    expect(row(a.bot)?.bt).toEqual({ rating: expect.closeTo(1500, 6), low: expect.any(Number), high: expect.any(Number), unbounded: null });
    expect(row(a.bot)!.bt!.low).toBeLessThan(1500);
    expect(row(a.bot)!.bt!.high).toBeGreaterThan(1500);
    expect(row(c.bot)).toMatchObject({ elo: null, bt: null });
  });
});
