/**
 * Data stored before issue 16 ("a game is a module") still loads, with no migration: the store of
 * a platform run at e868761 (fixtures/old-data, made by make-old-data.ts there) is restored under
 * this test's own prefix and this code's server, started on it, answers the requests recorded from
 * the old server with the same bots, matches, replays, logs and ratings. A field the API added is
 * ignored; a changed or missing one fails. Then what a platform's start-up adds: the matches moved
 * out of Redis (issue 24: records to the series' games strings, replays and logs to the blob
 * store) with every answer the same before, during and after; the house bots'
 * registration finds every house bot under its old id (a changed example gets a new version of
 * the same bot, its history kept), and the stored bots, compiled by the old code, still play.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStore, queuePrefix, SERIES_QUEUE, type Series } from '@xix/store';
import { startWorker } from '../../worker/src/index.ts';
import { startStorageKeeper } from '../../worker/src/storage-keeper.ts';
import { until } from '../../store/test/until.ts';
import { REDIS_URL, TEST_BLOB_DIR, openWorld, testBlobs, type World } from '../../store/test/world.ts';
import { houseGames, registerHouseBots, type HouseBot } from '../src/house-bots.ts';
import { buildServer } from '../src/index.ts';

const FIXTURE = new URL('./fixtures/old-data/', import.meta.url);

interface Recorded {
  readonly method: 'GET';
  readonly url: string;
  readonly token?: string;
  readonly status: number;
  readonly body: unknown;
}
const recorded = JSON.parse(readFileSync(new URL('responses.json', FIXTURE), 'utf8')) as { adminToken: string; metrics: string[]; requests: Recorded[] };

type Stored = string | { readonly base64: string };
const bytes = (value: Stored): string | Buffer => (typeof value === 'string' ? value : Buffer.from(value.base64, 'base64'));

/** Writes store.jsonl's keys under `prefix` (make-old-data.ts says what a line holds). */
async function restore(redis: Redis, prefix: string): Promise<number> {
  const lines = readFileSync(new URL('store.jsonl', FIXTURE), 'utf8').split('\n').filter((line) => line !== '');
  const pipe = redis.pipeline();
  for (const line of lines) {
    const { key: relative, type, value } = JSON.parse(line) as { key: string; type: string; value: unknown };
    const key = `${prefix}:${relative}`;
    if (type === 'string') pipe.set(key, bytes(value as Stored));
    else if (type === 'hash') pipe.hset(key, ...Object.entries(value as Record<string, Stored>).flatMap(([field, v]) => [field, bytes(v)]));
    else if (type === 'list') pipe.rpush(key, ...(value as Stored[]).map(bytes));
    else if (type === 'set') pipe.sadd(key, ...(value as string[]));
    else if (type === 'zset') pipe.zadd(key, ...(value as [string, string][]).flatMap(([member, score]) => [score, member]));
    else if (type === 'stream') for (const [id, fields] of value as [string, string[]][]) pipe.xadd(key, id, ...fields);
    else throw new Error(`store.jsonl: key ${relative} has type ${type}`);
  }
  for (const [error] of (await pipe.exec()) ?? []) if (error) throw error;
  return lines.length;
}

let world: World;
let queueConnection: Redis;
let queue: Queue;
let app: Awaited<ReturnType<typeof buildServer>>;

beforeAll(async () => {
  world = await openWorld();
  expect(await restore(world.redis, world.prefix)).toBeGreaterThan(200);
  queueConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(SERIES_QUEUE, { connection: queueConnection, prefix: queuePrefix(world.prefix) });
  app = await buildServer({ store: world.store, queue, config: { adminToken: recorded.adminToken } });
});

afterAll(async () => {
  await app?.close();
  await queue?.close();
  queueConnection?.disconnect();
  await world?.close();
});

async function answer(request: Recorded): Promise<{ status: number; body: unknown }> {
  const response = await app.inject({ method: request.method, url: request.url, ...(request.token !== undefined && { headers: { authorization: `Bearer ${request.token}` } }) });
  return { status: response.statusCode, body: inAnyOrder(response.json()) };
}

/**
 * A body with its tournament standings in bot order: their order changed on purpose (issue 17
 * item 14: results before points), their content must not.
 */
function inAnyOrder(body: unknown): unknown {
  const report = body as { standings?: { bot: string }[] } | null;
  if (report === null || typeof report !== 'object' || !Array.isArray(report.standings)) return body;
  return { ...report, standings: report.standings.slice().sort((a, b) => (a.bot < b.bot ? -1 : a.bot > b.bot ? 1 : 0)) };
}

/** The recorded answer to `url` (the fixture has it, or the test is wrong). */
function recordedBody<T>(url: string): T {
  const found = recorded.requests.find((request) => request.url === url);
  if (found === undefined) throw new Error(`responses.json has no ${url}`);
  return found.body as T;
}

