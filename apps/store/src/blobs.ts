/**
 * The blob store: what is large and read rarely (a game's replay and its bots' logs) kept out of
 * Redis memory (docs/architecture.md "Where data lives"). One small interface; the files under a
 * directory are its one implementation (an S3-compatible object store would be another: keys are
 * already '/'-separated names, and retention only lists and deletes by prefix).
 */
import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, unlink } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';

/** Segments of letters, digits, '.', '_', '-' (never starting with '.': temp files do) joined by '/'. */
export const BLOB_KEY = /^[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}(\/[A-Za-z0-9_-][A-Za-z0-9._-]{0,99}){0,9}$/;

export interface BlobStore {
  /** Stores the bytes under `key`, replacing any; durable when it resolves (a crash loses nothing after). */
  put(key: string, bytes: Buffer): Promise<void>;
  /** The bytes stored under `key`, whole, or null when there are none. */
  get(key: string): Promise<Buffer | null>;
  delete(key: string): Promise<void>;
  /** The names (one segment each) of the blobs and folders directly under the folder `prefix`, sorted. */
  list(prefix: string): Promise<string[]>;
  /** Deletes every blob under the folder `prefix`. */
  deleteFolder(prefix: string): Promise<void>;
}

function checkKey(key: string): string {
  if (!BLOB_KEY.test(key)) throw new RangeError(`blob key ${JSON.stringify(key)} must be '/'-separated names of letters, digits, '.', '_' or '-'`);
  return key;
}

const missing = (error: unknown): boolean => (error as NodeJS.ErrnoException | null)?.code === 'ENOENT';

/**
 * Blobs as files under `dir` (`<XIX_DATA_DIR>/blobs`), one file per key. A write goes to a temp file
 * (a name starting with '.', which no key has), is fsynced, renamed over the key's file and the
 * folder fsynced: a reader sees the old file or the whole new one, never a part, and after put
 * resolves a crash keeps it. Several processes may share the directory.
 */
export function fileBlobStore(dir: string): BlobStore {
  const pathOf = (key: string) => join(dir, checkKey(key));
  async function fsyncDir(path: string): Promise<void> {
    const handle = await open(path, 'r');
    try { await handle.sync(); } finally { await handle.close(); }
  }
  return {
    async put(key, bytes) {
      const path = pathOf(key);
      const folder = dirname(path);
      await mkdir(folder, { recursive: true });
      const temp = join(folder, `.tmp-${randomBytes(6).toString('hex')}`);
      const handle = await open(temp, 'w');
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      try {
        await rename(temp, path);
      } catch (error) {
        await unlink(temp).catch(() => undefined);
        throw error;
      }
      await fsyncDir(folder);
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
    async list(prefix) {
      try {
        return (await readdir(prefix === '' ? dir : pathOf(prefix))).filter((name) => !name.startsWith('.')).sort();
      } catch (error) {
        if (missing(error)) return [];
        throw error;
      }
    },
    async deleteFolder(prefix) {
      await rm(pathOf(prefix), { recursive: true, force: true });
    },
  };
}

/** The blob store's folder in the data directory: `<XIX_DATA_DIR>/blobs`. */
export const blobDirOf = (dataDir: string): string => join(dataDir, 'blobs');

/** XIX_DATA_DIR (default `data`), resolved from `cwd`: the platform's data directory. */
export const dataDirOf = (env: NodeJS.ProcessEnv, cwd = process.cwd()): string => resolve(cwd, env.XIX_DATA_DIR || 'data');

/** One store prefix's part of a blob store: its keys under `<prefix>/`, as its Redis keys are under `<prefix>:`. */
export function prefixedBlobStore(blobs: BlobStore, prefix: string): BlobStore {
  const key = (rest: string) => (rest === '' ? prefix : `${prefix}/${rest}`);
  return {
    put: (rest, bytes) => blobs.put(key(rest), bytes),
    get: (rest) => blobs.get(key(rest)),
    delete: (rest) => blobs.delete(key(rest)),
    list: (rest) => blobs.list(key(rest)),
    deleteFolder: (rest) => blobs.deleteFolder(key(rest)),
  };
}
