/**
 * Live games, as events in Redis streams: the worker that plays a game appends its events to the
 * match's stream, and every server instance reads them (XREAD) and fans them out to spectators. A
 * stream entry's id is the event's position: a client that reconnects names the last id it got
 * and resumes after it, without gaps or repeats (docs/api.md "Streams").
 *
 * A game's `game-end` lobby event waits while the game is on broadcast (LOBBY_GAME_END).
 *
 * Secrecy: a live event carries only what the engine's public view gives (nothing hidden from
 * every seat); the whole deal is in the `end` event, once the game is over.
 */
import type { Redis } from 'ioredis';
import { applyJsonDelta, type JsonDelta } from './json-delta.ts';
import type { Keys } from './keys.ts';
import { HOLD_FUNCTIONS_LUA } from './broadcast-holds.ts';
import { LOBBY_STREAM_MAX } from './lobby-limits.ts';
import { luaScript } from './lua.ts';
import { StoreInputError } from './names.ts';
import type { EntrantRef } from './types.ts';

/**
 * Entries kept per live game (XADD MAXLEN ~): more than a game's engine moves (a 6-seat Nineteen
 * game of 100 hands, N16, makes some 4,300), so its start, the base of its deltas, stays.
 */
export const LIVE_STREAM_MAX = 10_000;
export { LOBBY_STREAM_MAX };
/** A live stream is deleted this long after its last event. */
export const LIVE_TTL_SECONDS = 3600;
/**
 * A live stream that has its `end` is deleted this soon: the match is stored by then and served
 * from its replay, and a busy worker ends hundreds of games a second (~14 KiB of stream each for
 * XIX, an event a progress report; ~70 KiB for 2-seat Nineteen and 69, a delta each engine move).
 */
export const LIVE_ENDED_TTL_SECONDS = 30;

/** A seat of a live game: its bot and version, and the bot's name when the publisher knows it (the worker does). */
export type LiveSeat = EntrantRef & { readonly name?: string };

export type LiveEvent =
  /** The game starts (again, if a worker died and it is played anew: clients reset their board). */
  | { readonly type: 'start'; readonly match: string; readonly game: string; readonly seats: readonly LiveSeat[]; readonly view: unknown }
  /**
   * Engine moves up to number `move` (forced ones, N22 and S18, count), the last made by `seat`: one
   * event each engine move in a game with forced moves, else one a progress report. The engine's
   * public view after them, whole (`view`), or as `delta` (json-delta.ts; null: no
   * change) from the view of the stream's event before it (the start or a move), which the worker
   * sends when that event reached the stream.
   */
  | { readonly type: 'move'; readonly move: number; readonly seat: number; readonly view: unknown }
  | { readonly type: 'move'; readonly move: number; readonly seat: number; readonly delta: JsonDelta | null }
  /** The game is over: `view` is the spectator view (the whole deal), `ranks` by seat (1 = first, as ranksOf). */
  | { readonly type: 'end'; readonly moves: number; readonly ranks: readonly number[]; readonly reason: string; readonly view: unknown };

/** A live event whose move, if it is one, has its view whole: what a publisher queues, and a reader gets from `wholeMoves`. */
export type WholeLiveEvent = Exclude<LiveEvent, { readonly delta: unknown }>;

/**
 * A live stream's events with every move's view whole, its delta applied to the view before it. A
 * move whose delta has no base or does not fit (never expected) is left out, as are the moves after
 * it up to the next whole view (a start, or a move after a failed send).
 */
export function wholeMoves(events: readonly LiveEvent[]): WholeLiveEvent[] {
  const whole: WholeLiveEvent[] = [];
  let base: { readonly view: unknown } | null = null;
  for (const event of events) {
    if (event.type === 'end') whole.push(event);
    else if ('view' in event) {
      base = { view: event.view };
      whole.push(event);
    } else if (base !== null) {
      try {
        base = { view: applyJsonDelta(base.view, event.delta ?? undefined) };
        whole.push({ type: 'move', move: event.move, seat: event.seat, view: base.view });
      } catch {
        base = null;
      }
    }
  }
  return whole;
}

export type LobbyEvent =
  | { readonly type: 'game-start'; readonly match: string; readonly game: string; readonly seats: readonly LiveSeat[]; readonly tournament: string | null }
  | { readonly type: 'game-end'; readonly match: string; readonly game: string; readonly ranks: readonly number[]; readonly tournament: string | null }
  | { readonly type: 'tournament'; readonly tournament: string; readonly status: string; readonly games: number; readonly gamesDone: number }
  | { readonly type: 'ratings'; readonly game: string; readonly changes: readonly { readonly bot: string; readonly elo: number; readonly delta: number }[] };

/**
 * KEYS: the games-in-progress set. ARGV: the live-stream key of match '' (a prefix), the games key of
 * series '' (a stored game is a line of its series' games string: match-record.ts), how many to list. Takes off the set every game no longer in progress whose `end` never
 * came: stored ones (their worker died between storing and ending them), and those without a
 * stream (no event for LIVE_TTL_SECONDS: their worker died, their series went on elsewhere or
 * failed). The set holds only the games in play besides, a few per sandbox host: a full pass is
 * cheap. Returns the newest of the rest: match, start time, ...
 */
