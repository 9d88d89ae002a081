/**
 * Broadcast holds: a game is "on broadcast" while a featured channel shows it or a spectator
 * follows it (issue 19), until its paced stream has shown its end. While any game of a deal is
 * held, the deal's replays, match pages and logs answer as for a game in progress (deal-publicity.ts).
 *
 * A hold is one showing's (each server process shows a game on its own timeline: a BroadcastGame),
 * member `<match>|<showing>` of one sorted set → when the hold lapses (Redis's clock, ms). A game is
 * held while ANY of its showings is, and a showing that ends removes only its own member, so one
 * process showing the end does not make the deal public under another's spectators. One sorted set,
 * so that a deal check reads every hold in one call, and a crashed server cannot keep a deal secret
 * for longer than its last hold's time to live. Lapsed holds count for nothing and are swept by the
 * next hold, which publishes the lobby news their game kept waiting (its server died before it could).
 */
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { check, MATCH_ID, StoreInputError } from './names.ts';
import { LOBBY_STREAM_MAX } from './lobby-limits.ts';

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

/** A showing's id: letters, digits, `-`, `_`, `:` (no `|`, which ends the match id in a hold). */
export const SHOWING_ID = /^[A-Za-z0-9_:-]{0,64}$/;

/**
 * Lua, after REDIS_NOW_MS_LUA: reading the holds. A member is `<match>|<showing>` (a bare `<match>`:
 * a hold set before holds were per showing).
 */
export const HOLDS_LUA = `
local function matchOfHold(member)
  return string.match(member, '^[^|]+')
end
-- the live holds' members
local function liveHolds(holds, now)
  return redis.call('ZRANGEBYSCORE', holds, '(' .. now, '+inf')
end
-- whether any showing of the match holds it now
local function matchHeld(holds, match, now)
  for _, member in ipairs(liveHolds(holds, now)) do
    if matchOfHold(member) == match then return true end
  end
  return false
end
-- publishes a game's lobby news that waited while it was held (at key), if any: 1 if it did
local function publishWaitingNews(key, lobby, lobbyMax)
  local event = redis.call('GET', key)
  if not event then return 0 end
  redis.call('DEL', key)
  redis.call('XADD', lobby, 'MAXLEN', '~', lobbyMax, '*', 'e', event)
  return 1
end
-- drops the lapsed holds; a lapsed hold's game held by no other showing gets its waiting lobby news
-- published (its server died, or lost Redis, before its release could): waiting = key prefix, suffix
local function sweepHolds(holds, now, lobby, lobbyMax, waitingBefore, waitingAfter)
  local lapsed = redis.call('ZRANGEBYSCORE', holds, '-inf', now)
  if #lapsed == 0 then return end
  redis.call('ZREMRANGEBYSCORE', holds, '-inf', now)
  for _, member in ipairs(lapsed) do
    local match = matchOfHold(member)
    if not matchHeld(holds, match, now) then publishWaitingNews(waitingBefore .. match .. waitingAfter, lobby, lobbyMax) end
  end
end
`;

/** Lua: REDIS_NOW_MS_LUA and HOLDS_LUA, for scripts that read or sweep the holds. */
export const HOLD_FUNCTIONS_LUA = REDIS_NOW_MS_LUA + HOLDS_LUA;

// KEYS: the holds, the lobby. ARGV: the hold's member, ttl ms, LOBBY_STREAM_MAX, the waiting news key
// before and after the match id. Sets or refreshes the hold, then sweeps the lapsed ones (after: a
// refresh of a hold that lapsed meanwhile, as after a Redis outage, keeps its game's news waiting).
const HOLD = `${HOLD_FUNCTIONS_LUA}
local now = nowMs()
redis.call('ZADD', KEYS[1], now + tonumber(ARGV[2]), ARGV[1])
sweepHolds(KEYS[1], now, KEYS[2], ARGV[3], ARGV[4], ARGV[5])
return 1`;

