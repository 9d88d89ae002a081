/**
 * An infrastructure error that outlasts its retries is reported on the tournament, never dropped:
 * here a bot's bundle cannot be loaded by the worker (its storage "unreachable"), so its two
 * pairings fail after the real retry policy (SERIES_JOB_OPTIONS); the tournament still finishes,
 * and its report over HTTP names each failed pairing with the reason, as the OpenAPI document says.
 */
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SERIES_JOB_OPTIONS, createStore, type EntrantRef, type TournamentReport } from '@xix/store';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { RANDOM, storeBot } from '../../worker/test/helpers.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { ADMIN_TOKEN, openApp, type TestApp } from './app.ts';
import { untilDone } from './tournament-wait.ts';

const REASON = 'bundle storage unreachable';

let t: TestApp;
let worker: SeriesWorker | undefined;
beforeEach(async () => {
  t = await openApp();
});
afterEach(async () => {
  await worker?.close();
  worker = undefined;
  await t.close();
});

/** A worker whose store cannot load `broken`'s bundle: every attempt at its pairings fails. */
async function startBrokenWorker(broken: EntrantRef): Promise<SeriesWorker> {
  const started = startWorker({
    redisUrl: REDIS_URL,
    prefix: t.world.prefix,
    createStore: (redis: Redis, options) => {
      const store = createStore(redis, options);
      return {
        ...store,
        async loadBundle(bot: string, version: number) {
          if (bot === broken.bot) throw new Error(REASON);
          return store.loadBundle(bot, version);
        },
      };
    },
  });
  await started.ready;
  return started;
}

describe('a tournament whose pairings fail for good', () => {
  it('finishes, and its report lists each failed pairing with its reason, time and games', async () => {
    const ann = await storeBot(t.world.store, 'alice', 'ann', RANDOM);
    const ben = await storeBot(t.world.store, 'alice', 'ben', RANDOM);
    const broken = await storeBot(t.world.store, 'alice', 'broken', RANDOM);
    worker = await startBrokenWorker(broken);
    const started = Date.now();
    const created = await t.call({ method: 'POST', url: '/api/tournaments', token: ADMIN_TOKEN, payload: { game: 'xix', bots: [ann.bot, ben.bot, broken.bot], dealsPerPairing: 1 } });
    expect(created.statusCode, created.body).toBe(201);
    const { tournament, series } = created.json<{ tournament: string; series: [string, string, string] }>();
    const [annBen, annBroken, benBroken] = series;

    const report = await untilDone(async () => (await t.call({ method: 'GET', url: `/api/tournaments/${tournament}` })).json<TournamentReport>());
    expect(report.failures).toEqual([
      { series: annBroken, entrants: [ann, broken], reason: REASON, at: expect.any(Number), gamesDone: 0 },
      { series: benBroken, entrants: [ben, broken], reason: REASON, at: expect.any(Number), gamesDone: 0 },
    ]);
    for (const failure of report.failures) expect(failure.at).toBeGreaterThanOrEqual(started);
    expect(report.crossTable.map(({ series: id, status, error, games }) => ({ id, status, error, games }))).toEqual([
      { id: annBen, status: 'done', error: null, games: 2 },
      { id: annBroken, status: 'failed', error: REASON, games: 0 },
      { id: benBroken, status: 'failed', error: REASON, games: 0 },
    ]);
    expect(report.progress).toEqual({ games: 6, gamesDone: 2, gamesUnplayed: 4 });
    // failed after the retries of the real policy (the same deal failing the same way each time), not at the first error
    const job = await t.queue.getJob(annBroken);
    expect(job?.attemptsStarted).toBe(SERIES_JOB_OPTIONS.attempts);
    expect(job?.failedReason).toBe(REASON);
  }, 90_000);

  it('is in the OpenAPI document: failures, and a status and error per cross-table cell', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, Record<string, { responses: Record<string, { content: Record<string, { schema: { properties: Record<string, { items?: { properties?: Record<string, unknown>; required?: string[] } }> } }> }> }>> }>();
    const schema = doc.paths['/api/tournaments/{id}']?.get?.responses['200']?.content['application/json']?.schema;
    expect(schema?.properties.failures?.items?.required).toEqual(['series', 'entrants', 'reason', 'at', 'gamesDone']);
    expect(Object.keys(schema?.properties.crossTable?.items?.properties ?? {})).toEqual(expect.arrayContaining(['status', 'error']));
  });
});
