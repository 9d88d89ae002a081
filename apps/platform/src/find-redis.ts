/**
 * Which Redis the platform uses: REDIS_URL when set; else one answering on 127.0.0.1:6379; else a
 * redis-server of our own with its data under XIX_DATA_DIR (found again by the next start, even
 * one left running by a launcher that was killed); else a message saying how to get Redis.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { Redis } from 'ioredis';
import { redactUrl } from '@xix/worker/redact-url';
import { LauncherError, type LauncherConfig } from './config.ts';
import { freePort, onPath, portFree, redisAnswers, startRedisServer, type OwnRedis } from './redis-server.ts';

export const LOCAL_REDIS_URL = 'redis://127.0.0.1:6379';
const OWN_PORT = 6380;

export interface FoundRedis {
  readonly url: string;
  /** Ours to stop on exit, or null (someone else's). */
  readonly own: OwnRedis | { readonly url: string; stop(): Promise<void> } | null;
  /** One line for the user (the URL in it without credentials). */
  readonly how: string;
}

const HOW_TO_GET_REDIS = [
  'XIX Arena needs Redis 7, and none was found:',
  '  - nothing answers on 127.0.0.1:6379, and',
  '  - redis-server is not on the PATH, so the launcher cannot start its own.',
  'Install it (Debian/Ubuntu: sudo apt-get install redis-server), or run it in Docker',
  '(docker compose up -d redis), or point REDIS_URL at a Redis you have.',
].join('\n');

export async function findRedis(config: LauncherConfig, env: NodeJS.ProcessEnv = process.env): Promise<FoundRedis> {
  const running = await runningRedis(config);
  if (running !== null) return running;
  const dir = ownRedisDir(config);
  if (!onPath('redis-server', env.PATH)) throw new LauncherError(HOW_TO_GET_REDIS);
  const port = (await portFree(OWN_PORT)) ? OWN_PORT : await freePort();
  const own = await startRedisServer({ dir, port });
  writeFileSync(portFile(dir), String(port));
  return { url: own.url, own, how: `started redis-server on port ${port} (data in ${dir}, append-only file on)` };
}

/**
 * The Redis the platform would use without starting one: REDIS_URL's (an error when it does not
 * answer), else 127.0.0.1:6379 when it answers (unless REDIS_URL is "own"), else our own
 * redis-server left running on the data directory; null when none. `xix admin backup` backs up
 * the same one.
 */
export async function runningRedis(config: Pick<LauncherConfig, 'redisUrl' | 'dataDir'>): Promise<FoundRedis | null> {
  if (config.redisUrl !== null && config.redisUrl !== 'own') {
    // Printed without its password: the launcher's output ends up in terminals and CI logs.
    const shown = redactUrl(config.redisUrl);
    if (!(await redisAnswers(config.redisUrl, 3000))) throw new LauncherError(`Redis does not answer at REDIS_URL=${shown}`);
    return { url: config.redisUrl, own: null, how: `Redis at ${shown} (REDIS_URL)` };
  }
  if (config.redisUrl === null && (await redisAnswers(LOCAL_REDIS_URL))) {
    return { url: LOCAL_REDIS_URL, own: null, how: `Redis at ${LOCAL_REDIS_URL}` };
  }
  const dir = ownRedisDir(config);
  const adopted = await adoptLeftover(dir);
  return adopted === null ? null : { url: adopted.url, own: adopted, how: `our redis-server from a previous start, at ${adopted.url} (data in ${dir})` };
}

/** Where our own redis-server keeps its files (the append-only file): `<XIX_DATA_DIR>/redis`. */
export const ownRedisDir = (config: Pick<LauncherConfig, 'dataDir'>): string => path.join(config.dataDir, 'redis');

const portFile = (dir: string): string => path.join(dir, 'redis.port');

/** A redis-server a killed launcher left running on our data directory: ours to use and stop. */
async function adoptLeftover(dir: string): Promise<{ url: string; stop(): Promise<void> } | null> {
  let port: number;
  try {
    port = Number(readFileSync(portFile(dir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(port) || port < 1 || port > 65_535) return null;
  const url = `redis://127.0.0.1:${port}`;
  if (!(await redisAnswers(url))) return null;
  const redis = new Redis(url, { maxRetriesPerRequest: 1, retryStrategy: () => null });
  redis.on('error', () => undefined);
  try {
    const reply = (await redis.config('GET', 'dir')) as string[];
    if (reply[1] !== dir) return null;
  } catch {
    return null;
  } finally {
    redis.disconnect();
  }
  return {
    url,
    async stop() {
      const client = new Redis(url, { maxRetriesPerRequest: 0, retryStrategy: () => null });
      client.on('error', () => undefined);
      await client.call('SHUTDOWN').catch(() => undefined);
      client.disconnect();
    },
  };
}
