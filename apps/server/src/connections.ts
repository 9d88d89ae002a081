/**
 * The server process's Redis connections, each one's errors logged structured and bounded
 * (@xix/store's logConnectionErrors): the store's, which the rate limits share, and the queue's
 * (BullMQ's own, with no retry limit on blocking commands). The live streams' reader is a duplicate
 * of the store's, made and logged by the live plugin (live/hub.ts).
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { blobDirOf, createStore, fileBlobStore, logConnectionErrors, queuePrefix, SERIES_QUEUE, type ConnectionLogger, type Store } from '@xix/store';

export interface ServerConnectionOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly leaderboardCacheMs: number;
  /** The data directory: the blob store (replays, logs) is its `blobs/`. */
  readonly dataDir: string;
  readonly log: ConnectionLogger;
}

export interface ServerConnections {
  readonly store: Store;
  readonly queue: Queue;
  /** Closes the queue and drops both connections (without waiting for a Redis that is down). */
  close(): Promise<void>;
}

export function openServerConnections(options: ServerConnectionOptions): ServerConnections {
  // A request's command fails after 3 reconnection attempts instead of waiting out an outage.
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 3 });
  logConnectionErrors(redis, 'store', options.log);
  const queueConnection = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  logConnectionErrors(queueConnection, 'queue connection', options.log);
  const store = createStore(redis, { prefix: options.prefix, leaderboardCacheMs: options.leaderboardCacheMs, blobs: fileBlobStore(blobDirOf(options.dataDir)) });
  const queue = new Queue(SERIES_QUEUE, { connection: queueConnection, prefix: queuePrefix(options.prefix) });
  // the queue passes its connection's errors on (logged once, above) and adds its own
  logConnectionErrors(queue, 'queue', options.log, { readyFrom: queueConnection });
  return {
    store,
    queue,
    async close() {
      await queue.close();
      queueConnection.disconnect();
      redis.disconnect();
    },
  };
}
