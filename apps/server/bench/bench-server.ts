/**
 * The server as bench:api runs it: its own process, as in production (buildServer + listen), on a
 * free loopback port, printing `listening <url>` for the benchmark. Settings from the environment
 * (REDIS_URL, XIX_PREFIX, UPLOAD_RATE, LOG_LEVEL, XIX_LEADERBOARD_CACHE_MS); logger and store
 * options as in main.ts. SIGTERM closes it.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { buildServer, configFromEnv, processLogger } from '@xix/server';
import { blobDirOf, createStore, dataDirOf, fileBlobStore, queuePrefix, SERIES_QUEUE } from '@xix/store';

const config = configFromEnv();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = process.env.XIX_PREFIX ?? 'xix';
const redis = new Redis(redisUrl);
const queueConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
const queue = new Queue(SERIES_QUEUE, { connection: queueConnection, prefix: queuePrefix(prefix) });
const app = await buildServer({ store: createStore(redis, { prefix, leaderboardCacheMs: config.leaderboardCacheMs, blobs: fileBlobStore(blobDirOf(dataDirOf(process.env))) }), queue, config, logger: processLogger(config.logLevel) });

process.once('SIGTERM', () => {
  void (async () => {
    await app.close();
    await queue.close();
    queueConnection.disconnect();
    redis.disconnect();
  })();
});

await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
if (address === null || typeof address === 'string') throw new Error('the server has no port');
console.log(`listening http://127.0.0.1:${address.port}`);
