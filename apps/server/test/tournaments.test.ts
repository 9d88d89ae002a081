/** The tournament routes: admin only to create and cancel, pairings enqueued, reports for anyone. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERIES_JOB_PRIORITY } from '@xix/store';
import { upload as storeVersion } from '../../store/test/world.ts';
import { ADMIN_TOKEN, failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
let token: string;
let bots: string[];
beforeEach(async () => {
  t = await openApp();
  token = await t.register('alice');
  bots = [];
  for (const name of ['ann', 'ben', 'cat']) bots.push((await storeVersion(t.world.store, 'alice', name)).bot);
});
afterEach(async () => { await t.close(); });

const create = (payload: object, as = ADMIN_TOKEN) => t.call({ method: 'POST', url: '/api/tournaments', token: as, payload });

describe('POST /api/tournaments', () => {
  it('creates one rated series per pair and enqueues each as a tournament job with its priority', async () => {
    const response = await create({ game: 'xix', dealsPerPairing: 3 });
    expect(response.statusCode, response.body).toBe(201);
    const body = response.json<{ tournament: string; series: string[] }>();
    expect(body.tournament).toMatch(/^t\d+$/);
    expect(body.series).toHaveLength(3);
    for (const id of body.series) {
      const job = await t.queue.getJob(id);
      expect(job?.name).toBe('tournament');
      expect(job?.opts.priority).toBe(SERIES_JOB_PRIORITY.tournament);
      expect(await job?.getState()).toBe('prioritized');
      expect(await t.world.store.getSeries(id)).toMatchObject({ kind: 'tournament', rated: true, tournament: body.tournament, deals: 3 });
    }
    const series = (await t.call({ method: 'GET', url: `/api/series/${body.series[0]}` })).json<{ tournament: string }>();
    expect(series.tournament).toBe(body.tournament);
  });

  it('takes only the bots named, and the default is every active, non-retired bot of the game', async () => {
    await t.world.store.retireBot(bots[2]!);
    await storeVersion(t.world.store, 'alice', 'dan', 'validating');
    const all = (await create({ game: 'xix' })).json<{ tournament: string; series: string[] }>();
    expect(all.series).toHaveLength(1);
    const named = await create({ game: 'xix', bots: [bots[0], bots[1]], dealsPerPairing: 1 });
    expect(named.statusCode).toBe(201);
    const report = (await t.call({ method: 'GET', url: `/api/tournaments/${all.tournament}` })).json<{ entrants: unknown; dealsPerPairing: number }>();
    expect(report).toMatchObject({ entrants: [{ bot: bots[0], version: 1 }, { bot: bots[1], version: 1 }], dealsPerPairing: 50 });
  });

  it('is for the admin only', async () => {
    expect(failure(await create({ game: 'xix' }, token))).toMatchObject({ status: 403, error: 'forbidden' });
    expect((await t.call({ method: 'POST', url: '/api/tournaments', payload: { game: 'xix' } })).statusCode).toBe(401);
    expect(await t.world.store.listTournaments()).toEqual([]);
  });

  it('answers bad input with 400, unknown bots with 404 and unplayable ones with 409', async () => {
    for (const payload of [{}, { game: 'xix', dealsPerPairing: 0 }, { game: 'xix', dealsPerPairing: 501 }, { game: 'xix', bots: [bots[0]] },
      { game: 'xix', bots: ['nope', 'b2'] }, { game: 'xix', limits: { memoryMb: 1 } }, { game: 'xix', extra: 1 }, { game: 'chess' }, { game: 'xix', bots: [bots[0], bots[0]] }]) {
      expect(failure(await create(payload)).status, JSON.stringify(payload)).toBe(400);
    }
    expect(failure(await create({ game: 'xix', bots: [bots[0], 'b999'] })).status).toBe(404);
    await t.world.store.retireBot(bots[1]!);
    expect(failure(await create({ game: 'xix', bots: [bots[0], bots[1]] }))).toMatchObject({ status: 409, message: expect.stringMatching(/retired/) });
    await t.world.store.retireBot(bots[2]!);
    expect(failure(await create({ game: 'xix' }))).toMatchObject({ status: 409, message: expect.stringMatching(/at least 2/) });
    expect(await t.world.store.listTournaments()).toEqual([]);
  });
});

describe('reading and cancelling', () => {
  it('lists, reports and cancels: not-started jobs leave the queue and their series say why', async () => {
    const { tournament, series } = (await create({ game: 'xix', dealsPerPairing: 2 })).json<{ tournament: string; series: string[] }>();
    const list = await t.call({ method: 'GET', url: '/api/tournaments?game=xix' });
    expect(list.json()).toMatchObject([{ id: tournament, status: 'queued', series }]);
    expect((await t.call({ method: 'GET', url: '/api/tournaments?game=BAD!' })).statusCode).toBe(400);
    const report = await t.call({ method: 'GET', url: `/api/tournaments/${tournament}` });
    expect(report.json()).toMatchObject({ id: tournament, status: 'queued', progress: { games: 12, gamesDone: 0 }, standings: expect.any(Array), crossTable: expect.any(Array) });
    expect(report.json<{ standings: unknown[] }>().standings).toHaveLength(3);
    expect(failure(await t.call({ method: 'GET', url: '/api/tournaments/t999' })).status).toBe(404);
    expect(failure(await t.call({ method: 'GET', url: '/api/tournaments/x1' })).status).toBe(400);

    expect(failure(await t.call({ method: 'POST', url: `/api/tournaments/${tournament}/cancel`, token })).status).toBe(403);
    expect(failure(await t.call({ method: 'POST', url: '/api/tournaments/t999/cancel', token: ADMIN_TOKEN })).status).toBe(404);
    const cancel = await t.call({ method: 'POST', url: `/api/tournaments/${tournament}/cancel`, token: ADMIN_TOKEN });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json<{ removed: string[] }>().removed.sort()).toEqual([...series].sort());
    for (const id of series) {
      expect(await t.queue.getJob(id)).toBeUndefined();
      expect(await t.world.store.getSeries(id)).toMatchObject({ status: 'failed', error: expect.stringMatching(/cancelled/) });
    }
    expect((await t.call({ method: 'GET', url: `/api/tournaments/${tournament}` })).json()).toMatchObject({ status: 'cancelled' });
  });
});
