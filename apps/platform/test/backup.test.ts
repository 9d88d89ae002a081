/**
 * Backups (issue 24 item 5): `xix admin backup` of a platform whose Redis (a redis-server of the
 * test's own, as npm start runs it) and blob store keep receiving games during the backup, then
 * `xix admin restore` into a fresh data directory whose Redis npm start's way loads: every bot,
 * match, replay and rating stored before the backup is there, and every restored match has its
 * replay. Then what makes it consistent (the backup-running flag that holds retention off, one
 * backup at a time) and what a restore refuses (an interrupted or damaged backup, a target that
 * holds data).
 */
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, type Dirent } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { blobDirOf, createStore, fileBlobStore, keysFor, type Store } from '@xix/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runXixAsync, type Run } from '../../cli/src/test/run-xix.ts';
import { fakeReplay, match, upload } from '../../store/test/world.ts';
import type { Bot, MatchEntrant } from '../../store/src/types.ts';
import { restoreBackup, takeBackup } from '../src/backup/index.ts';
import { freePort, startRedisServer, type OwnRedis } from '../src/redis-server.ts';

const PREFIX = 'xix';
/** Games stored at most while the backup runs (it takes far fewer here). */
const MAX_GAMES = 1000;
const root = mkdtempSync(path.join(tmpdir(), 'xix-backup-'));
const servers: OwnRedis[] = [];

/** The platform's storage of a game, on a Redis and a data directory: the real store and blob store. */
interface Platform {
  readonly store: Store;
  readonly redis: Redis;
  /** Stores a finished game: its blob first, then its Redis record (the store's exactly-once order). */
  recordGame(game: Parameters<Store['recordMatch']>[0]): Promise<void>;
  /** The replay of a match from the blob store, or null. */
  replayOf(matchId: string): Promise<unknown>;
}

function openPlatform(redisUrl: string, dataDir: string): Platform {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  const store = createStore(redis, { prefix: PREFIX, blobs: fileBlobStore(blobDirOf(dataDir)) });
  return {
    store,
    redis,
    async recordGame(game) {
      await store.recordMatch(game);
    },
    replayOf: (matchId) => store.getReplay(matchId),
  };
}

/** Every file under `dir`, as paths relative to it (the blob store's sharded folders). */
function filesUnder(dir: string): string[] {
  return (readdirSync(dir, { recursive: true, withFileTypes: true }) as Dirent[])
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

async function startRedis(dir: string): Promise<OwnRedis> {
  const server = await startRedisServer({ dir, port: await freePort() });
  servers.push(server);
  return server;
}

/** The real `xix`, as an operator runs it on the platform's machine. */
const xix = (env: Record<string, string>, ...args: string[]): Promise<Run> => runXixAsync(root, { XIX_PREFIX: PREFIX, ...env }, ...args);

async function allMatchIds(store: Store): Promise<string[]> {
  const ids: string[] = [];
  let before: string | undefined;
  for (;;) {
    const page = await store.listMatches({ limit: 100, ...(before === undefined ? {} : { before }) });
    ids.push(...page.matches.map((m) => m.id));
    if (page.next === null) return ids;
    before = page.next;
  }
}

let source: OwnRedis;
let platform: Platform;
const sourceData = path.join(root, 'source-data');
let entrants: MatchEntrant[];
let seriesId: string;
let gamesStored = 0;

async function playOne(): Promise<string> {
  const index = gamesStored++;
  const seats = [entrants[index % 3]!, entrants[(index + 1) % 3]!];
  const game = match(seriesId, index, seats, fakeReplay(index % 2));
  await platform.recordGame(game);
  return game.id;
}

beforeAll(async () => {
  source = await startRedis(path.join(sourceData, 'redis'));
  platform = openPlatform(source.url, sourceData);
  // A replica's sync waits 5 s for more replicas by default; this test has no other.
  await platform.redis.config('SET', 'repl-diskless-sync-delay', '0');
  entrants = [await upload(platform.store, 'alice', 'one'), await upload(platform.store, 'bob', 'two'), await upload(platform.store, 'carol', 'three')];
  seriesId = await platform.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants, deals: 50, seed: 1, requestedBy: 'alice' });
  for (let i = 0; i < 12; i += 1) await playOne();
  // a blob being written (the blob store's temporary file): no backup copies it
  writeFileSync(path.join(sourceData, 'blobs', '.tmp-being-written'), 'half a blob');
});

