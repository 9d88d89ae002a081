/** Tournaments of games with more than two seats over HTTP: `seats` chooses the tables. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { upload as storeVersion } from '../../store/test/world.ts';
import { ADMIN_TOKEN, failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
let bots: string[];
beforeEach(async () => {
  t = await openApp();
  bots = [];
  for (const name of ['ann', 'ben', 'cat', 'dan']) bots.push((await storeVersion(t.world.store, 'alice', name, 'active', '1923')).bot);
});
afterEach(async () => { await t.close(); });

const create = (payload: object) => t.call({ method: 'POST', url: '/api/tournaments', token: ADMIN_TOKEN, payload });

describe('POST /api/tournaments with seats', () => {
  it('plays 1923 at tables of 3: one series per table, reported with its seats', async () => {
    const response = await create({ game: '1923', seats: 3, dealsPerPairing: 2 });
    expect(response.statusCode, response.body).toBe(201);
    const { tournament, series } = response.json<{ tournament: string; series: string[] }>();
    expect(series).toHaveLength(4);
    for (const id of series) {
      expect((await t.queue.getJob(id))?.name).toBe('tournament');
      expect(await t.world.store.getSeries(id)).toMatchObject({ game: '1923', deals: 2, games: 6 });
    }
    const report = (await t.call({ method: 'GET', url: `/api/tournaments/${tournament}` })).json<{ seats: number; crossTable: { tables: string[] }[]; standings: { averagePlace: number | null }[] }>();
    expect(report.seats).toBe(3);
    expect(report.crossTable).toHaveLength(6);
    for (const cell of report.crossTable) expect(cell.tables).toHaveLength(2);
    expect(report.standings.map((s) => s.averagePlace)).toEqual([null, null, null, null]);
  });

  it('defaults to the game\'s fewest seats (pairs for 1923)', async () => {
    const response = await create({ game: '1923', dealsPerPairing: 1 });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<{ series: string[] }>().series).toHaveLength(6);
  });

  it('refuses seats outside the game\'s range or more than the bots, with 400 and no tournament', async () => {
    expect(failure(await create({ game: '1923', seats: 10 }))).toMatchObject({ status: 400, message: expect.stringMatching(/1923 is played at 2 to 9 seats with two entrants or more at a table, not 10/) });
    expect(failure(await create({ game: 'xix', seats: 3 }))).toMatchObject({ status: 400, message: expect.stringMatching(/xix is played at 2 to 2 seats with two entrants or more at a table, not 3/) });
    expect(failure(await create({ game: '1923', seats: 4, bots: bots.slice(0, 3) }))).toMatchObject({ status: 400, message: expect.stringMatching(/at least 4 bots/) });
    expect(failure(await create({ game: '1923', seats: 5 }))).toMatchObject({ status: 409, message: expect.stringMatching(/needs at least 5/) });
    expect(failure(await create({ game: '1923', seats: 1 })).status).toBe(400);
    expect(await t.world.store.listTournaments()).toEqual([]);
  });
});
