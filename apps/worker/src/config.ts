/** The worker process's settings, from the environment (the platform's names and defaults). */
import { DEFAULT_REPLAY_RETENTION_DAYS, DEFAULT_SPRT_SETTINGS, SPRT_ELO_LIMIT, dataDirOf, onOff, wholeNumber, type SprtSettings } from '@xix/store';
import { redactUrl } from './redact-url.ts';

export interface WorkerConfig {
  readonly redisUrl: string;
  readonly prefix: string;
  readonly concurrency: number;
  readonly logLevel: string;
  /** How long a stopping worker lets its series finish before handing them back (ms). */
  readonly handBackAfterMs: number;
  /** BullMQ's job lock and stalled-job check (ms): a dead worker's series is taken up after about their sum. */
  readonly lockDuration: number;
  readonly stalledInterval: number;
  /** XIX_DATA_DIR (default `data`, from the working directory): the blob store is its `blobs/`. */
  readonly dataDir: string;
  /** Migration of old data and retention of replays (storage-keeper.ts). */
  readonly storage: StorageConfig;
  /** The rated ladder's scheduler (ladder.ts): off unless XIX_LADDER=on (`npm start` turns it on). */
  readonly ladder: LadderConfig;
  /** The background SPRT of each new active version (sprt-runner.ts): on unless XIX_SPRT=off. */
  readonly sprt: SprtConfig;
}

export interface SprtConfig {
  readonly enabled: boolean;
  /** XIX_SPRT_ELO0, XIX_SPRT_ELO1 (logistic Elo), XIX_SPRT_MAX_GAMES, XIX_SPRT_CHUNK_DEALS; alpha = beta = 0.05. */
  readonly settings: SprtSettings;
  /** XIX_SPRT_INTERVAL_MS: how often every running test is looked at (what a dead worker left is finished then). */
  readonly intervalMs: number;
}

export interface StorageConfig {
  /** XIX_REPLAY_RETENTION_DAYS: ladder and challenge replays and logs older than this are deleted (default 30). */
  readonly retentionDays: number;
  /** XIX_STORAGE_INTERVAL_MS: how often the retention pass runs (default an hour). */
  readonly intervalMs: number;
}

export interface LadderConfig {
  readonly enabled: boolean;
  /** XIX_LADDER_INTERVAL_MS: how often it looks at the backlog. */
  readonly intervalMs: number;
  /** XIX_LADDER_BACKLOG: open ladder series per game, at most. */
  readonly backlog: number;
  /** XIX_LADDER_QUIET_MS: how long no active version may have changed before a ladder settles. */
  readonly quietMs: number;
  /** XIX_LADDER_SETTLED_ELO: a ladder settles when every bot's 95% interval is narrower than ± this. */
  readonly settledElo: number;
}

const LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];
function eloNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!/^[+-]?\d+(\.\d+)?$/.test(text) || Math.abs(value) > SPRT_ELO_LIMIT) throw new Error(`${name} must be a number of Elo from -${SPRT_ELO_LIMIT} to ${SPRT_ELO_LIMIT}, got "${text}"`);
  return value;
}

/** Reads the configuration; throws an Error naming the variable that is wrong. */
export function workerConfig(env: NodeJS.ProcessEnv): WorkerConfig {
  const redisUrl = env.REDIS_URL || 'redis://127.0.0.1:6379';
  if (!/^rediss?:\/\//.test(redisUrl)) throw new Error(`REDIS_URL must be a redis:// or rediss:// URL, got "${redactUrl(redisUrl)}"`);
  const prefix = env.XIX_PREFIX || 'xix';
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(prefix)) throw new Error(`XIX_PREFIX must be 1–64 letters, digits, '_' or '-', got "${prefix}"`);
  const logLevel = env.LOG_LEVEL || 'info';
  if (!LEVELS.includes(logLevel)) throw new Error(`LOG_LEVEL must be one of ${LEVELS.join(', ')}, got "${logLevel}"`);
  return {
    redisUrl,
    prefix,
    concurrency: wholeNumber(env, 'WORKER_CONCURRENCY', 1, 1, 64),
    logLevel,
    handBackAfterMs: wholeNumber(env, 'XIX_HAND_BACK_MS', 8000, 0, 600_000),
    lockDuration: wholeNumber(env, 'XIX_LOCK_DURATION_MS', 60_000, 500, 3_600_000),
    stalledInterval: wholeNumber(env, 'XIX_STALLED_INTERVAL_MS', 30_000, 100, 3_600_000),
    dataDir: dataDirOf(env),
    storage: {
      retentionDays: wholeNumber(env, 'XIX_REPLAY_RETENTION_DAYS', DEFAULT_REPLAY_RETENTION_DAYS, 1, 36_500),
      intervalMs: wholeNumber(env, 'XIX_STORAGE_INTERVAL_MS', 3_600_000, 1000, 86_400_000),
    },
    ladder: {
      enabled: onOff(env, 'XIX_LADDER', false),
      intervalMs: wholeNumber(env, 'XIX_LADDER_INTERVAL_MS', 5_000, 50, 3_600_000),
      backlog: wholeNumber(env, 'XIX_LADDER_BACKLOG', 4, 1, 1_000),
      quietMs: wholeNumber(env, 'XIX_LADDER_QUIET_MS', 600_000, 0, 86_400_000),
      settledElo: wholeNumber(env, 'XIX_LADDER_SETTLED_ELO', 30, 1, 10_000),
    },
    sprt: sprtConfig(env),
  };
}

function sprtConfig(env: NodeJS.ProcessEnv): SprtConfig {
  const elo0 = eloNumber(env, 'XIX_SPRT_ELO0', DEFAULT_SPRT_SETTINGS.elo0);
  const elo1 = eloNumber(env, 'XIX_SPRT_ELO1', DEFAULT_SPRT_SETTINGS.elo1);
  if (!(elo0 < elo1)) throw new Error(`XIX_SPRT_ELO0 (${elo0}) must be below XIX_SPRT_ELO1 (${elo1})`);
  return {
    enabled: onOff(env, 'XIX_SPRT', true),
    settings: {
      ...DEFAULT_SPRT_SETTINGS,
      elo0,
      elo1,
      maxGames: wholeNumber(env, 'XIX_SPRT_MAX_GAMES', DEFAULT_SPRT_SETTINGS.maxGames, 2, 10_000_000),
      chunkDeals: wholeNumber(env, 'XIX_SPRT_CHUNK_DEALS', DEFAULT_SPRT_SETTINGS.chunkDeals, 1, 10_000),
    },
    intervalMs: wholeNumber(env, 'XIX_SPRT_INTERVAL_MS', 10_000, 50, 3_600_000),
  };
}