describe('a platform on Redis data stored before games were modules', () => {
  it('answers every recorded request as the old server did: bots, leaderboards, matches, replays, logs, ratings', async () => {
    expect(recorded.requests.length).toBeGreaterThan(200);
    for (const request of recorded.requests) {
      // soft: one run lists every request that changed, not only the first
      expect.soft(await answer(request), `${request.method} ${request.url}`).toMatchObject({ status: request.status, body: inAnyOrder(request.body) });
    }
    const metrics = (await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${recorded.adminToken}` } })).body.split('\n');
    expect(recorded.metrics.length).toBeGreaterThan(10);
    for (const line of recorded.metrics) expect.soft(metrics, 'the stored counters in /metrics').toContain(line);
  });

  it('moves the old matches out of Redis at a worker\'s start-up (issue 24), answering the same before, during and after', async () => {
    const oldKeys = async () => (await world.keys()).filter((key) => /:(match|replay|logs|matches:series):/.test(key));
    expect((await oldKeys()).length).toBeGreaterThan(50);
    const answersAll = async (when: string) => {
      for (const request of recorded.requests) {
        expect.soft(await answer(request), `${request.method} ${request.url} ${when}`).toMatchObject({ status: request.status, body: inAnyOrder(request.body) });
      }
    };
    // one batch by hand: the platform serves a half-moved store
    expect(await world.store.migrateStorageBatch(10)).toBe(10);
    await answersAll('half-way through the migration');
    // the rest as a worker's start-up does it; retention, with the fixture's games of a fixed date, keeps them all
    const keeper = startStorageKeeper({ redisUrl: REDIS_URL, prefix: world.prefix, dataDir: path.dirname(TEST_BLOB_DIR), retentionDays: 36_500, intervalMs: 3_600_000, autorun: false });
    try {
      const { migrated, retention } = await keeper.pass();
      expect(migrated).toBeGreaterThan(0);
      expect(retention).toEqual({ ran: true, deleted: [] });
    } finally {
      await keeper.close();
    }
    expect(await oldKeys()).toEqual([]);
    // a server started now (no match cached) reads the new layout alone
    const fresh = await buildServer({ store: createStore(world.redis, { prefix: world.prefix, blobs: testBlobs }), queue, config: { adminToken: recorded.adminToken } });
    try {
      for (const request of recorded.requests) {
        const response = await fresh.inject({ method: request.method, url: request.url, ...(request.token !== undefined && { headers: { authorization: `Bearer ${request.token}` } }) });
        expect.soft({ status: response.statusCode, body: inAnyOrder(response.json()) }, `${request.method} ${request.url} after the migration`).toMatchObject({ status: request.status, body: inAnyOrder(request.body) });
      }
    } finally {
      await fresh.close();
    }
  });

  it("keeps every house bot's id and history when the start-up registers the house bots", async () => {
    const registered: HouseBot[] = [];
    for (const game of houseGames()) registered.push(...(await registerHouseBots(world.store, game)));
    const reVersioned = new Map(registered.filter((bot) => bot.created).map((bot) => [bot.bot, bot.version]));
    // each old house bot is found again under its name: a new bot beside it would orphan its history
    for (const old of recordedBody<{ bots: { id: string; name: string }[] }>('/api/bots?owner=house').bots) {
      expect(registered.find((bot) => bot.name === old.name)?.bot, `house bot ${old.name}`).toBe(old.id);
    }

    for (const request of recorded.requests) {
      const path = request.url.split('?')[0]!;
      // listings of bots (checked above, before the registration) count their versions and gain
      // the house bots of games the old data did not have (nim, under the test switch)
      if (path === '/api/bots' || path.startsWith('/api/users/')) continue;
      let body = request.body;
      const bot = /^\/api\/bots\/(b\d+)$/.exec(path)?.[1];
      const version = bot === undefined ? undefined : reVersioned.get(bot);
      if (version !== undefined) {
        const old = body as { versions: unknown[] };
        body = { ...old, active: version, versions: [...old.versions, expect.objectContaining({ version, state: 'active' })] };
      }
      if (path.startsWith('/api/leaderboard/')) {
        // a new version has played no rated game yet: provisional, starting from the Elo it had
        const board = body as { rows: { bot: string }[] };
        body = { ...board, rows: board.rows.map((row) => (reVersioned.has(row.bot) ? { ...row, provisional: true } : row)) };
      }
      expect.soft(await answer(request), `${request.method} ${request.url} after the house bots' registration`).toMatchObject({ status: request.status, body: inAnyOrder(body) });
    }
  });

  it('plays the stored bots, compiled by the old code, in a challenge of each game', async () => {
    const worker = startWorker({ redisUrl: REDIS_URL, prefix: world.prefix });
    try {
      await worker.ready;
      const bots = recordedBody<{ bots: { id: string; game: string; owner: string; active: number | null; retired: boolean }[] }>('/api/bots').bots;
      for (const game of new Set(bots.map((bot) => bot.game))) {
        const playable = bots.filter((bot) => bot.game === game && bot.active !== null && !bot.retired);
        const mine = playable.find((bot) => bot.owner !== 'house');
        const house = playable.find((bot) => bot.owner === 'house');
        const response = await app.inject({
          method: 'POST', url: '/api/challenges', headers: { authorization: `Bearer ${recorded.adminToken}` },
          payload: { bot: mine?.id, opponents: [house?.id], deals: 1 },
        });
        expect(response.statusCode, response.body).toBe(202);
        const series = await until(`challenge of ${game}`, () => world.store.getSeries(response.json<{ series: string }>().series), (s): s is Series => s?.status === 'done' || s?.status === 'failed');
        expect(series, `the challenge of ${game}`).toMatchObject({ status: 'done', error: null, gamesDone: 2 });
        for (const id of series.matches) {
          const match = await world.store.getMatch(id);
          expect(match?.forfeit ?? null, `${game} match ${id} of old bundles`).toBeNull();
          expect(match?.entrants.find((entrant) => entrant.bot === mine?.id)?.version).toBe(mine?.active);
        }
      }
    } finally {
      await worker.close();
    }
  });
});
