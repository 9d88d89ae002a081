/**
 * The server process (src/main.ts) reconciles the queue when it starts: a tournament stored by a
 * server that died before enqueuing its pairings gets its jobs from the next server to start.
 */
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { SERIES_QUEUE, queuePrefix } from '@xix/store';
import { REDIS_URL, openWorld, upload, type World } from '../../store/test/world.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

let w: World;
let queue: Queue;
let connection: Redis;
beforeEach(async () => {
  w = await openWorld();
  connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(SERIES_QUEUE, { connection, prefix: queuePrefix(w.prefix) });
});
afterEach(async () => {
  await queue.close();
  connection.disconnect();
  await w.close();
});

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Starts the server process on the world's prefix and answers its reconcile log line. */
async function startServerUntilReconciled(): Promise<{ enqueued: string[]; checked: number }> {
  const env = { ...process.env, REDIS_URL, XIX_PREFIX: w.prefix, PORT: String(await freePort()), HOST: '127.0.0.1', LOG_LEVEL: 'info', XIX_ADMIN_TOKEN: '' };
  const child = spawn(process.execPath, ['--no-node-snapshot', MAIN], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  try {
    for await (const line of createInterface({ input: child.stdout })) {
      const entry = JSON.parse(line) as { msg?: string; enqueued?: string[]; checked?: number };
      if (entry.msg === 'queue reconciled with the unfinished series') return { enqueued: entry.enqueued ?? [], checked: entry.checked ?? -1 };
    }
    throw new Error(`the server exited (${child.exitCode}) without reconciling`);
  } finally {
    child.kill('SIGTERM');
  }
}

it('enqueues, as it starts, the pairings of a tournament that was stored and never enqueued', { timeout: 60_000 }, async () => {
  const entrants = [await upload(w.store, 'alice', 'ann'), await upload(w.store, 'bob', 'ben'), await upload(w.store, 'carol', 'cat')];
  const { series } = await w.store.createTournament({ game: 'xix', entrants, dealsPerPairing: 1, seats: 2, createdBy: 'admin' });
  const before = await queue.getJobCounts();
  expect(Object.values(before).reduce((sum, n) => sum + n, 0)).toBe(0);

  const first = await startServerUntilReconciled();
  // the house bots the server registers have no series; the tournament's three are enqueued
  expect(first).toEqual({ checked: 3, enqueued: series });
  for (const id of series) expect((await queue.getJob(id))?.name).toBe('tournament');

  // a second start finds the jobs there and adds none
  expect(await startServerUntilReconciled()).toEqual({ checked: 3, enqueued: [] });
  expect(await queue.count()).toBe(3);
});
