/**
 * A Nineteen upload over HTTP is validated at the smallest table of each style (issue 18): heads up
 * (2 seats: itself, random-nineteen), cut-throat (3 seats: itself and two randoms) and partnerships
 * (4 seats: itself at both seats of a side, random-nineteen at the other side's), each deal once per
 * seat rotation, played by a real worker. A bot that fails only as a partner is rejected there.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { until } from '../../store/test/until.ts';
import { registerHouseBots } from '../src/index.ts';
import { openApp, type TestApp } from './app.ts';

interface VersionBody { readonly version: number; readonly state: string; readonly verdict: string | null; readonly failingMatch: string | null }
interface BotBody { readonly game: string; readonly active: number | null; readonly versions: readonly VersionBody[] }

let t: TestApp;
let worker: SeriesWorker;
let random: string;
let token: string;
beforeAll(async () => {
  t = await openApp({ validationDeals: 1 });
  await registerHouseBots(t.world.store);
  random = (await registerHouseBots(t.world.store, 'nineteen')).find((house) => house.name === 'random-nineteen')!.bot;
  token = await t.register('alice');
  worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
  await worker.ready;
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

/** Uploads a Nineteen bot whose `decide` body is `decide`; answers its id and validation series. */
async function upload(name: string, decide: string): Promise<{ bot: string; validation: string[] }> {
  const files = { 'bot.ts': `import { defineNineteenBot } from '@xix/sdk';\nexport default defineNineteenBot({ decide: (view) => { ${decide} } });\n` };
  const response = await t.call({ method: 'POST', url: '/api/bots', token, payload: { game: 'nineteen', name, files } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ bot: string; validation: string[] }>();
}

async function decided(bot: string): Promise<BotBody> {
  return until(`${bot} decided`, async () => (await t.call({ method: 'GET', url: `/api/bots/${bot}` })).json<BotBody>(), (body) => !['checking', 'validating'].includes(body.versions[0]?.state ?? 'checking'), { timeoutMs: 90_000 });
}

describe('a Nineteen upload', () => {
  it('plays heads up, cut-throat and partnerships against random, and becomes active', async () => {
    const { bot, validation } = await upload('first-legal', 'return view.legalActions[0]!;');
    expect(validation).toHaveLength(3);
    const body = await decided(bot);
    expect(body).toMatchObject({ game: 'nineteen', active: 1, versions: [{ version: 1, state: 'active', verdict: null, failingMatch: null }] });
    const series = await Promise.all(validation.map((id) => t.world.store.getSeries(id)));
    const self = { bot, version: 1 };
    const house = { bot: random, version: 1 };
    expect(series.map((s) => [s?.seats, s?.entrants])).toEqual([[2, [self, house]], [3, [self, house, house]], [4, [self, house]]]);
    // one deal each, once per seat rotation: at 4 seats the deal twice, sides swapped
    expect(series.map((s) => [s?.kind, s?.status, s?.games, s?.gamesDone])).toEqual([['validation', 'done', 2, 2], ['validation', 'done', 3, 3], ['validation', 'done', 2, 2]]);
  });

  it('that fails only as a partner (a seat of two at 4 seats) is rejected at the partnership table', async () => {
    const { bot, validation } = await upload('bad-partner', "if (view.seats === 4 && view.seat >= 2) throw new Error('no'); return view.legalActions[0]!;");
    const body = await decided(bot);
    expect(body.active).toBeNull();
    expect(body.versions[0]).toMatchObject({ state: 'rejected', verdict: 'error' });
    expect(body.versions[0]?.failingMatch).toMatch(new RegExp(`^${validation[2]}\\.\\d+$`));
  });
});
