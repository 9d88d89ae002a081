/**
 * `xix admin backup DIR` while the platform runs (docs/operations.md "Backups"). Consistent
 * because of the order of things:
 *  1. set the backup-running flag (with an expiry, refreshed while the backup runs): retention
 *     deletes no blob from now on;
 *  2. snapshot Redis with `redis-cli --rdb` (the replication sync: one point in time, from any
 *     Redis that this machine reaches, local or not);
 *  3. copy the blob directory.
 * A game's blob is written before its Redis record, so every record in the snapshot has its blob
 * on disk before the snapshot, and nothing deletes it before the copy reaches it. Blobs written
 * after the snapshot are copied too, or not: a blob without a record is never counted as a game.
 * The manifest, written last, makes the folder a complete backup.
 */
import { spawn } from 'node:child_process';
import { hostname } from 'node:os';
import { mkdir, open, opendir, readFile, readdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { Redis } from 'ioredis';
import { keysFor } from '@xix/store';
import { redactUrl } from '@xix/worker/redact-url';
import { LauncherError } from '../config.ts';
import { onPath } from '../redis-server.ts';
import { BLOBS_DIR, BLOB_LIST_FILE, MANIFEST_FILE, RDB_FILE, blobListLine, fileWriter, forEachFile, sha256, sha256File, type BackupManifest } from './manifest.ts';

/** How long the flag outlives a backup process that died; it is refreshed three times as often. */
export const BACKUP_FLAG_TTL_S = 60;
const REFRESH_MS = (BACKUP_FLAG_TTL_S * 1000) / 3;

export interface BackupOptions {
  /** The backup folder: new or empty. */
  readonly dir: string;
  readonly redisUrl: string;
  /** The platform's data directory (XIX_DATA_DIR): its blobs/ is copied. */
  readonly dataDir: string;
  readonly prefix: string;
  /** After each blob copied (the command's progress). */
  readonly progress?: (blobsCopied: number) => void | Promise<void>;
}

export interface BackupSummary {
  readonly manifest: BackupManifest;
  readonly dir: string;
}

const HOW_TO_GET_REDIS_CLI = 'redis-cli is not on the PATH, and the backup needs it to snapshot Redis (redis-cli --rdb). Install it: Debian/Ubuntu: sudo apt-get install redis-tools (redis-server brings it too)';

export async function takeBackup(options: BackupOptions): Promise<BackupSummary> {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(options.prefix)) throw new LauncherError(`XIX_PREFIX must be 1–64 letters, digits, _ or -, got "${options.prefix}"`);
  if (!onPath('redis-cli')) throw new LauncherError(HOW_TO_GET_REDIS_CLI);
  const dir = path.resolve(options.dir);
  await mustBeNewOrEmpty(dir);
  const startedAt = new Date().toISOString();
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 1, lazyConnect: true });
  redis.on('error', () => undefined);
  try {
    await redis.connect().catch((error: Error) => {
      throw new LauncherError(`cannot connect to Redis at ${redactUrl(options.redisUrl)}: ${error.message}`);
    });
    const version = /^redis_version:(.*)$/m.exec(await redis.info('server'))?.[1]?.trim() ?? 'unknown';
    const flag = await raiseFlag(redis, keysFor(options.prefix).backupRunning());
    try {
      // it holds the platform's secrets (token hashes, bots' sources): its owner's alone
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const snapshotAt = new Date().toISOString();
      const { db, ...rdb } = await snapshotRedis(options.redisUrl, path.join(dir, RDB_FILE));
      const blobs = await copyBlobs(path.join(options.dataDir, BLOBS_DIR), dir, options.progress);
      flag.check();
      const manifest: BackupManifest = {
        format: 'xix-arena.backup',
        version: 1,
        startedAt,
        finishedAt: new Date().toISOString(),
        prefix: options.prefix,
        redis: { url: redactUrl(options.redisUrl), version, db, snapshotAt, ...rdb },
        blobs: { from: path.resolve(options.dataDir, BLOBS_DIR), ...blobs },
      };
      await writeDurably(path.join(dir, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
      return { manifest, dir };
    } finally {
      await flag.lower();
    }
  } finally {
    redis.disconnect();
  }
}

async function mustBeNewOrEmpty(dir: string): Promise<void> {
  try {
    if ((await readdir(dir)).length > 0) throw new LauncherError(`${dir} is not empty: a backup goes into a new or empty folder (it never overwrites one)`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

/**
 * Sets the backup-running flag (refused when another backup holds it) and keeps it alive; `check`
 * fails if it ever expired (the process stalled longer than its expiry: retention may have run).
 */
async function raiseFlag(redis: Redis, key: string): Promise<{ check(): void; lower(): Promise<void> }> {
  const value = JSON.stringify({ host: hostname(), pid: process.pid, since: new Date().toISOString() });
  if ((await redis.set(key, value, 'EX', BACKUP_FLAG_TTL_S, 'NX')) === null) {
    throw new LauncherError(`another backup is running (Redis key ${key} is set: ${String(await redis.get(key))}); if it died, the key expires within ${BACKUP_FLAG_TTL_S} s`);
  }
  let lost = false;
  const timer = setInterval(() => {
    redis.set(key, value, 'EX', BACKUP_FLAG_TTL_S, 'XX').then(
      (reply) => { if (reply === null) lost = true; },
      () => { lost = true; },
    );
  }, REFRESH_MS);
  return {
    check() {
      if (lost) throw new LauncherError(`the backup-running flag (${key}) expired or could not be refreshed during the copy: retention may have deleted blobs meanwhile; take the backup again`);
    },
    async lower() {
      clearInterval(timer);
      // only our own flag: never one that another backup set after ours expired
      await redis.eval("if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end return 0", 1, key, value).catch(() => undefined);
    },
  };
}

/** `redis-cli --rdb`: the password goes through the environment, never the command line (ps shows that). */
async function snapshotRedis(redisUrl: string, file: string): Promise<{ bytes: number; sha256: string; db: number }> {
  let url: URL;
  try {
    url = new URL(redisUrl);
  } catch {
    throw new LauncherError(`REDIS_URL is not a URL: "${redactUrl(redisUrl)}"`);
  }
  const db = url.pathname.length > 1 ? Number(url.pathname.slice(1)) : 0;
  if (!Number.isSafeInteger(db) || db < 0) throw new LauncherError(`REDIS_URL's database must be a number, got "${url.pathname.slice(1)}"`);
  const args = ['-h', url.hostname.replace(/^\[(.*)\]$/, '$1'), '-p', url.port || '6379'];
  if (url.username !== '') args.push('--user', decodeURIComponent(url.username));
  if (url.protocol === 'rediss:') args.push('--tls');
  args.push('--rdb', file);
  const { REDISCLI_AUTH: _inherited, ...env } = process.env;
  void _inherited;
  if (url.password !== '') env.REDISCLI_AUTH = decodeURIComponent(url.password);
  const output = await new Promise<{ code: number | null; text: string }>((resolve, reject) => {
    const child = spawn('redis-cli', args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let text = '';
    const keep = (chunk: Buffer): void => { text = (text + chunk.toString('utf8')).slice(-4000); };
    child.stdout.on('data', keep);
    child.stderr.on('data', keep);
    child.once('error', (error) => reject(new LauncherError(`cannot run redis-cli: ${error.message}`)));
    child.once('close', (code) => resolve({ code, text }));
  });
  if (output.code !== 0) {
    const last = output.text.trim().split('\n').at(-1) ?? '';
    throw new LauncherError(`redis-cli --rdb failed (exit code ${String(output.code)}): ${last}`);
  }
  const head = await readFile(file).then((data) => data.subarray(0, 5).toString('latin1'), () => '');
  if (head !== 'REDIS') throw new LauncherError(`redis-cli --rdb wrote no RDB file to ${file}: ${output.text.trim().split('\n').at(-1) ?? ''}`);
  const handle = await open(file, 'r+');
  await handle.sync().finally(() => handle.close());
  return { ...(await sha256File(file)), db };
}

/** Every file under `from` (relative, '/'-separated), directory by directory; a directory removed meanwhile is skipped. */
async function* walk(root: string, relative = ''): AsyncGenerator<string> {
  let entries;
  try {
    entries = await opendir(path.join(root, relative));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  for await (const entry of entries) {
    const child = relative === '' ? entry.name : `${relative}/${entry.name}`;
    if (entry.isDirectory()) yield* walk(root, child);
    else if (entry.isFile() && !isPartialBlob(entry.name)) yield child;
  }
}

/**
 * A blob being written: the blob store writes a temporary file whose name starts with '.' (which no
 * blob's name does), then renames it. Never part of the store, so not of a backup.
 */
const isPartialBlob = (name: string): boolean => name.startsWith('.');

async function copyBlobs(from: string, dir: string, progress: BackupOptions['progress']): Promise<Omit<BackupManifest['blobs'], 'from'>> {
  const list = await open(path.join(dir, BLOB_LIST_FILE), 'a');
  const write = fileWriter(path.join(dir, BLOBS_DIR));
  let count = 0;
  let bytes = 0;
  let vanished = 0;
  const copyOne = async (relative: string): Promise<void> => {
    let data: Buffer;
    try {
      data = await readFile(path.join(from, relative));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      vanished += 1;
      return;
    }
    await write(relative, data);
    // appended (O_APPEND) in one write each: lines of blobs copied at once never interleave
    await list.write(blobListLine({ path: relative, sha256: sha256(data) }));
    count += 1;
    bytes += data.length;
    await progress?.(count);
  };
  try {
    await forEachFile(walk(from), copyOne);
    await list.sync();
  } finally {
    await list.close();
  }
  return { count, bytes, vanished, listSha256: (await sha256File(path.join(dir, BLOB_LIST_FILE))).sha256 };
}

/** Written to a temporary name, flushed to disk, then renamed: the file is whole or absent. */
export async function writeDurably(file: string, text: string): Promise<void> {
  const temporary = `${file}.tmp`;
  const handle = await open(temporary, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temporary, file);
}
