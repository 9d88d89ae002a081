/**
 * Health while Redis is down (its own redis-server, killed and started again): the server's
 * connections made as main.ts makes them answer 503 at once, instead of a PING that waits for the
 * connection's reconnection attempts (6.5 s); once Redis is back, 200 again.
 */
import { once } from 'node:events';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { startRestartableRedis, type RestartableRedis } from '../../platform/src/redis-server.ts';
import { until } from '../../store/test/until.ts';
import { TEST_BLOB_DIR } from '../../store/test/world.ts';
import { openServerConnections, type ServerConnections } from '../src/connections.ts';
import { buildServer } from '../src/index.ts';

let redis: RestartableRedis | undefined;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await redis?.close();
});

it('answers 503 while Redis is down without waiting on the dead connection, and 200 once it is back (issue 17 item 12)', async () => {
  redis = await startRestartableRedis({ name: 'health-redis' });
  const log = { warn: () => undefined, info: () => undefined };
  const connections: ServerConnections = openServerConnections({ redisUrl: redis.url, prefix: 'health', leaderboardCacheMs: 0, dataDir: path.dirname(TEST_BLOB_DIR), log });
  closers.push(() => connections.close());
  const app = await buildServer({ store: connections.store, queue: connections.queue });
  closers.push(() => app.close());
  const health = async () => app.inject({ method: 'GET', url: '/api/health' });
  // the connections are made as the app starts: healthy once they are ready
  await until('health with Redis up', async () => (await health()).statusCode, (status) => status === 200, { timeoutMs: 30_000 });

  const client = connections.store.redis;
  let attempts = 0;
  client.on('reconnecting', () => attempts++);
  const lost = once(client, 'reconnecting');
  await redis.kill();
  await lost;
  const attemptsBefore = attempts;
  const down = await health();
  expect(down.statusCode).toBe(503);
  expect(down.json()).toMatchObject({ ok: false, redis: false, workers: 0 });
  expect(client.status).not.toBe('ready');
  // a PING on it would have failed only after the connection's 3 reconnection attempts (maxRetriesPerRequest)
  expect(attempts - attemptsBefore).toBeLessThan(3);

  await redis.restart();
  await until('health after Redis is back', async () => (await health()).statusCode, (status) => status === 200, { timeoutMs: 30_000 });
});
