/**
 * Broadcast holds: a game is "on broadcast" while a featured channel shows it or a spectator
 * follows it (issue 19), until its paced stream has shown its end. While any game of a deal is
 * held, the deal's replays, match pages and logs stay as for a game in progress (deal-publicity.ts).
 *
 * A hold is a Redis key with an expiry: the server refreshes it while it broadcasts, so a crashed
 * server cannot keep a deal secret for longer than the last hold's time to live.
 */
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { check, MATCH_ID, StoreInputError } from './names.ts';

/** The longest a hold may last without a refresh: a broadcast refreshes far more often. */
export const MAX_BROADCAST_HOLD_MS = 60 * 60 * 1000;
/** Match ids asked about at once by `onBroadcast`. */
export const MAX_BROADCAST_QUERY = 10_000;

export function broadcastHoldOps(redis: Redis, keys: Keys) {
  return {
    /** Marks a game on broadcast for `ttlMs` (1 ms to MAX_BROADCAST_HOLD_MS) from now; a new call refreshes it. */
    async holdBroadcast(matchId: string, ttlMs: number): Promise<void> {
      check(MATCH_ID, matchId, 'match id');
      if (!Number.isSafeInteger(ttlMs) || ttlMs < 1 || ttlMs > MAX_BROADCAST_HOLD_MS) throw new StoreInputError(`a broadcast hold lasts 1 to ${MAX_BROADCAST_HOLD_MS} ms, got ${String(ttlMs)}`);
      await redis.set(keys.broadcastHold(matchId), '1', 'PX', ttlMs);
    },

    /** Ends a game's hold at once (its broadcast has shown its end); no-op if it has none. */
    async releaseBroadcast(matchId: string): Promise<void> {
      check(MATCH_ID, matchId, 'match id');
      await redis.del(keys.broadcastHold(matchId));
    },

    /** Which of these games are on broadcast now (held, the hold not expired). */
    async onBroadcast(matchIds: readonly string[]): Promise<Set<string>> {
      if (matchIds.length > MAX_BROADCAST_QUERY) throw new StoreInputError(`at most ${MAX_BROADCAST_QUERY} match ids at once, got ${matchIds.length}`);
      for (const id of matchIds) check(MATCH_ID, id, 'match id');
      const held = new Set<string>();
      if (matchIds.length === 0) return held;
      const values = await redis.mget(matchIds.map((id) => keys.broadcastHold(id)));
      values.forEach((value, i) => { if (value !== null) held.add(matchIds[i]!); });
      return held;
    },
  };
}