const LIVE_GAMES = `
local limit = 2 * tonumber(ARGV[3])
local listed = {}
local all = redis.call('ZREVRANGE', KEYS[1], 0, -1, 'WITHSCORES')
for i = 1, #all, 2 do
  local match = all[i]
  local series, index = string.match(match, '^(.*)%.(%d+)$')
  local games = redis.call('GET', ARGV[2] .. series)
  if (games and string.find(games, '\\n' .. index .. ' ', 1, true)) or redis.call('EXISTS', ARGV[1] .. match) == 0 then
    redis.call('ZREM', KEYS[1], match)
  elseif #listed < limit then
    listed[#listed + 1] = match
    listed[#listed + 1] = all[i + 1]
  end
end
return listed`;

/**
 * KEYS: the broadcast holds, the lobby stream, the game's waiting lobby news. ARGV: match id, the
 * `game-end` lobby event, LOBBY_STREAM_MAX, how long news may wait (ms). A game on broadcast (held,
 * broadcast-holds.ts) has its `game-end` wait until its paced end is shown (releaseBroadcast publishes it),
 * so the lobby, and the ratings each server computes from it, do not tell its result first.
 */
const LOBBY_GAME_END = `${HOLD_FUNCTIONS_LUA}
if matchHeld(KEYS[1], ARGV[1], nowMs()) then
  redis.call('SET', KEYS[3], ARGV[2], 'PX', ARGV[4])
  return 0
end
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[3], '*', 'e', ARGV[2])
return 1`;

/** A game's lobby news waits at most this long for its broadcast (a hold lapses long before). */
const WAITING_NEWS_MS = 2 * 3600 * 1000;

/** Games listed at most by one call of `liveGames`. */
const MAX_LIVE_LISTED = 1000;

/** A stream entry: `id` is Redis's entry id (opaque to clients; they hand it back to resume). */
export interface Entry<Event> {
  readonly id: string;
  readonly event: Event;
}

export function liveOps(redis: Redis, keys: Keys) {
  const parse = <Event>(entries: [string, string[]][]): Entry<Event>[] =>
    entries.map(([id, fields]) => ({ id, event: JSON.parse(fields[1] ?? 'null') as Event }));

  const listLiveGames = luaScript(redis, LIVE_GAMES);

  return {
    /**
     * Appends a game's events in order, in one round trip. A `start` lists the game as in
     * progress and tells the lobby; an `end` takes it off the list (and tells the lobby).
     */
    async publishLive(matchId: string, events: readonly LiveEvent[], context: { readonly game: string; readonly tournament: string | null }): Promise<void> {
      if (events.length === 0) return;
      const key = keys.live(matchId);
      const pipe = redis.pipeline();
      for (const event of events) {
        pipe.xadd(key, 'MAXLEN', '~', LIVE_STREAM_MAX, '*', 'e', JSON.stringify(event));
        if (event.type === 'start') {
          pipe.zadd(keys.liveGames(), Date.now(), matchId);
          pipe.xadd(keys.lobby(), 'MAXLEN', '~', LOBBY_STREAM_MAX, '*', 'e', JSON.stringify({ type: 'game-start', match: matchId, game: context.game, seats: event.seats, tournament: context.tournament } satisfies LobbyEvent));
        } else if (event.type === 'end') {
          pipe.zrem(keys.liveGames(), matchId);
          const news = JSON.stringify({ type: 'game-end', match: matchId, game: context.game, ranks: event.ranks, tournament: context.tournament } satisfies LobbyEvent);
          pipe.eval(LOBBY_GAME_END, 3, keys.broadcastHolds(), keys.lobby(), keys.waitingGameEnd(matchId), matchId, news, LOBBY_STREAM_MAX, WAITING_NEWS_MS);
        }
      }
      pipe.expire(key, events.at(-1)?.type === 'end' ? LIVE_ENDED_TTL_SECONDS : LIVE_TTL_SECONDS);
      const replies = (await pipe.exec()) ?? [];
      for (const [error] of replies) if (error) throw error;
    },

    async publishLobby(event: LobbyEvent): Promise<void> {
      await redis.xadd(keys.lobby(), 'MAXLEN', '~', LOBBY_STREAM_MAX, '*', 'e', JSON.stringify(event));
    },

    /** A live game's events after `afterId` ('0' or '-': from the start), at most `count`. */
    async readLive(matchId: string, afterId = '0', count = LIVE_STREAM_MAX): Promise<Entry<LiveEvent>[]> {
      const start = afterId === '0' || afterId === '-' ? '-' : `(${afterId}`;
      return parse<LiveEvent>(await redis.xrange(keys.live(matchId), start, '+', 'COUNT', count));
    },

    /** Lobby events after `afterId` ('$' or undefined: none, only the id to resume from). */
    async readLobby(afterId: string, count = 1000): Promise<Entry<LobbyEvent>[]> {
      const start = afterId === '0' || afterId === '-' ? '-' : `(${afterId}`;
      return parse<LobbyEvent>(await redis.xrange(keys.lobby(), start, '+', 'COUNT', count));
    },

    /**
     * The games in progress, newest first, at most `limit`: match id and start time (ms). Games
     * listed but no longer in progress are taken off the list (see LIVE_GAMES).
     */
    async liveGames(limit = 200): Promise<{ readonly match: string; readonly startedAt: number }[]> {
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > MAX_LIVE_LISTED) throw new StoreInputError(`limit must be an integer from 1 to ${MAX_LIVE_LISTED}, got ${String(limit)}`);
      const flat = (await listLiveGames([keys.liveGames()], [keys.live(''), keys.games(''), limit])) as string[];
      const games: { match: string; startedAt: number }[] = [];
      for (let i = 0; i < flat.length; i += 2) games.push({ match: flat[i]!, startedAt: Number(flat[i + 1]) });
      return games;
    },
  };
}

