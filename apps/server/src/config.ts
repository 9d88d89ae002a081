/** The server's settings, from the environment (docs/api.md lists them), with defaults. */
import { dataDirOf } from '@xix/store';

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Acts as user `admin`; null: no admin. */
  readonly adminToken: string | null;
  readonly bodyLimit: number;
  /** Uploads per minute per user. */
  readonly uploadRate: number;
  /** Challenges per minute per user. */
  readonly challengeRate: number;
  /** Registrations per hour per client address. */
  readonly registerRate: number;
  /** Failed logins per 10 minutes per client address (the admin's account as a whole: 5 times as many). */
  readonly authFailureRate: number;
  /** Deals of each validation series (each deal is played once from each seat). */
  readonly validationDeals: number;
  readonly logLevel: string;
  /** How long (ms) a leaderboard may be reused before it is read again; 0: never reused. */
  readonly leaderboardCacheMs: number;
  /** How often (ms) each websocket is pinged; one that did not answer the previous ping is cut. */
  readonly heartbeatMs: number;
  /** XIX_CLOSE_GRACE_MS: how long (ms) a closing server lets requests in flight finish before it cuts them. */
  readonly closeGraceMs: number;
  /**
   * XIX_BROADCAST_PACE_MS: every game's broadcast pace (ms a move) instead of its own (default
   * null: each game's, docs/architecture.md "Broadcast"); 0 shows moves as soon as they are known.
   */
  readonly broadcastPaceMs: number | null;
  /** XIX_BROADCAST_PAUSE_MS: how long a channel shows a game's end before its next game. */
  readonly broadcastPauseMs: number;
  /**
   * The featured broadcast channels run whether followed or not (so `/` always has a game on): on
   * in a server process (configFromEnv; XIX_FEATURED_ALWAYS_ON=0 turns it off), off for a server
   * built without settings (tests).
   */
  readonly featuredAlwaysOn: boolean;
  /** XIX_DATA_DIR (default `data`, from the working directory): replays and logs are read from its `blobs/`. */
  readonly dataDir: string;
}

export const DEFAULT_CONFIG: ServerConfig = {
  port: 8019,
  host: '127.0.0.1',
  adminToken: null,
  bodyLimit: 1024 * 1024,
  uploadRate: 20,
  challengeRate: 30,
  registerRate: 30,
  authFailureRate: 20,
  validationDeals: 2,
  logLevel: 'info',
  leaderboardCacheMs: 1000,
  heartbeatMs: 30_000,
  closeGraceMs: 10_000,
  broadcastPaceMs: null,
  broadcastPauseMs: 4000,
  featuredAlwaysOn: false,
  dataDir: dataDirOf({}),
};

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function positiveInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value) || value < 1) throw new ConfigError(`${name} must be a positive integer, got ${JSON.stringify(raw)}`);
  return value;
}

function nonNegativeInt(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  return env[name] === '0' ? 0 : positiveInt(env, name, fallback);
}

export const MIN_ADMIN_TOKEN_LENGTH = 32;
export const MAKE_ADMIN_TOKEN = 'openssl rand -base64 32 (or: node -e "console.log(crypto.randomBytes(32).toString(\'base64url\'))")';

/**
 * Why a token is not good enough to be the admin's, or null. The admin token is a password that
 * never expires: long, random (a random one of 32 characters has far more than 8 different ones),
 * and sendable in a header.
 */
function adminTokenWeakness(token: string): string | null {
  if (token.length < MIN_ADMIN_TOKEN_LENGTH) return `is ${token.length} characters long`;
  if (!/^[\x21-\x7e]+$/.test(token)) return 'has spaces or characters an HTTP header cannot carry';
  const distinct = new Set(token).size;
  if (distinct < 8) return `repeats a few characters (${distinct} different ones): it is not random`;
  return null;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const port = positiveInt(env, 'PORT', DEFAULT_CONFIG.port);
  if (port > 65_535) throw new ConfigError(`PORT must be at most 65535, got ${port}`);
  const adminToken = env.XIX_ADMIN_TOKEN === undefined || env.XIX_ADMIN_TOKEN === '' ? null : env.XIX_ADMIN_TOKEN;
  const heartbeatMs = positiveInt(env, 'XIX_WS_HEARTBEAT_MS', DEFAULT_CONFIG.heartbeatMs);
  if (heartbeatMs < 1000) throw new ConfigError(`XIX_WS_HEARTBEAT_MS must be at least 1000, got ${heartbeatMs}`);
  const weakness = adminToken === null ? null : adminTokenWeakness(adminToken);
  if (weakness !== null) throw new ConfigError(`XIX_ADMIN_TOKEN ${weakness}: it must be at least ${MIN_ADMIN_TOKEN_LENGTH} random characters; make one with: ${MAKE_ADMIN_TOKEN}`);
  return {
    port,
    host: env.HOST || DEFAULT_CONFIG.host,
    adminToken,
    bodyLimit: positiveInt(env, 'BODY_LIMIT', DEFAULT_CONFIG.bodyLimit),
    uploadRate: positiveInt(env, 'UPLOAD_RATE', DEFAULT_CONFIG.uploadRate),
    challengeRate: positiveInt(env, 'CHALLENGE_RATE', DEFAULT_CONFIG.challengeRate),
    registerRate: positiveInt(env, 'REGISTER_RATE', DEFAULT_CONFIG.registerRate),
    authFailureRate: positiveInt(env, 'AUTH_FAILURE_RATE', DEFAULT_CONFIG.authFailureRate),
    validationDeals: positiveInt(env, 'XIX_VALIDATION_DEALS', DEFAULT_CONFIG.validationDeals),
    logLevel: env.LOG_LEVEL || DEFAULT_CONFIG.logLevel,
    leaderboardCacheMs: nonNegativeInt(env, 'XIX_LEADERBOARD_CACHE_MS', DEFAULT_CONFIG.leaderboardCacheMs),
    heartbeatMs,
    closeGraceMs: nonNegativeInt(env, 'XIX_CLOSE_GRACE_MS', DEFAULT_CONFIG.closeGraceMs),
    broadcastPaceMs: env.XIX_BROADCAST_PACE_MS === undefined || env.XIX_BROADCAST_PACE_MS === '' ? null : nonNegativeInt(env, 'XIX_BROADCAST_PACE_MS', 0),
    broadcastPauseMs: nonNegativeInt(env, 'XIX_BROADCAST_PAUSE_MS', DEFAULT_CONFIG.broadcastPauseMs),
    featuredAlwaysOn: env.XIX_FEATURED_ALWAYS_ON !== '0',
    dataDir: dataDirOf(env),
  };
}
