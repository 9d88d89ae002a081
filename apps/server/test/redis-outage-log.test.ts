/**
 * The server process (src/main.ts) through a Redis outage (its own redis-server, killed and
 * started again): every connection's errors are handled and logged structured and bounded, none
 * reaches stderr as ioredis' "Unhandled error event", health answers 503 meanwhile and 200 after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { afterAll, expect, it } from 'vitest';
import { freePort, startRestartableRedis, type RestartableRedis } from '../../platform/src/redis-server.ts';
import { until } from '../../store/test/until.ts';

const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));
let redis: RestartableRedis | undefined;
let server: ChildProcess | undefined;
let clock: Redis | undefined;
afterAll(async () => {
  clock?.disconnect();
  if (server !== undefined && server.exitCode === null) {
    const exited = new Promise((resolve) => server!.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await redis?.close();
});

interface LogLine { msg?: string; connection?: string; errors?: number }

it('logs a Redis outage in a few structured lines, with nothing on stderr (issue 17 item 13)', { timeout: 90_000 }, async () => {
  redis = await startRestartableRedis({ name: 'outage' });
  const port = await freePort();
  const env = { ...process.env, REDIS_URL: redis.url, XIX_PREFIX: 'outage', PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', XIX_ADMIN_TOKEN: '' };
  server = spawn(process.execPath, ['--no-node-snapshot', MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  server.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString('utf8')));
  server.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const context = () => `stdout: ${stdout.slice(-2000)}\nstderr: ${stderr.slice(-2000)}`;
  const health = async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status;
  await until('the server healthy', health, (status) => status === 200, { timeoutMs: 60_000, readErrorsWait: true, context });

  await redis.kill();
  // A client of the test's own on the same dead Redis, reconnecting on ioredis' default schedule as
  // the server's do, tells when the server's clients have failed many times over.
  let refused = 0;
  clock = new Redis(redis.url, { maxRetriesPerRequest: null });
  clock.on('error', () => refused++);
  expect(await health()).toBe(503);
  await until('five reconnection attempts', async () => refused, (n) => n >= 5, { timeoutMs: 30_000, context });
  expect(await health()).toBe(503);

  await redis.restart();
  await until('the server healthy again', health, (status) => status === 200, { timeoutMs: 30_000, context });
  expect(stderr).not.toMatch(/Unhandled error event/);
  expect(stderr).not.toMatch(/ECONNREFUSED/);
  const lines = () => stdout.split('\n').filter((line) => line.startsWith('{')).map((line) => JSON.parse(line) as LogLine);
  const back = (name: string) => lines().find((line) => line.msg === 'redis connection back' && line.connection === name);
  await until('the store and queue connections logged back', async () => [back('store'), back('queue connection')], (found) => found.every(Boolean), { timeoutMs: 30_000, context });

  const outage = lines().filter((line) => line.msg?.startsWith('redis connection'));
  // each connection: its first error, and that it is back (the outage is shorter than a "still failing" period)
  expect(outage.filter((line) => line.msg === 'redis connection failing').map((line) => line.connection).sort()).toEqual(['queue connection', 'store']);
  expect(outage.length).toBeLessThanOrEqual(6);
  // the many errors are counted, not logged one by one
  expect(back('store')?.errors).toBeGreaterThanOrEqual(3);
});
