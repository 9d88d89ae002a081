/** The launcher's settings, from the environment (the platform's names and defaults). */
import path from 'node:path';
import { redactUrl } from '@xix/worker/redact-url';

export interface LauncherConfig {
  /** REDIS_URL as given: a URL, 'own' (always start our own redis-server), or null (find one). */
  readonly redisUrl: string | null;
  readonly dataDir: string;
  readonly host: string;
  readonly port: number;
}

export class LauncherError extends Error {
  override name = 'LauncherError';
}

export function launcherConfig(env: NodeJS.ProcessEnv, cwd = process.cwd()): LauncherConfig {
  const redisUrl = env.REDIS_URL === undefined || env.REDIS_URL === '' ? null : env.REDIS_URL;
  if (redisUrl !== null && redisUrl !== 'own' && !/^rediss?:\/\//.test(redisUrl)) {
    throw new LauncherError(`REDIS_URL must be a redis:// URL or "own", got "${redactUrl(redisUrl)}"`);
  }
  const portText = env.PORT ?? '8019';
  const port = Number(portText);
  if (!/^\d+$/.test(portText) || port < 1 || port > 65_535) throw new LauncherError(`PORT must be a port number from 1 to 65535, got "${portText}"`);
  return {
    redisUrl,
    dataDir: path.resolve(cwd, env.XIX_DATA_DIR ?? 'data'),
    host: env.HOST || '127.0.0.1',
    port,
  };
}
