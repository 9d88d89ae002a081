/** Accounts: a name and its bearer tokens (tokens.ts), of which only SHA-256 digests are stored. */
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { USER_NAME, check } from './names.ts';
import { hashToken, newToken } from './tokens.ts';
import type { NewUser, User } from './types.ts';

// KEYS: user, users, token, the user's tokens; ARGV: name, tokenHash ('' for none: the token keys
// are then unused), createdAt.
const CREATE_USER = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
redis.call('HSET', KEYS[1], 'name', ARGV[1], 'createdAt', ARGV[3])
redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
if ARGV[2] ~= '' then
  redis.call('SET', KEYS[3], ARGV[1])
  redis.call('HSET', KEYS[4], ARGV[2], ARGV[3])
end
return 1`;

export function userOps(redis: Redis, keys: Keys) {
  const createUserScript = luaScript(redis, CREATE_USER);

  async function insert(name: string, tokenHash: string): Promise<boolean> {
    check(USER_NAME, name, 'user name');
    const tokenKey = keys.token(tokenHash === '' ? 'none' : tokenHash);
    const created = await createUserScript([keys.user(name), keys.users(), tokenKey, keys.userTokens(name)], [name, tokenHash, Date.now()]);
    return created === 1;
  }

  return {
    /** A new account with a fresh token, or 'exists'. */
    async createUser(name: string): Promise<NewUser | 'exists'> {
      const token = newToken();
      return (await insert(name, hashToken(token))) ? { name, token } : 'exists';
    },

    /** An account nobody can log in as (the house bots' owner); idempotent. */
    async ensureUser(name: string): Promise<void> {
      await insert(name, '');
    },

    async userByToken(token: string): Promise<string | null> {
      if (token.length === 0 || token.length > 256) return null;
      return redis.get(keys.token(hashToken(token)));
    },

    async getUser(name: string): Promise<User | null> {
      if (!USER_NAME.test(name)) return null;
      const [userName, createdAt] = await redis.hmget(keys.user(name), 'name', 'createdAt');
      if (userName === null || userName === undefined) return null;
      return { name: userName, createdAt: Number(createdAt) };
    },
  };
}
