/**
 * `xix admin restore DIR` (docs/operations.md "Backups"): checks the backup against its manifest,
 * then restores the blobs first and Redis second (the order in which the platform writes them),
 * into a data directory and a Redis that hold nothing yet (or, with `force`, whose contents the
 * backup replaces). Each blob is checked against its checksum as it is copied into a folder
 * beside blobs/, renamed into place once all are good: a damaged backup leaves the target as it was.
 *
 * Redis goes either into `<XIX_DATA_DIR>/redis` as the append-only file that `npm start`'s own
 * redis-server loads (a redis-server started with the AOF on ignores an RDB file, so the snapshot
 * is loaded with the AOF off and the AOF is then written from it), or, given a Redis URL, key by
 * key into that running Redis (DUMP on a redis-server of our own loaded from the snapshot, RESTORE
 * on the target, expiries kept).
 */
import { copyFile, mkdir, mkdtemp, readFile, readdir, rename, rm, rmdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { keysFor } from '@xix/store';
import { redactUrl } from '@xix/worker/redact-url';
import { LauncherError, type LauncherConfig } from '../config.ts';
import { ownRedisDir, runningRedis } from '../find-redis.ts';
import { freePort, onPath, startRedisServer, type OwnRedis } from '../redis-server.ts';
import { BLOBS_DIR, BLOB_LIST_FILE, RDB_FILE, fileWriter, forEachFile, parseBlobList, readManifest, sha256, sha256File, type BackupManifest, type BlobEntry } from './manifest.ts';

export interface RestoreOptions {
  /** The backup folder. */
  readonly dir: string;
  /** The target: its data directory, and REDIS_URL (null or "own": the data directory's own redis-server). */
  readonly config: Pick<LauncherConfig, 'dataDir' | 'redisUrl'>;
  /** Restore over existing data: the data directory's blobs/ and redis/ are deleted first; a target Redis's keys of the same name are replaced. */
  readonly force?: boolean;
}

export interface RestoreSummary {
  readonly manifest: BackupManifest;
  readonly blobsDir: string;
  /** Where Redis went: the folder of its append-only file, or the URL (without credentials). */
  readonly redis: { readonly dir: string } | { readonly url: string; readonly keys: number };
}

const RESTORE_RDB = 'restore.rdb';
/** Keys moved per round trip when restoring into a running Redis. */
const KEY_BATCH = 500;

export async function restoreBackup(options: RestoreOptions): Promise<RestoreSummary> {
  const dir = path.resolve(options.dir);
  const manifest = await readManifest(dir);
  const blobs = await checkBackup(dir, manifest);
  if (!onPath('redis-server')) throw new LauncherError('redis-server is not on the PATH, and the restore needs it to load the snapshot. Install it: Debian/Ubuntu: sudo apt-get install redis-server');
  const force = options.force === true;
  const { dataDir, redisUrl } = options.config;
  const intoUrl = redisUrl !== null && redisUrl !== 'own' ? redisUrl : null;
  const redisDir = ownRedisDir({ dataDir });
  const blobsDir = path.join(dataDir, BLOBS_DIR);
  // every refusal before the first write
  if (!force) await mustBeEmpty(blobsDir, 'the data directory\'s blobs folder');
  if (intoUrl === null) {
    if ((await runningRedis({ dataDir, redisUrl: 'own' })) !== null) throw new LauncherError(`a redis-server is running on ${redisDir}: stop the platform first (its Redis is restored as files)`);
    if (!force) await mustBeEmpty(redisDir, 'the data directory\'s redis folder');
  }
  const target = intoUrl === null ? null : await openEmptyTarget(intoUrl, force);
  try {
    await restoreBlobs(dir, blobs, blobsDir, force);
    if (target === null) {
      await restoreRedisFiles(dir, manifest, redisDir, force);
      return { manifest, blobsDir, redis: { dir: redisDir } };
    }
    const keys = await restoreIntoRedis(dir, manifest, target, force);
    return { manifest, blobsDir, redis: { url: redactUrl(intoUrl!), keys } };
  } finally {
    target?.disconnect();
  }
}

/** The snapshot's and the blob list's checksums, then every blob's: a damaged backup is refused whole. */
async function checkBackup(dir: string, manifest: BackupManifest): Promise<BlobEntry[]> {
  const rdb = await sha256File(path.join(dir, RDB_FILE)).catch((error: Error) => {
    throw new LauncherError(`cannot read the backup's ${RDB_FILE}: ${error.message}`);
  });
  if (rdb.sha256 !== manifest.redis.sha256 || rdb.bytes !== manifest.redis.bytes) throw new LauncherError(`${RDB_FILE} differs from the manifest's checksum: the backup is damaged`);
  const listText = await readFile(path.join(dir, BLOB_LIST_FILE)).catch((error: Error) => {
    throw new LauncherError(`cannot read the backup's ${BLOB_LIST_FILE}: ${error.message}`);
  });
  if (sha256(listText) !== manifest.blobs.listSha256) throw new LauncherError(`${BLOB_LIST_FILE} differs from the manifest's checksum: the backup is damaged`);
  const entries = parseBlobList(listText.toString('utf8'));
  if (entries.length !== manifest.blobs.count) throw new LauncherError(`${BLOB_LIST_FILE} lists ${entries.length} blobs, the manifest ${manifest.blobs.count}: the backup is damaged`);
  return entries;
}

async function mustBeEmpty(folder: string, what: string): Promise<void> {
  const entries = await readdir(folder).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  if (entries.length > 0) throw new LauncherError(`${what} (${folder}) is not empty: restore into an empty data directory, or pass --force to replace what it holds`);
}

/**
 * Into a folder beside blobs/, each file checked against its checksum as it is copied, then
 * renamed into place: the platform never sees half a restore.
 */
async function restoreBlobs(dir: string, entries: readonly BlobEntry[], blobsDir: string, force: boolean): Promise<void> {
  const staging = `${blobsDir}.restoring`;
  await rm(staging, { recursive: true, force: true });
  await mkdir(staging, { recursive: true });
  try {
    const write = fileWriter(staging);
    await forEachFile(entries, async (entry) => {
      const data = await readFile(path.join(dir, BLOBS_DIR, entry.path)).catch((error: Error) => {
        throw new LauncherError(`cannot read the backup's blob ${entry.path}: ${error.message}`);
      });
      if (sha256(data) !== entry.sha256) throw new LauncherError(`blob ${entry.path} differs from its checksum in ${BLOB_LIST_FILE}: the backup is damaged`);
      await write(entry.path, data);
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  if (force) await rm(blobsDir, { recursive: true, force: true });
  else await rmdir(blobsDir).catch(() => undefined); // an empty one (checked above)
  await rename(staging, blobsDir);
}

/** The snapshot as the append-only file of `<XIX_DATA_DIR>/redis`, where `npm start` finds it. */
async function restoreRedisFiles(dir: string, manifest: BackupManifest, redisDir: string, force: boolean): Promise<void> {
  if (force) await rm(redisDir, { recursive: true, force: true });
  await mkdir(redisDir, { recursive: true });
  await copyFile(path.join(dir, RDB_FILE), path.join(redisDir, RESTORE_RDB));
  const server = await startSnapshotServer(redisDir);
  const redis = client(server.url);
  try {
    await redis.del(keysFor(manifest.prefix).backupRunning());
    // The AOF is written from memory by a rewrite, which CONFIG SET starts (or schedules).
    await redis.config('SET', 'appendonly', 'yes');
    for (;;) {
      const info = await redis.info('persistence');
      const field = (name: string): string | undefined => new RegExp(`^${name}:(.*)$`, 'm').exec(info)?.[1]?.trim();
      if (field('aof_rewrite_in_progress') === '0' && field('aof_rewrite_scheduled') === '0') {
        if (field('aof_last_bgrewrite_status') !== 'ok') throw new LauncherError(`redis-server could not write the append-only file in ${redisDir} (aof_last_bgrewrite_status: ${String(field('aof_last_bgrewrite_status'))})`);
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  } finally {
    redis.disconnect();
    await server.stop();
  }
  // the AOF holds it all now; left there, the snapshot would only mislead
  await rm(path.join(redisDir, RESTORE_RDB));
}

/** A redis-server of our own loaded from the snapshot (AOF off), on a free port. */
async function startSnapshotServer(folder: string): Promise<OwnRedis> {
  try {
    return await startRedisServer({ dir: folder, port: await freePort(), rdbFile: RESTORE_RDB });
  } catch (error) {
    throw new LauncherError(`redis-server cannot load the backup's snapshot: ${(error as Error).message}`);
  }
}

const client = (url: string): Redis => {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  redis.on('error', () => undefined);
  return redis;
};

async function openEmptyTarget(url: string, force: boolean): Promise<Redis> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    if (!force && (await redis.dbsize()) > 0) throw new LauncherError(`the Redis at ${redactUrl(url)} holds keys: restore into an empty Redis, or pass --force to replace the keys the backup holds`);
    return redis;
  } catch (error) {
    redis.disconnect();
    if (error instanceof LauncherError) throw error;
    throw new LauncherError(`cannot connect to Redis at ${redactUrl(url)}: ${(error as Error).message}`);
  }
}

/** Every key of the snapshot's database `manifest.redis.db` into the target's, with its expiry. */
async function restoreIntoRedis(dir: string, manifest: BackupManifest, target: Redis, force: boolean): Promise<number> {
  const folder = await mkdtemp(path.join(tmpdir(), 'xix-restore-'));
  let server: OwnRedis | undefined;
  let source: Redis | undefined;
  try {
    await copyFile(path.join(dir, RDB_FILE), path.join(folder, RESTORE_RDB));
    server = await startSnapshotServer(folder);
    source = client(`${server.url}/${manifest.redis.db}`);
    const flag = keysFor(manifest.prefix).backupRunning();
    let moved = 0;
    let cursor = '0';
    do {
      const [next, found] = await source.scan(cursor, 'COUNT', KEY_BATCH);
      cursor = next;
      const keys = found.filter((key) => key !== flag);
      if (keys.length === 0) continue;
      const read = source.pipeline();
      for (const key of keys) read.dumpBuffer(key).pttl(key);
      const replies = (await read.exec()) ?? [];
      const write = target.pipeline();
      keys.forEach((key, i) => {
        const payload = replies[2 * i]?.[1] as Buffer | null;
        const ttl = replies[2 * i + 1]?.[1] as number;
        if (payload === null || ttl === -2) return; // expired since the snapshot was loaded
        if (force) write.restore(key, Math.max(ttl, 0), payload, 'REPLACE');
        else write.restore(key, Math.max(ttl, 0), payload);
        moved += 1;
      });
      for (const [error] of (await write.exec()) ?? []) {
        if (error !== null) throw new LauncherError(`RESTORE into the target Redis failed: ${error.message}`);
      }
    } while (cursor !== '0');
    return moved;
  } finally {
    source?.disconnect();
    await server?.stop();
    await rm(folder, { recursive: true, force: true });
  }
}
