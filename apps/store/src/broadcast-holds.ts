/**
 * Broadcast holds: a game is "on broadcast" while a featured channel shows it or a spectator
 * follows it (issue 19), until its paced stream has shown its end. While any game of a deal is
 * held, the deal's replays, match pages and logs answer as for a game in progress (deal-publicity.ts).
 *
 * The holds are one sorted set, match id → when the hold lapses (Redis's clock, ms), so that a deal
 * check reads every hold in one call and a crashed server cannot keep a deal secret for longer than
 * its last hold's time to live. Lapsed holds count for nothing and are swept by the next hold.
 */
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { check, MATCH_ID, StoreInputError } from './names.ts';

/** The longest a hold may last without a refresh: a broadcast refreshes far more often. */
export const MAX_BROADCAST_HOLD_MS = 60 * 60 * 1000;
/** Match ids asked about at once by `onBroadcast`. */
export const MAX_BROADCAST_QUERY = 10_000;

/** Lua: Redis's clock in ms (the one clock every server shares). */
export const REDIS_NOW_MS_LUA = `
local function nowMs()
  local t = redis.call('TIME')
  return tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
end
`;

// KEYS: the holds. ARGV: match id, ttl ms. Sets or refreshes the hold and sweeps the lapsed ones.
const HOLD = `${REDIS_NOW_MS_LUA}
local now = nowMs()
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
return 1`;

// KEYS: the holds. ARGV: match ids. Returns those held past now.
const HELD = `${REDIS_NOW_MS_LUA}
local now = nowMs()
local held = {}
local until_ = redis.call('ZMSCORE', KEYS[1], unpack(ARGV))
for i = 1, #ARGV do
  if until_[i] and tonumber(until_[i]) > now then held[#held + 1] = ARGV[i] end
end
return held`;

export function broadcastHoldOps(redis: Redis, keys: Keys) {
  const hold = luaScript(redis, HOLD);
  const held = luaScript(redis, HELD);
  return {
    /** Marks a game on broadcast for `ttlMs` (an integer, 1 to MAX_BROADCAST_HOLD_MS) from now; a new call refreshes it. */
    async holdBroadcast(matchId: string, ttlMs: number): Promise<void> {
      check(MATCH_ID, matchId, 'match id');
      if (!Number.isSafeInteger(ttlMs) || ttlMs < 1 || ttlMs > MAX_BROADCAST_HOLD_MS) throw new StoreInputError(`a broadcast hold lasts 1 to ${MAX_BROADCAST_HOLD_MS} ms, got ${String(ttlMs)}`);
      await hold([keys.broadcastHolds()], [matchId, ttlMs]);
    },

    /** Ends a game's hold at once (its broadcast has shown its end); no-op if it has none. */
    async releaseBroadcast(matchId: string): Promise<void> {
      check(MATCH_ID, matchId, 'match id');
      await redis.zrem(keys.broadcastHolds(), matchId);
    },

    /** Which of these games are on broadcast now (held, the hold not lapsed). */
    async onBroadcast(matchIds: readonly string[]): Promise<Set<string>> {
      if (matchIds.length > MAX_BROADCAST_QUERY) throw new StoreInputError(`at most ${MAX_BROADCAST_QUERY} match ids at once, got ${matchIds.length}`);
      for (const id of matchIds) check(MATCH_ID, id, 'match id');
      if (matchIds.length === 0) return new Set();
      return new Set((await held([keys.broadcastHolds()], matchIds)) as string[]);
    },
  };
}