// KEYS: the holds, the lobby. ARGV: the match id, the hold's member, LOBBY_STREAM_MAX, the waiting
// news key before and after the match id. Removes the hold; once no showing holds the game, its
// waiting lobby news is published.
const RELEASE = `${HOLD_FUNCTIONS_LUA}
local now = nowMs()
redis.call('ZREM', KEYS[1], ARGV[2])
if matchHeld(KEYS[1], ARGV[1], now) then return 0 end
return publishWaitingNews(ARGV[4] .. ARGV[1] .. ARGV[5], KEYS[2], ARGV[3])`;

// KEYS: the holds. ARGV: match ids. Returns those held past now (by any showing).
const HELD = `${HOLD_FUNCTIONS_LUA}
local now = nowMs()
local asked = {}
for i = 1, #ARGV do asked[ARGV[i]] = true end
local held, seen = {}, {}
for _, member in ipairs(liveHolds(KEYS[1], now)) do
  local match = matchOfHold(member)
  if asked[match] and not seen[match] then
    seen[match] = true
    held[#held + 1] = match
  end
end
return held`;

/** A hold's member: the match, then its showing. */
export function holdMember(matchId: string, showing: string): string {
  return `${matchId}|${showing}`;
}

/** The waiting news key of a match, as the prefix and suffix around its id (for the Lua scripts). */
export function waitingNewsAround(keys: Keys): [string, string] {
  return keys.waitingGameEnd('\n').split('\n') as [string, string];
}

export function checkShowing(showing: string): void {
  if (!SHOWING_ID.test(showing)) throw new StoreInputError(`a showing id is up to 64 letters, digits, _, : or -, got ${JSON.stringify(showing.slice(0, 70))}`);
}

export function checkTtl(ttlMs: number): void {
  if (!Number.isSafeInteger(ttlMs) || ttlMs < 1 || ttlMs > MAX_BROADCAST_HOLD_MS) throw new StoreInputError(`a broadcast hold lasts 1 to ${MAX_BROADCAST_HOLD_MS} ms, got ${String(ttlMs)}`);
}

export function broadcastHoldOps(redis: Redis, keys: Keys) {
  const hold = luaScript(redis, HOLD);
  const release = luaScript(redis, RELEASE);
  const held = luaScript(redis, HELD);
  const [waitingBefore, waitingAfter] = waitingNewsAround(keys);
  return {
    /**
     * Marks a showing of a game on broadcast for `ttlMs` (an integer, 1 to MAX_BROADCAST_HOLD_MS)
     * from now; a new call refreshes it. `showing` tells one showing from another (a server
     * process's BroadcastGame; '' for one with no other). Starting a showing checks its deal first:
     * startBroadcast (deal-publicity.ts).
     */
    async holdBroadcast(matchId: string, ttlMs: number, showing = ''): Promise<void> {
      check(MATCH_ID, matchId, 'match id');
      checkShowing(showing);
      checkTtl(ttlMs);
      await hold([keys.broadcastHolds(), keys.lobby()], [holdMember(matchId, showing), ttlMs, LOBBY_STREAM_MAX, waitingBefore, waitingAfter]);
    },

    /**
     * Ends a showing's hold at once (it has shown the end, or stopped); no-op if it has none. Once no
     * showing holds the game, its lobby news that waited (publishLive) is published.
     */
    async releaseBroadcast(matchId: string, showing = ''): Promise<void> {
      check(MATCH_ID, matchId, 'match id');
      checkShowing(showing);
      await release([keys.broadcastHolds(), keys.lobby()], [matchId, holdMember(matchId, showing), LOBBY_STREAM_MAX, waitingBefore, waitingAfter]);
    },

    /** Which of these games are on broadcast now (held by a showing, the hold not lapsed). */
    async onBroadcast(matchIds: readonly string[]): Promise<Set<string>> {
      if (matchIds.length > MAX_BROADCAST_QUERY) throw new StoreInputError(`at most ${MAX_BROADCAST_QUERY} match ids at once, got ${matchIds.length}`);
      for (const id of matchIds) check(MATCH_ID, id, 'match id');
      if (matchIds.length === 0) return new Set();
      return new Set((await held([keys.broadcastHolds()], matchIds)) as string[]);
    },
  };
}
