/**
 * Fixed-window counters: the server's rate limits and its throttle of failed logins. A window
 * opens with its first count and lasts `windowMs`; the counts live in Redis, so every server
 * process shares them. A count can be taken back (the server counts a request when it starts and
 * takes the count back when the request turns out not to reach what the limit is for).
 */
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';

export interface WindowCount {
  /** Counts in the current window (0: none open). */
  readonly count: number;
  /** Milliseconds until the window closes (0: none open). */
  readonly resetMs: number;
}

// KEYS: counter; ARGV: windowMs. The first count of a window opens it; a counter that somehow
// lost its expiry gets one, so it can never count for good.
const COUNT = `
local n = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if n == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {n, ttl}`;

// KEYS: counter. One count back, never below 0; a window that closed meanwhile is left closed
// (DECR of a missing key would make a counter with no expiry).
const TAKE_BACK = `
local n = tonumber(redis.call('GET', KEYS[1]) or '0')
if n > 0 then redis.call('DECR', KEYS[1]) end
return n`;

export function rateCounterOps(redis: Redis, keys: Keys) {
  const countScript = luaScript(redis, COUNT);
  const takeBackScript = luaScript(redis, TAKE_BACK);
  return {
    /** Counts one for `subject` (a user name, an address) under `limit`; the count with it. */
    async countHit(limit: string, subject: string, windowMs: number): Promise<WindowCount> {
      const [count, resetMs] = (await countScript([keys.rateCounter(limit, subject)], [windowMs])) as [number, number];
      return { count, resetMs };
    },

    /** The count so far, without counting. */
    async readHits(limit: string, subject: string): Promise<WindowCount> {
      const key = keys.rateCounter(limit, subject);
      const [count, ttl] = await redis.multi().get(key).pttl(key).exec().then((replies) => (replies ?? []).map(([, value]) => value));
      return { count: Number(count ?? 0), resetMs: Math.max(0, Number(ttl ?? 0)) };
    },

    /** Takes one count back (of a request that did not reach what the limit is for). */
    async takeBackHit(limit: string, subject: string): Promise<void> {
      await takeBackScript([keys.rateCounter(limit, subject)], []);
    },
  };
}
