/**
 * A user's tokens. A user may hold several at once (one per machine, one for a CI job), each
 * revoked on its own, and may rotate one (a new token in its place, the old one dead at once).
 * Only SHA-256 digests are stored: `P:token:<sha256>` → the user (what a login looks up) and
 * `P:tokens:<user>` → sha256 → when it was made (what the user lists and revokes). A token is
 * named by its id, the first 12 hex digits of its SHA-256: shown in lists, useless to log in with.
 *
 * Accounts made before token lists have their registration token only in `P:user:<name>`'s
 * `tokenHash`; it joins the list the first time the list is read or changed (no migration step).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';

/** At most this many active tokens per user (a user makes them one by one). */
export const MAX_TOKENS_PER_USER = 20;
export const TOKEN_ID = /^[0-9a-f]{12}$/;

export interface TokenInfo {
  readonly id: string;
  readonly createdAt: number;
}

export interface IssuedToken extends TokenInfo {
  /** The token itself: shown this once, never stored. */
  readonly token: string;
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** 32 random bytes, base64url: 43 characters. */
export const newToken = (): string => randomBytes(32).toString('base64url');
export const tokenId = (token: string): string => hashToken(token).slice(0, 12);

// KEYS: user, tokens, the legacy token's key; ARGV: its hash. Moves a registration token kept in
// the user's hash into the list (if it still logs in), once.
const ADOPT = `
local user = redis.call('HMGET', KEYS[1], 'tokenHash', 'createdAt')
if user[1] ~= ARGV[1] then return 0 end
if redis.call('EXISTS', KEYS[3]) == 1 then redis.call('HSETNX', KEYS[2], ARGV[1], user[2]) end
redis.call('HSET', KEYS[1], 'tokenHash', '')
return 1`;

// KEYS: tokens, the new token's key; ARGV: its hash, user, createdAt, the most a user may hold.
const ISSUE = `
if redis.call('HLEN', KEYS[1]) >= tonumber(ARGV[4]) then return 0 end
redis.call('HSET', KEYS[1], ARGV[1], ARGV[3])
redis.call('SET', KEYS[2], ARGV[2])
return 1`;

// KEYS: tokens, the token's key; ARGV: its hash. The last token stays: without one nobody could
// ever log in as the user again.
const REVOKE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 'not-found' end
if redis.call('HLEN', KEYS[1]) <= 1 then return 'last' end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
return 'revoked'`;

// KEYS: tokens, the old token's key, the new one's; ARGV: old hash, new hash, user, createdAt.
const ROTATE = `
if redis.call('HEXISTS', KEYS[1], ARGV[1]) == 0 then return 0 end
redis.call('HDEL', KEYS[1], ARGV[1])
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[1], ARGV[2], ARGV[4])
redis.call('SET', KEYS[3], ARGV[3])
return 1`;

export function tokenOps(redis: Redis, keys: Keys) {
  const adoptScript = luaScript(redis, ADOPT);
  const issueScript = luaScript(redis, ISSUE);
  const revokeScript = luaScript(redis, REVOKE);
  const rotateScript = luaScript(redis, ROTATE);

  async function adoptLegacy(name: string): Promise<void> {
    const legacy = await redis.hget(keys.user(name), 'tokenHash');
    if (legacy !== null && legacy !== '') await adoptScript([keys.user(name), keys.userTokens(name), keys.token(legacy)], [legacy]);
  }

  async function hashOf(name: string, id: string): Promise<string | null> {
    if (!TOKEN_ID.test(id)) return null;
    return (await redis.hkeys(keys.userTokens(name))).find((hash) => hash.startsWith(id)) ?? null;
  }

  return {
    /** The user's active tokens, oldest first (never the tokens themselves). */
    async listTokens(name: string): Promise<TokenInfo[]> {
      await adoptLegacy(name);
      const all = await redis.hgetall(keys.userTokens(name));
      return Object.entries(all)
        .map(([hash, createdAt]) => ({ id: hash.slice(0, 12), createdAt: Number(createdAt) }))
        .sort((a, b) => a.createdAt - b.createdAt || a.id.localeCompare(b.id));
    },

    /** Another token for the user, or 'too-many' when they hold MAX_TOKENS_PER_USER already. */
    async issueToken(name: string): Promise<IssuedToken | 'too-many'> {
      await adoptLegacy(name);
      const token = newToken();
      const hash = hashToken(token);
      const createdAt = Date.now();
      const issued = await issueScript([keys.userTokens(name), keys.token(hash)], [hash, name, createdAt, MAX_TOKENS_PER_USER]);
      return issued === 1 ? { id: hash.slice(0, 12), token, createdAt } : 'too-many';
    },

    /** Revokes one of the user's tokens by its id; never the last one. */
    async revokeToken(name: string, id: string): Promise<'revoked' | 'not-found' | 'last'> {
      await adoptLegacy(name);
      const hash = await hashOf(name, id);
      if (hash === null) return 'not-found';
      return (await revokeScript([keys.userTokens(name), keys.token(hash)], [hash])) as 'revoked' | 'not-found' | 'last';
    },

    /** A new token in place of `token` (one of the user's), in one step; 'not-found' if it is not theirs. */
    async rotateToken(name: string, token: string): Promise<IssuedToken | 'not-found'> {
      await adoptLegacy(name);
      const oldHash = hashToken(token);
      const fresh = newToken();
      const hash = hashToken(fresh);
      const createdAt = Date.now();
      const rotated = await rotateScript([keys.userTokens(name), keys.token(oldHash), keys.token(hash)], [oldHash, hash, name, createdAt]);
      return rotated === 1 ? { id: hash.slice(0, 12), token: fresh, createdAt } : 'not-found';
    },
  };
}