afterAll(async () => {
  platform.redis.disconnect();
  await Promise.all(servers.map((server) => server.stop()));
  rmSync(root, { recursive: true, force: true });
});

describe('xix admin backup and restore', () => {
  it('backs up while games are stored, and the restore into a fresh Redis and data directory has every bot, match, replay and rating of before', async () => {
    const backupDir = path.join(root, 'backup-live');
    const before = { bots: await platform.store.listBots({}), matches: await allMatchIds(platform.store) };
    // Games are stored from the moment the backup raises its flag (before its snapshot) until it
    // lowers it (after its copy): Redis tells when (keyspace notifications of SET and DEL).
    await platform.redis.config('SET', 'notify-keyspace-events', 'K$g');
    const events = new Redis(source.url);
    let writer: Promise<void> | null = null;
    let lowered = false;
    events.on('message', (_channel: string, event: string) => {
      if (event === 'set') writer ??= (async () => {
        while (!lowered && gamesStored < MAX_GAMES) await playOne();
      })();
      if (event === 'del') lowered = true;
    });
    await events.subscribe(`__keyspace@0__:${keysFor(PREFIX).backupRunning()}`);
    const backup = await xix({ REDIS_URL: source.url, XIX_DATA_DIR: sourceData }, 'admin', 'backup', backupDir);
    events.disconnect();
    expect(writer).not.toBeNull();
    await writer;
    expect(backup.stderr).toBe('');
    expect(backup.code).toBe(0);
    expect(backup.stdout).toMatch(/^backup complete in .*backup-live \(manifest\.json written last\)/);
    // the flag is down once the backup is over
    expect(await platform.redis.exists(keysFor(PREFIX).backupRunning())).toBe(0);

    const targetData = path.join(root, 'restored-data');
    const restore = await xix({ REDIS_URL: 'own', XIX_DATA_DIR: targetData }, 'admin', 'restore', backupDir);
    expect(restore.stderr).toBe('');
    expect(restore.code).toBe(0);
    expect(restore.stdout).toContain(`start the platform on it with: REDIS_URL=own XIX_DATA_DIR=${targetData} npm start`);
    // as npm start's own redis-server finds it: the append-only file in <XIX_DATA_DIR>/redis
    const restoredServer = await startRedis(path.join(targetData, 'redis'));
    const restored = openPlatform(restoredServer.url, targetData);
    try {
      // the same bots (their records count the games of the snapshot, checked with the ratings)
      const identity = ({ record: _record, ...bot }: Bot): Omit<Bot, 'record'> => bot;
      expect((await restored.store.listBots({})).map(identity)).toEqual(before.bots.map(identity));
      const restoredIds = await allMatchIds(restored.store);
      expect(restoredIds).toEqual(expect.arrayContaining(before.matches));
      // every restored match (those stored during the backup too) has its replay
      await Promise.all(restoredIds.map(async (id) => {
        const replay = await restored.replayOf(id);
        expect(replay, id).not.toBeNull();
        expect(replay).toEqual(await platform.replayOf(id));
        expect(await restored.store.getMatch(id)).toEqual(await platform.store.getMatch(id));
      }));
      // ratings: each bot's history is the source's up to the snapshot
      const ratings = await restored.store.ratings('xix');
      expect(ratings.games).toBe(restoredIds.length);
      for (const { bot } of entrants) {
        const history = await restored.store.ratingHistory('xix', bot);
        expect(history.length).toBeGreaterThan(0);
        expect(history).toEqual((await platform.store.ratingHistory('xix', bot)).slice(0, history.length));
        expect(ratings.bots.get(bot)?.elo).toBeCloseTo(history.at(-1)!.rating, 9);
      }
      // and the records count the same games: two entrants in each
      const records = await Promise.all(entrants.map(async ({ bot }) => (await restored.store.getBot(bot))!.record.games));
      expect(records.reduce((sum, games) => sum + games, 0)).toBe(2 * restoredIds.length);
      expect(await restored.redis.exists(keysFor(PREFIX).backupRunning())).toBe(0);
    } finally {
      restored.redis.disconnect();
    }
  });

  it('holds retention off with its flag during the copy, one backup at a time; a game stored after the snapshot is not in the restore', async () => {
    const flag = keysFor(PREFIX).backupRunning();
    const duringCopy: { ttlMs: number; second: string; gameAfterSnapshot: string }[] = [];
    const { manifest } = await takeBackup({
      dir: path.join(root, 'backup-flag'),
      redisUrl: source.url,
      dataDir: sourceData,
      prefix: PREFIX,
      progress: async (copied) => {
        if (copied !== 1) return;
        const second = await takeBackup({ dir: path.join(root, 'backup-second'), redisUrl: source.url, dataDir: sourceData, prefix: PREFIX }).then(() => 'taken', (error: Error) => error.message);
        duringCopy.push({ ttlMs: await platform.redis.pttl(flag), second, gameAfterSnapshot: await playOne() });
      },
    });
    expect(duringCopy).toHaveLength(1);
    expect(duringCopy[0]!.ttlMs).toBeGreaterThan(0);
    expect(duringCopy[0]!.ttlMs).toBeLessThanOrEqual(60_000);
    expect(duringCopy[0]!.second).toMatch(/^another backup is running \(Redis key xix:backup-running is set/);
    expect(existsSync(path.join(root, 'backup-second'))).toBe(false);
    expect(await platform.redis.exists(flag)).toBe(0);
    expect(manifest).toMatchObject({ format: 'xix-arena.backup', version: 1, prefix: PREFIX, redis: { url: source.url, db: 0 }, blobs: { vanished: 0 } });
    expect(manifest.blobs.count).toBeGreaterThanOrEqual(12);
    expect(filesUnder(path.join(root, 'backup-flag', 'blobs')).filter((file) => path.basename(file).startsWith('.'))).toEqual([]);

    // restored into a running Redis given by URL this time (its keys by RESTORE)
    const target = await startRedis(path.join(root, 'target-redis'));
    const targetData = path.join(root, 'restored-by-url');
    const summary = await restoreBackup({ dir: path.join(root, 'backup-flag'), config: { dataDir: targetData, redisUrl: target.url } });
    expect(summary.redis).toMatchObject({ url: target.url });
    const restored = openPlatform(target.url, targetData);
    try {
      const ids = await allMatchIds(restored.store);
      expect(ids).not.toContain(duringCopy[0]!.gameAfterSnapshot);
      expect(ids.length).toBe(gamesStored - 1);
      for (const id of ids) expect(await restored.replayOf(id), id).toEqual(await platform.replayOf(id));
      expect(await restored.redis.exists(flag)).toBe(0);
    } finally {
      restored.redis.disconnect();
    }
  });

  it('refuses an interrupted or damaged backup, and a target holding data unless forced', async () => {
    const good = path.join(root, 'backup-flag');
    const damaged = path.join(root, 'backup-damaged');
    cpSync(good, damaged, { recursive: true });
    rmSync(path.join(damaged, 'manifest.json'));
    const interrupted = await xix({ REDIS_URL: 'own', XIX_DATA_DIR: path.join(root, 'never') }, 'admin', 'restore', damaged);
    expect(interrupted.code).toBe(1);
    expect(interrupted.stderr).toBe(`xix: ${damaged} is not a complete backup: it has no manifest.json (written last, so an interrupted backup has none)\n`);

    cpSync(path.join(good, 'manifest.json'), path.join(damaged, 'manifest.json'));
    const blob = path.join(damaged, 'blobs', filesUnder(path.join(damaged, 'blobs'))[0]!);
    writeFileSync(blob, Buffer.concat([readFileSync(blob), Buffer.from([0])]));
    const intoDamaged = path.join(root, 'restored-damaged');
    await expect(restoreBackup({ dir: damaged, config: { dataDir: intoDamaged, redisUrl: 'own' } })).rejects.toThrow(/^blob .* differs from its checksum in blobs\.sha256: the backup is damaged$/);
    // nothing of it reached the target
    expect(existsSync(path.join(intoDamaged, 'blobs'))).toBe(false);
    expect(existsSync(path.join(intoDamaged, 'redis'))).toBe(false);

    const full = path.join(root, 'restored-by-url');
    await expect(restoreBackup({ dir: good, config: { dataDir: full, redisUrl: 'own' } })).rejects.toThrow(/is not empty: restore into an empty data directory, or pass --force/);
    const summary = await restoreBackup({ dir: good, config: { dataDir: full, redisUrl: 'own' }, force: true });
    expect(filesUnder(path.join(full, 'blobs'))).toHaveLength(summary.manifest.blobs.count);
  });
});
