/**
 * Retention (issue 24): the replays and logs of ladder, challenge and SPRT games older than an age are
 * deleted from the blob store, a whole UTC day of a kind at a time; their records, ratings and
 * head to head stay (they are in Redis, which this never touches but for one timestamp).
 * Tournament and validation games are kept. One worker runs a pass at a time (the storage lock),
 * and no pass deletes while a backup copies the blob store (keys.backupRunning).
 */
import type { Redis } from 'ioredis';
import type { BlobStore } from './blobs.ts';
import type { Keys } from './keys.ts';
import { HOLD_LOCK, RELEASE_LOCK } from './ladder.ts';
import { luaScript } from './lua.ts';
import { StoreInputError } from './names.ts';
import { gameDayFolder } from './replay-codec.ts';
import type { SeriesKind } from './types.ts';

/** The kinds whose replays expire; the others' are kept for ever. */
export const EXPIRING_KINDS: readonly SeriesKind[] = ['ladder', 'challenge', 'sprt'];
export const DEFAULT_REPLAY_RETENTION_DAYS = 30;
const DAY_MS = 86_400_000;

export interface RetentionPass {
  /** false: another worker holds the storage lock, or a backup is running; nothing was deleted. */
  readonly ran: boolean;
  /** The day folders deleted (`games/<kind>/<YYYY-MM-DD>`). */
  readonly deleted: readonly string[];
}

export function storageLockOps(redis: Redis, keys: Keys) {
  const hold = luaScript(redis, HOLD_LOCK);
  const release = luaScript(redis, RELEASE_LOCK);
  return {
    holdStorageLock: async (owner: string, ttlMs: number): Promise<boolean> => (await hold([keys.storageLock()], [owner, ttlMs])) === 1,
    releaseStorageLock: async (owner: string): Promise<void> => { await release([keys.storageLock()], [owner]); },
  };
}

export function retentionOps(redis: Redis, keys: Keys, blobs: BlobStore) {
  const lock = storageLockOps(redis, keys);
  const backupRunning = async (): Promise<boolean> => (await redis.exists(keys.backupRunning())) === 1;
  return {
    /**
     * Deletes the expiring kinds' games of every UTC day that ended `maxAgeMs` before `now` or
     * earlier. Games of the day still within the age are kept until the day is wholly past it.
     */
    async expireReplays(options: { readonly owner: string; readonly maxAgeMs: number; readonly now?: number }): Promise<RetentionPass> {
      if (!Number.isSafeInteger(options.maxAgeMs) || options.maxAgeMs < 0) throw new StoreInputError(`maxAgeMs must be a whole number of ms, got ${options.maxAgeMs}`);
      if (!/^[\w.:@-]{1,200}$/.test(options.owner)) throw new StoreInputError(`a lock owner is 1–200 letters, digits or _.:@-, got ${JSON.stringify(options.owner)}`);
      const now = options.now ?? Date.now();
      // games that finished before this (a day boundary) are expired
      const boundary = Math.floor((now - options.maxAgeMs) / DAY_MS) * DAY_MS;
      const firstKeptDay = new Date(boundary).toISOString().slice(0, 10);
      if (!(await lock.holdStorageLock(options.owner, 10 * 60_000))) return { ran: false, deleted: [] };
      try {
        if (await backupRunning()) return { ran: false, deleted: [] };
        // said before deleting: a replay read meanwhile answers "expired", not "missing"
        const previous = Number(await redis.get(keys.replaysExpiredBefore()));
        if (!(previous >= boundary)) await redis.set(keys.replaysExpiredBefore(), boundary);
        const deleted: string[] = [];
        for (const kind of EXPIRING_KINDS) {
          for (const day of await blobs.list(`games/${kind}`)) {
            if (!(day < firstKeptDay)) continue;
            // a backup that starts now must find nothing deleted while it copies
            if (await backupRunning()) return { ran: false, deleted };
            await blobs.deleteFolder(gameDayFolder(kind, day));
            deleted.push(gameDayFolder(kind, day));
          }
        }
        return { ran: true, deleted };
      } finally {
        await lock.releaseStorageLock(options.owner);
      }
    },
  };
}
