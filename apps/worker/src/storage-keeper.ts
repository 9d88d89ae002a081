/**
 * The worker's storage passes (issue 24): at start-up, matches stored before the blob store are
 * moved out of Redis a batch at a time (the platform serves meanwhile: reads find either layout);
 * then, periodically, retention deletes the expired ladder and challenge replays. One worker acts
 * at a time (the store's storage lock); the others' passes find it held and do nothing.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { blobDirOf, createStore, fileBlobStore, logConnectionErrors, type RetentionPass } from '@xix/store';

/** Old matches moved per batch: a batch holds the lock for a few hundred ms at most. */
export const MIGRATION_BATCH = 100;
const LOCK_MS = 60_000;
const DAY_MS = 86_400_000;

export interface StorageKeeperOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly dataDir: string;
  readonly retentionDays: number;
  readonly intervalMs: number;
  readonly logger?: Logger;
  /** false: no timer, passes run by `pass()` only (tests). Default true. */
  readonly autorun?: boolean;
}

export interface StorageKeeper {
  /** One migration (to its end) and one retention pass; resolves with what retention did. */
  pass(): Promise<{ readonly migrated: number; readonly retention: RetentionPass }>;
  close(): Promise<void>;
}

export function startStorageKeeper(options: StorageKeeperOptions): StorageKeeper {
  const log = options.logger ?? pino({ level: 'silent' });
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  logConnectionErrors(redis, 'storage store', log);
  const store = createStore(redis, { prefix: options.prefix, blobs: fileBlobStore(blobDirOf(options.dataDir)) });
  let closed = false;
  let running: Promise<unknown> = Promise.resolve();

  async function migrate(): Promise<number> {
    let migrated = 0;
    while (!closed && (await store.holdStorageLock(owner, LOCK_MS))) {
      let moved: number;
      try {
        moved = await store.migrateStorageBatch(MIGRATION_BATCH);
      } finally {
        await store.releaseStorageLock(owner);
      }
      migrated += moved;
      if (moved === 0) break;
    }
    if (migrated > 0) log.info({ migrated }, 'matches moved to the blob store');
    return migrated;
  }

  async function pass(): Promise<{ migrated: number; retention: RetentionPass }> {
    const migrated = await migrate();
    const retention = await store.expireReplays({ owner, maxAgeMs: options.retentionDays * DAY_MS });
    if (retention.deleted.length > 0) log.info({ deleted: retention.deleted }, 'expired replays deleted');
    return { migrated, retention };
  }

  const run = (): void => {
    running = pass().catch((error: unknown) => log.error({ err: String(error) }, 'storage pass failed'));
  };
  const timer = options.autorun === false ? undefined : setInterval(run, options.intervalMs);
  if (timer !== undefined) run();
  return {
    pass,
    async close() {
      closed = true;
      if (timer !== undefined) clearInterval(timer);
      await running;
      redis.disconnect();
    },
  };
}
