/**
 * Redis killed and started again while a spectator watches a live game on its broadcast (its own
 * redis-server, fsyncing every write): the broadcast reads the game again once Redis is back and
 * the spectator gets the rest of the game, in order, without a gap or a repeat, up to its end.
 */
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { SERIES_QUEUE, createStore, queuePrefix } from '@xix/store';
import { startRestartableRedis, type RestartableRedis } from '../../platform/src/redis-server.ts';
import { testBlobs } from '../../store/test/world.ts';
import { buildServer } from '../src/index.ts';
import { LiveClient, expectPublicViews, followK, playGame, wsBase } from './live-client.ts';

let redis: RestartableRedis | undefined;
const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const close of closers.reverse()) await close();
  await redis?.close();
});

it('keeps streaming a live game across a Redis restart', async () => {
  redis = await startRestartableRedis({ name: 'live-redis', fsyncAlways: true });
  // connections that wait out the outage instead of failing their commands
  const connection = new Redis(redis.url, { maxRetriesPerRequest: null });
  connection.on('error', () => undefined);
  const store = createStore(connection, { prefix: 'live', blobs: testBlobs });
  const queueConnection = connection.duplicate();
  queueConnection.on('error', () => undefined);
  const queue = new Queue(SERIES_QUEUE, { connection: queueConnection, prefix: queuePrefix('live') });
  queue.on('error', () => undefined);
  // moves shown as soon as they are known (pace 0)
  const app = await buildServer({ store, queue, config: { broadcastPaceMs: 0, broadcastPauseMs: 0 } });
  closers.push(async () => { connection.disconnect(); }, async () => { await queue.close(); }, async () => { await app.close(); });
  const base = wsBase(await app.listen({ port: 0, host: '127.0.0.1' }));

  const { events } = playGame('s3.0', [{ bot: 'b1', version: 1 }, { bot: 'b2', version: 1 }], 21);
  const context = { game: 'xix', tournament: null };
  await store.publishLive('s3.0', events.slice(0, 10), context);
  const client = await LiveClient.open(base, '/api/matches/s3.0/events');
  closers.push(async () => { client.close(); });
  await client.until('move 9 shown', () => client.events.some((frame) => followK(frame) === 9));

  await redis.kill();
  await redis.restart();

  for (const event of events.slice(10)) await store.publishLive('s3.0', [event], context);
  expect(await client.untilClosed()).toMatchObject({ code: 1000 });
  // the start, every move once, the end (k = moves + 1)
  expect(client.events.map(followK)).toEqual(events.map((_, k) => k));
  expectPublicViews(client.frames, 's3.0', events);
});
