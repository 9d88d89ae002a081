/** The server's settings, from the environment (docs/api.md lists them, with their ranges), with defaults. */
import { DEFAULT_MAX_SOURCE_BYTES } from '@xix/sandbox/compile';
import { ConfigError, dataDirOf, onOff, wholeNumber } from '@xix/store';

export { ConfigError };

export interface ServerConfig {
  readonly port: number;
  readonly host: string;
  /** Acts as user `admin`; null: no admin. */
  readonly adminToken: string | null;
  /** BODY_LIMIT: the largest request body, bytes (default UPLOAD_BODY_LIMIT). */
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
   * in a server process (configFromEnv; XIX_FEATURED_ALWAYS_ON=off turns it off), off for a server
   * built without settings (tests).
   */
  readonly featuredAlwaysOn: boolean;
  /** XIX_DATA_DIR (default `data`, from the working directory): replays and logs are read from its `blobs/`. */
  readonly dataDir: string;
}

/**
 * The default body limit: room for a bot's largest source (DEFAULT_MAX_SOURCE_BYTES) as JSON. JSON
 * writes each newline, tab, quote or backslash of the source in two bytes, so twice the source
 * limit, plus 64 KiB for the rest of the upload (up to 64 file names, the bot's name, its game).
 * Only a source made mostly of other control characters (six bytes each as \u00XX) can be under
 * the source limit and over this one.
 */
export const UPLOAD_BODY_LIMIT = 2 * DEFAULT_MAX_SOURCE_BYTES + 64 * 1024;

/** The longest any ms setting may be: an hour, well within what a Node timer holds (2^31 - 1 ms; a longer one fires after 1 ms). */
export const MAX_SETTING_MS = 3_600_000;
/** Rate limits (per minute or hour) may be set up to this. */
const MAX_RATE = 1_000_000;

export const DEFAULT_CONFIG: ServerConfig = {
  port: 8019,
  host: '127.0.0.1',
  adminToken: null,
  bodyLimit: UPLOAD_BODY_LIMIT,
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

/** A delay in ms from 0 (or `min`) to MAX_SETTING_MS. */
const milliseconds = (env: NodeJS.ProcessEnv, name: string, fallback: number, min = 0): number => wholeNumber(env, name, fallback, min, MAX_SETTING_MS);

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
  const adminToken = env.XIX_ADMIN_TOKEN === undefined || env.XIX_ADMIN_TOKEN === '' ? null : env.XIX_ADMIN_TOKEN;
  const weakness = adminToken === null ? null : adminTokenWeakness(adminToken);
  if (weakness !== null) throw new ConfigError(`XIX_ADMIN_TOKEN ${weakness}: it must be at least ${MIN_ADMIN_TOKEN_LENGTH} random characters; make one with: ${MAKE_ADMIN_TOKEN}`);
  return {
    port: wholeNumber(env, 'PORT', DEFAULT_CONFIG.port, 1, 65_535),
    host: env.HOST || DEFAULT_CONFIG.host,
    adminToken,
    bodyLimit: wholeNumber(env, 'BODY_LIMIT', DEFAULT_CONFIG.bodyLimit, 1024, 1024 ** 3),
    uploadRate: wholeNumber(env, 'UPLOAD_RATE', DEFAULT_CONFIG.uploadRate, 1, MAX_RATE),
    challengeRate: wholeNumber(env, 'CHALLENGE_RATE', DEFAULT_CONFIG.challengeRate, 1, MAX_RATE),
    registerRate: wholeNumber(env, 'REGISTER_RATE', DEFAULT_CONFIG.registerRate, 1, MAX_RATE),
    authFailureRate: wholeNumber(env, 'AUTH_FAILURE_RATE', DEFAULT_CONFIG.authFailureRate, 1, MAX_RATE),
    validationDeals: wholeNumber(env, 'XIX_VALIDATION_DEALS', DEFAULT_CONFIG.validationDeals, 1, 1000),
    logLevel: env.LOG_LEVEL || DEFAULT_CONFIG.logLevel,
    leaderboardCacheMs: milliseconds(env, 'XIX_LEADERBOARD_CACHE_MS', DEFAULT_CONFIG.leaderboardCacheMs),
    heartbeatMs: milliseconds(env, 'XIX_WS_HEARTBEAT_MS', DEFAULT_CONFIG.heartbeatMs, 1000),
    closeGraceMs: milliseconds(env, 'XIX_CLOSE_GRACE_MS', DEFAULT_CONFIG.closeGraceMs),
    broadcastPaceMs: env.XIX_BROADCAST_PACE_MS === undefined || env.XIX_BROADCAST_PACE_MS === '' ? null : milliseconds(env, 'XIX_BROADCAST_PACE_MS', 0),
    broadcastPauseMs: milliseconds(env, 'XIX_BROADCAST_PAUSE_MS', DEFAULT_CONFIG.broadcastPauseMs),
    featuredAlwaysOn: onOff(env, 'XIX_FEATURED_ALWAYS_ON', true),
    dataDir: dataDirOf(env),
  };
}
