/**
 * A Lua script run by its SHA-1 (EVALSHA), so a hot call sends a few bytes instead of the script's
 * text; Redis forgets scripts on restart (SCRIPT FLUSH, a new server), so NOSCRIPT falls back to EVAL,
 * which also loads it again.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';

export type LuaScript = (keys: readonly string[], args: readonly (string | number | Buffer)[]) => Promise<unknown>;

export function luaScript(redis: Redis, source: string): LuaScript {
  const sha = createHash('sha1').update(source).digest('hex');
  return async (keys, args) => {
    try {
      return await redis.evalsha(sha, keys.length, ...keys, ...args);
    } catch (error) {
      if (!(error instanceof Error) || !error.message.startsWith('NOSCRIPT')) throw error;
      return redis.eval(source, keys.length, ...keys, ...args);
    }
  };
}
