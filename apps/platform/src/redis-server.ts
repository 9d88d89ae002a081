/**
 * A redis-server of our own: AOF on (every write fsynced each second, or always when asked), its
 * data in a directory we own, stopped with SHUTDOWN so the AOF is complete. It runs in its own
 * process group, so a Ctrl-C in the terminal reaches the server and worker first and Redis last.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';

export interface OwnRedis {
  readonly url: string;
  readonly port: number;
  readonly process: ChildProcess;
  /** SHUTDOWN (the AOF is flushed), then waits for the process to end. */
  stop(): Promise<void>;
}

export interface OwnRedisOptions {
  readonly dir: string;
  readonly port: number;
  /** fsync after every write (tests of durability) instead of every second. */
  readonly fsyncAlways?: boolean;
  readonly binary?: string;
  /**
   * Start from this RDB file in `dir` instead, with the append-only file off (a restore loads a
   * backup so, then turns the AOF on: a server started with it on ignores an RDB file).
   */
  readonly rdbFile?: string;
}

/** Whether a command can be found on the PATH (without running it). */
export function onPath(command: string, path = process.env.PATH ?? ''): boolean {
  return spawnSync('/bin/sh', ['-c', `command -v ${command}`], { env: { PATH: path }, stdio: 'ignore' }).status === 0;
}

/** A TCP port nobody listens on right now, from the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address !== null ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Whether nothing listens on a local TCP port (so a server of ours can take it). */
export async function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** Whether a Redis answers PING at `url` within `timeoutMs`. */
export async function redisAnswers(url: string, timeoutMs = 1000): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: timeoutMs, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    return (await redis.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

export async function startRedisServer(options: OwnRedisOptions): Promise<OwnRedis> {
  mkdirSync(options.dir, { recursive: true });
  const args = [
    '--port', String(options.port),
    '--bind', '127.0.0.1',
    '--dir', options.dir,
    ...(options.rdbFile === undefined ? ['--appendonly', 'yes'] : ['--appendonly', 'no', '--dbfilename', options.rdbFile]),
    '--appendfsync', options.fsyncAlways === true ? 'always' : 'everysec',
    '--save', '',
    '--daemonize', 'no',
  ];
  const child = spawn(options.binary ?? 'redis-server', args, { detached: true, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (stderr = (stderr + chunk).slice(-2000)));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${options.port}`;
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) => reject(new Error(`cannot start redis-server: ${error.message}`)));
    child.once('exit', (code) => reject(new Error(`redis-server exited (code ${String(code)}) before answering: ${stderr.trim()}`)));
  });
  failed.catch(() => undefined);
  const deadline = Date.now() + 10_000;
  while (!(await Promise.race([redisAnswers(url, 500), failed]))) {
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`redis-server on port ${options.port} did not answer within 10 s`);
    }
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return {
    url,
    port: options.port,
    process: child,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const redis = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
      redis.on('error', () => undefined);
      // SHUTDOWN closes the connection instead of answering: its "error" is the success.
      await redis.call('SHUTDOWN').catch(() => undefined);
      redis.disconnect();
      const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(killer);
    },
  };
}

/**
 * A redis-server in a temporary directory on a free port that can be killed and started again on
 * the same port and data: the set-up of the tests of a Redis outage.
 */
export interface RestartableRedis {
  readonly url: string;
  /** The redis-server running now (a new one after each restart). */
  readonly current: OwnRedis;
  /** SIGKILL, as a crash: resolves once the process has ended. */
  kill(): Promise<void>;
  /** A new redis-server on the same port and directory (its AOF: what was written before the kill). */
  restart(): Promise<void>;
  /** Stops the server (if it runs) and removes its directory. */
  close(): Promise<void>;
}

export async function startRestartableRedis(options: { readonly name: string; readonly fsyncAlways?: boolean }): Promise<RestartableRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), `xix-${options.name}-`));
  const port = await freePort();
  const start = (): Promise<OwnRedis> => startRedisServer({ dir, port, ...(options.fsyncAlways === true && { fsyncAlways: true }) });
  let current: OwnRedis;
  try {
    current = await start();
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  return {
    url: current.url,
    get current() {
      return current;
    },
    async kill() {
      const child = current.process;
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    },
    async restart() {
      current = await start();
    },
    async close() {
      await current.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
