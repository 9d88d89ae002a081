/** The worker process's settings, from the environment (the platform's names and defaults). */
export interface WorkerConfig {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly concurrency: number;
  readonly logLevel: string;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

/** Reads the configuration; throws an Error naming the variable that is wrong. */
export function workerConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  const redisUrl = env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  if (!/^rediss?:\/\//.test(redisUrl)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${redisUrl}"`);
  const prefix = env.XIX_PREFIX ?? 'xix';
  if (!/^[A-Za-z0-9_-]{1,32}$/.test(prefix)) throw new Error(`XIX_PREFIX must be 1–32 letters, digits, '_' or '-', got "${prefix}"`);
  const concurrencyText = env.WORKER_CONCURRENCY ?? '1';
  const concurrency = Number(concurrencyText);
  if (!/^\d+$/.test(concurrencyText) || concurrency < 1 || concurrency > 64) {
    throw new Error(`WORKER_CONCURRENCY must be a whole number from 1 to 64, got "${concurrencyText}"`);
  }
  const logLevel = env.LOG_LEVEL ?? 'info';
  if (!LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${logLevel}"`);
  return { redisUrl, prefix, concurrency, logLevel };
}
