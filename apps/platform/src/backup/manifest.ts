/**
 * What a backup folder holds (docs/operations.md "Backups"): `redis.rdb` (a point-in-time snapshot
 * of the whole Redis), `blobs/` (a copy of `<XIX_DATA_DIR>/blobs/`), `blobs.sha256` (one line per
 * blob in `sha256sum` format: `sha256sum -c blobs.sha256` checks it) and, written last,
 * `manifest.json`: a folder without it is an interrupted backup, and restore refuses it.
 */
import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { LauncherError } from '../config.ts';

export const MANIFEST_FILE = 'manifest.json';
export const RDB_FILE = 'redis.rdb';
export const BLOBS_DIR = 'blobs';
export const BLOB_LIST_FILE = 'blobs.sha256';
const FORMAT = 'xix-arena.backup';
const VERSION = 1;

export interface BackupManifest {
  readonly format: typeof FORMAT;
  readonly version: typeof VERSION;
  readonly startedAt: string;
  readonly finishedAt: string;
  /** The platform's key prefix (XIX_PREFIX): its backup-running flag is cleared on restore. */
  readonly prefix: string;
  readonly redis: {
    /** Without credentials. */
    readonly url: string;
    readonly version: string;
    /** The database of the URL (`redis://host/2`: 2): restored into a running Redis's, that one alone. */
    readonly db: number;
    /** When the snapshot was asked for: it holds what Redis held then. */
    readonly snapshotAt: string;
    readonly bytes: number;
    readonly sha256: string;
  };
  readonly blobs: {
    readonly from: string;
    readonly count: number;
    readonly bytes: number;
    /** Blobs deleted between being listed and being read (not ones the snapshot needs: see backup.ts). */
    readonly vanished: number;
    /** The SHA-256 of blobs.sha256. */
    readonly listSha256: string;
  };
}

/** One blob of a backup: its path under blobs/ ('/'-separated) and its checksum. */
export interface BlobEntry {
  readonly path: string;
  readonly sha256: string;
}

/** Blobs read and written at once: enough to keep a disk busy, few enough for file descriptors. */
const FILES_AT_ONCE = 16;

/** `task` for each item, FILES_AT_ONCE at a time; the first failure stops taking new items and is thrown. */
export async function forEachFile<T>(items: AsyncIterable<T> | Iterable<T>, task: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: { error: unknown } | null = null;
  for await (const item of items) {
    if (failure !== null) break;
    const run: Promise<void> = task(item).catch((error: unknown) => { failure ??= { error }; }).finally(() => running.delete(run));
    running.add(run);
    if (running.size >= FILES_AT_ONCE) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure !== null) throw (failure as { error: unknown }).error;
}

/** Writes files under `root` at '/'-separated relative paths, making each folder once. */
export function fileWriter(root: string): (relative: string, data: Uint8Array) => Promise<void> {
  const made = new Set<string>();
  return async (relative, data) => {
    const file = path.join(root, relative);
    const folder = path.dirname(file);
    if (!made.has(folder)) {
      await mkdir(folder, { recursive: true });
      made.add(folder);
    }
    // 'wx': a backup or a restore writes into an empty folder, and never over a file
    await writeFile(file, data, { flag: 'wx' });
  };
}

export const sha256 = (data: Uint8Array | string): string => createHash('sha256').update(data).digest('hex');

export async function sha256File(file: string): Promise<{ sha256: string; bytes: number }> {
  const hash = createHash('sha256');
  let bytes = 0;
  for await (const chunk of createReadStream(file) as AsyncIterable<Buffer>) {
    hash.update(chunk);
    bytes += chunk.length;
  }
  return { sha256: hash.digest('hex'), bytes };
}

export const blobListLine = (entry: BlobEntry): string => `${entry.sha256}  ${BLOBS_DIR}/${entry.path}\n`;

/** A blob's path from a backup's list, refused when it could leave blobs/ (a damaged or crafted list). */
function safeBlobPath(relative: string): boolean {
  if (relative === '' || relative.includes('\0') || relative.includes('\\') || relative.startsWith('/')) return false;
  return relative.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

export function parseBlobList(text: string): BlobEntry[] {
  const entries = new Map<string, BlobEntry>();
  const lines = text.split('\n');
  if (lines.at(-1) === '') lines.pop();
  lines.forEach((line, i) => {
    const found = /^([0-9a-f]{64}) {2}blobs\/(.+)$/.exec(line);
    if (found === null || !safeBlobPath(found[2]!)) throw new LauncherError(`${BLOB_LIST_FILE} line ${i + 1} is not "<sha256>  blobs/<path>": the backup is damaged`);
    if (entries.has(found[2]!)) throw new LauncherError(`${BLOB_LIST_FILE} line ${i + 1} lists blobs/${found[2]!} again: the backup is damaged`);
    entries.set(found[2]!, { sha256: found[1]!, path: found[2]! });
  });
  return [...entries.values()];
}

/** The manifest of a complete backup, checked field by field. */
export async function readManifest(dir: string): Promise<BackupManifest> {
  let text: string;
  try {
    text = await readFile(path.join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw new LauncherError(`cannot read ${path.join(dir, MANIFEST_FILE)}: ${(error as Error).message}`);
    throw new LauncherError(`${dir} is not a complete backup: it has no ${MANIFEST_FILE} (written last, so an interrupted backup has none)`);
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(text);
  } catch {
    throw new LauncherError(`${path.join(dir, MANIFEST_FILE)} is not JSON: the backup is damaged`);
  }
  const problem = manifestProblem(manifest);
  if (problem !== null) throw new LauncherError(`${path.join(dir, MANIFEST_FILE)}: ${problem}`);
  return manifest as BackupManifest;
}

function manifestProblem(value: unknown): string | null {
  const record = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (!record(value) || value.format !== FORMAT) return `not an XIX Arena backup manifest (format must be "${FORMAT}")`;
  if (value.version !== VERSION) return `backup format version ${String(value.version)} is not ${VERSION}: restore it with the xix that made it`;
  const { redis, blobs } = value;
  if (!record(redis) || !record(blobs)) return 'redis and blobs must be objects';
  const hex = (v: unknown): boolean => typeof v === 'string' && /^[0-9a-f]{64}$/.test(v);
  const count = (v: unknown): boolean => Number.isSafeInteger(v) && (v as number) >= 0;
  if (typeof value.prefix !== 'string' || !/^[A-Za-z0-9_-]{1,64}$/.test(value.prefix)) return 'prefix must be 1–64 letters, digits, _ or -';
  if (!hex(redis.sha256) || !count(redis.bytes) || !count(redis.db)) return 'redis.sha256, redis.bytes and redis.db are missing or malformed';
  if (!hex(blobs.listSha256) || !count(blobs.count) || !count(blobs.bytes)) return 'blobs.listSha256, blobs.count and blobs.bytes are missing or malformed';
  return null;
}
