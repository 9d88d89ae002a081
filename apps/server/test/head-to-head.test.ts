import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeReplay, match, ratedPair } from '../../store/test/world.ts';
import { failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openApp();
});
afterAll(async () => { await t.close(); });

describe('GET /api/bots/:id/head-to-head', () => {
  it("answers the bot's record against each opponent, as the store counts it", async () => {
    const { a, b, seriesId } = await ratedPair(t.world);
    await t.world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
    await t.world.store.recordMatch(match(seriesId, 1, [b, a], fakeReplay(0)));
    const response = await t.call({ method: 'GET', url: `/api/bots/${a.bot}/head-to-head` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ bot: a.bot, matches: 2, complete: true, opponents: [{ opponent: b.bot, name: 'two', games: 2, wins: 1, losses: 1, draws: 0 }] });
  });

  it('answers 404 for an unknown bot and 400 for a malformed id', async () => {
    expect(failure(await t.call({ method: 'GET', url: '/api/bots/b999/head-to-head' }))).toMatchObject({ status: 404, error: 'not_found' });
    expect(failure(await t.call({ method: 'GET', url: '/api/bots/nope/head-to-head' })).status).toBe(400);
  });
});
