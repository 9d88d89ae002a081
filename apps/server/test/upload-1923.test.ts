/**
 * A 1923 upload over HTTP is validated against 1923's house random bot at two table sizes: a 2-seat
 * series (itself, random) and a 3-seat one (itself, random, random), each deal once per seat
 * rotation, played by a real worker. A good bot becomes active; one that throws is rejected with its
 * verdict (R12: an exception is a forfeit) and the match it failed in.
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
let random1923: string;
let token: string;
beforeAll(async () => {
  t = await openApp({ validationDeals: 1 });
  await registerHouseBots(t.world.store);
  random1923 = (await registerHouseBots(t.world.store, '1923')).find((house) => house.name === 'random-1923')!.bot;
  token = await t.register('alice');
  worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
  await worker.ready;
});
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

/** Uploads a 1923 bot whose `decide` body is `decide`; answers its id and validation series. */
async function upload(name: string, decide: string): Promise<{ bot: string; validation: string[] }> {
  const files = { 'bot.ts': `import { defineNineteenTwentyThreeBot } from '@xix/sdk';\nexport default defineNineteenTwentyThreeBot({ decide: (view) => { ${decide} } });\n` };
  const response = await t.call({ method: 'POST', url: '/api/bots', token, payload: { game: '1923', name, files } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ bot: string; validation: string[] }>();
}

async function decided(bot: string): Promise<BotBody> {
  return until(`${bot} decided`, async () => (await t.call({ method: 'GET', url: `/api/bots/${bot}` })).json<BotBody>(), (body) => !['checking', 'validating'].includes(body.versions[0]?.state ?? 'checking'));
}

describe('a 1923 upload', () => {
  it('plays a 2-seat series against random and a 3-seat one against two randoms, and becomes active', async () => {
    const { bot, validation } = await upload('first-legal', 'return view.legalActions[0]!;');
    expect(validation).toHaveLength(2);
    const body = await decided(bot);
    expect(body).toMatchObject({ game: '1923', active: 1, versions: [{ version: 1, state: 'active', verdict: null, failingMatch: null }] });
    const series = await Promise.all(validation.map((id) => t.world.store.getSeries(id)));
    const self = { bot, version: 1 };
    const random = { bot: random1923, version: 1 };
    expect(series.map((s) => s?.entrants)).toEqual([[self, random], [self, random, random]]);
    // one deal each, once per seat rotation
    expect(series.map((s) => [s?.game, s?.kind, s?.status, s?.games, s?.gamesDone])).toEqual([
      ['1923', 'validation', 'done', 2, 2],
      ['1923', 'validation', 'done', 3, 3],
    ]);
  });

  it('that throws is rejected with its verdict and the match it failed in', async () => {
    const { bot, validation } = await upload('thrower', "throw new Error('no');");
    const body = await decided(bot);
    expect(body.active).toBeNull();
    expect(body.versions[0]).toMatchObject({ state: 'rejected', verdict: 'error' });
    expect(body.versions[0]?.failingMatch).toMatch(new RegExp(`^(${validation.join('|')})\\.\\d+$`));
  });
});
