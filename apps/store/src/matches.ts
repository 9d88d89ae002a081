/**
 * Finished matches: stored exactly once with everything they change; read back by id or index.
 * The replay and logs go to the blob store first, then the record to Redis (the one script):
 * a crash between the two leaves a blob no record names, which the retry overwrites.
 */
import { writeFile } from 'node:fs/promises';
import type { Redis } from 'ioredis';
import { DEFAULT_VARIANT } from '@xix/engine';
import type { BlobStore } from './blobs.ts';
import type { Keys } from './keys.ts';
import { BOT_ID, MATCH_ID, SERIES_ID, StoreInputError, VARIANT, check } from './names.ts';
import { entrantResults, ranksOf } from './ranks.ts';
import { RECORD_MATCH } from './record-match-script.ts';
import { resultEntrantsText } from './ratings.ts';
import { luaScript } from './lua.ts';
import { decisionIncrements } from './counters.ts';
import { matchCache } from './match-cache.ts';
import { OLD_MATCH_FIELDS, decodeGames, encodeBase, encodeRest, oldMatchOf, splitMatchId } from './match-record.ts';
import { MATCH_PAGE_IDS } from './read-scripts.ts';
import { compressGame, decompressGame, gameBlobKey, gunzipJson, type GameDocument } from './replay-codec.ts';
import { EXPIRING_KINDS } from './retention.ts';
import type { Match, MatchPage, MatchQuery, NewMatch } from './types.ts';

/** A bot's printed output kept per game; the referee bounds it already, this bounds what we store. */
export const MAX_STORED_LOG_CHARS = 64 * 1024;
export const MAX_PAGE = 100;
/**
 * The newest matches the all-games and per-game indexes keep: their pages reach back this far
 * (older matches stay readable by id and by series). Bounded, so Redis does not grow with them.
 */
export const MATCH_INDEX_RECENT = 10_000;
/** The newest matches a bot's index keeps: what its page and its head to head read (HEAD_TO_HEAD_MATCHES). */
export const BOT_INDEX_RECENT = 2000;

/** The newest matches the capped indexes keep (tests make them small). */
export interface MatchIndexLimits {
  /** matchesAll, matchesOfGame */
  readonly all: number;
  readonly bot: number;
}

/** What getReplay and getLogs find: the game's blob, or that retention deleted it. */
type StoredGame = { readonly expired: false; readonly game: GameDocument } | { readonly expired: true };

/** What getReplay and getLogs answer for a match whose replay and logs retention deleted (its result stays). */
export const EXPIRED = Symbol('expired');

/**
 * A test-only pause between the blob write and the Redis write (the fault test SIGKILLs a worker
 * there: apps/worker/test/worker-death.test.ts). Unset in any real run.
 */
const testPauseAfterBlob = process.env.XIX_TEST_PAUSE_AFTER_BLOB;

export function matchOps(redis: Redis, keys: Keys, blobs: BlobStore, recent: MatchIndexLimits = { all: MATCH_INDEX_RECENT, bot: BOT_INDEX_RECENT }) {
  const pageIds = luaScript(redis, MATCH_PAGE_IDS);
  // by its SHA: the script is some 5 KB, sent with every game otherwise
  const recordMatchScript = luaScript(redis, RECORD_MATCH);
  const cache = matchCache();

  /** The matches of these ids that exist, in order: from the cache, the others in one round trip. */
  async function getMatches(ids: readonly string[]): Promise<Match[]> {
    const found = ids.map((id) => cache.get(id));
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (missing.length > 0) {
      // one read of each series' games string (a page of a series' matches is one), and of each
      // match hash of the layout before issue 24 not yet migrated (migrate-storage.ts)
      const series = [...new Set(missing.map((id) => splitMatchId(id)[0]))];
      const pipeline = redis.pipeline();
      for (const seriesId of series) pipeline.get(keys.games(seriesId));
      for (const id of missing) pipeline.hmget(keys.oldMatch(id), ...OLD_MATCH_FIELDS);
      const replies = (await pipeline.exec()) ?? [];
      for (const [error] of replies) if (error !== null) throw error;
      const stored = new Map(series.map((seriesId, k) => {
        const text = replies[k]![1] as string | null;
        return [seriesId, text === null ? new Map<number, Match>() : decodeGames(seriesId, text)] as const;
      }));
      const loaded = new Map<string, Match>();
      missing.forEach((id, i) => {
        const [seriesId, index] = splitMatchId(id);
        const match = stored.get(seriesId)!.get(Number(index)) ?? oldMatchOf(replies[series.length + i]![1] as (string | null)[]);
        if (match !== null) loaded.set(id, cache.put(match));
      });
      ids.forEach((id, i) => { found[i] ??= loaded.get(id); });
    }
    return found.filter((match): match is Match => match !== undefined);
  }

  /** The ids of a series' stored matches, in game order (both layouts while a migration runs). */
  async function seriesMatchIds(seriesIds: readonly string[]): Promise<string[][]> {
    const pipeline = redis.pipeline();
    for (const id of seriesIds) pipeline.get(keys.games(id)).zrange(keys.oldMatchesOfSeries(id), '0', '-1');
    const replies = (await pipeline.exec()) ?? [];
    return seriesIds.map((seriesId, k) => {
      const [newError, text] = replies[2 * k]!;
      const [oldError, oldIds] = replies[2 * k + 1]!;
      if (newError !== null) throw newError;
      if (oldError !== null) throw oldError;
      const indexes = new Set(text === null ? [] : decodeGames(seriesId, text as string).keys());
      for (const id of oldIds as string[]) indexes.add(Number(splitMatchId(id)[1]));
      return [...indexes].sort((a, b) => a - b).map((index) => `${seriesId}.${index}`);
    });
  }

  /** The game's replay and logs, that they expired, or null when the match is unknown. */
  async function storedGame(id: string): Promise<StoredGame | null> {
    if (!MATCH_ID.test(id)) return null;
    const match = (await getMatches([id]))[0];
    if (match === undefined) return null;
    const gz = await blobs.get(gameBlobKey(match.kind, match.finishedAt, id));
    if (gz !== null) return { expired: false, game: decompressGame(gz) };
    // not migrated yet (migrate-storage.ts): still in Redis
    const [[, replay], ...logs] = (await redis.multi().getBuffer(keys.oldReplay(id)).mget(...match.entrants.map((_, seat) => keys.oldLogs(id, seat))).exec()) as [[unknown, Buffer | null], [unknown, (string | null)[]]];
    if (replay !== null) return { expired: false, game: { replay: gunzipJson(replay), logs: (logs[0]?.[1] ?? []).map((text) => text ?? '') } };
    // moved meanwhile: the migration writes the blob before it deletes the old keys
    const moved = await blobs.get(gameBlobKey(match.kind, match.finishedAt, id));
    if (moved !== null) return { expired: false, game: decompressGame(moved) };
    const expiredBefore = Number(await redis.get(keys.replaysExpiredBefore()));
    if (EXPIRING_KINDS.includes(match.kind) && match.finishedAt < expiredBefore) return { expired: true };
    throw new Error(`match ${id}: its replay is missing from the blob store`);
  }

  return {
    /**
     * Stores a finished game and all it changes, once: a second call answers 'duplicate'. The blob
     * is durable before the record exists, so a stored match always has its replay.
     */
    async recordMatch(input: NewMatch): Promise<'stored' | 'duplicate'> {
      check(MATCH_ID, input.id, 'match id');
      check(SERIES_ID, input.seriesId, 'series id');
      if (!input.id.startsWith(`${input.seriesId}.`)) throw new StoreInputError(`match ${input.id} is not a game of series ${input.seriesId}`);
      if (!Number.isSafeInteger(input.finishedAt) || input.finishedAt < 0) throw new StoreInputError(`match ${input.id}: finishedAt ${input.finishedAt} is not a time in ms`);
      const seats = input.entrants.length;
      if (seats < 2 || input.replay.result.points.length !== seats) {
        throw new StoreInputError(`match ${input.id}: ${seats} entrants but ${input.replay.result.points.length} seats in the result`);
      }
      input.entrants.forEach((entrant) => check(BOT_ID, entrant.bot, 'bot id'));
      const variant = input.variant ?? DEFAULT_VARIANT;
      check(VARIANT, variant, 'variant');
      const ranks = ranksOf(input.replay, seats);
      // records and probation count entrants: a partnership's seats are one entrant's game
      const byEntrant = entrantResults(input.entrants, ranks, input.replay.result.points, input.replay.forfeit?.seat ?? null);
      const entrantPlaces = input.entrants.map((_, seat) => byEntrant.find((e) => e.seats[0] === seat)?.place ?? 0);
      const entrantForfeits = input.entrants.map((_, seat) => (byEntrant.find((e) => e.seats[0] === seat)?.forfeited ? 1 : 0));
      const entrantPoints = input.entrants.map((_, seat) => byEntrant.find((e) => e.seats[0] === seat)?.points ?? 0);
      const logs = input.entrants.map((_, seat) => (input.logs[seat] ?? '').slice(0, MAX_STORED_LOG_CHARS));
      const { gz, rawBytes } = compressGame({ replay: input.replay, logs });
      const [, index] = splitMatchId(input.id);
      // a game stored already keeps its blob as it is (a replay played again differs in its timings);
      // two calls at once both write it, and the script stores one
      const [[, games], [, old]] = (await redis.multi().get(keys.games(input.seriesId)).exists(keys.oldMatch(input.id)).exec()) as [[unknown, string | null], [unknown, number]];
      if (old === 1 || (games !== null && games.includes(`\n${index} `))) return 'duplicate';
      await blobs.put(gameBlobKey(input.kind, input.finishedAt, input.id), gz);
      if (testPauseAfterBlob !== undefined) await pauseForTest(testPauseAfterBlob);
      const forfeit = input.replay.forfeit;
      const entrants = input.entrants.map(({ bot, version, name }) => ({ bot, version, name }));
      const match: Match = {
        id: input.id, seriesId: input.seriesId, game: input.game, kind: input.kind, rated: input.rated, variant, entrants, ranks,
        points: input.replay.result.points, reason: input.replay.result.reason,
        forfeit: forfeit === null ? null : { seat: forfeit.seat, verdict: forfeit.verdict, message: forfeit.message },
        moves: input.replay.moves.length, finishedAt: input.finishedAt, replayBytes: gz.length, rawBytes,
      };
      const seatKeys = input.entrants.flatMap((entrant) => [
        keys.matchesOfBot(entrant.bot),
        keys.stats(input.game, entrant.bot),
        keys.variantStats(input.game, variant, entrant.bot),
        keys.bot(entrant.bot),
        keys.version(entrant.bot, entrant.version),
        keys.window(entrant.bot, entrant.version),
      ]);
      const allKeys = [
        keys.games(input.seriesId), keys.oldMatch(input.id), keys.series(input.seriesId), keys.board(input.game, variant), keys.results(input.game, variant),
        keys.matchesAll(), keys.matchesOfGame(input.game), ...seatKeys, keys.counters(input.game), keys.variants(input.game),
      ];
      const reply = await recordMatchScript(allKeys, [
        input.id, index, encodeBase(match), encodeRest(match), input.finishedAt, input.rated ? '1' : '0', seats,
        JSON.stringify(ranks), JSON.stringify(entrants), JSON.stringify(match.forfeit), forfeit?.seat ?? -1, input.kind,
        JSON.stringify(decisionIncrements(input.replay.moves)), variant === DEFAULT_VARIANT ? '' : variant,
        JSON.stringify(entrantPlaces), JSON.stringify(entrantForfeits), JSON.stringify(entrantPoints),
        resultEntrantsText(entrants), recent.all, recent.bot]);
      return reply as 'stored' | 'duplicate';
    },

    async getMatch(id: string): Promise<Match | null> {
      if (!MATCH_ID.test(id)) return null;
      return (await getMatches([id]))[0] ?? null;
    },

    getMatches,
    seriesMatchIds,

    /** The replay object, EXPIRED when retention deleted it, or null for an unknown match. */
    async getReplay(id: string): Promise<unknown> {
      const stored = await storedGame(id);
      if (stored === null) return null;
      return stored.expired ? EXPIRED : stored.game.replay;
    },

    /** What the bot in a seat printed ('' when nothing), EXPIRED with its replay, or null for an unknown match. */
    async getLogs(id: string, seat: number): Promise<string | typeof EXPIRED | null> {
      if (!Number.isSafeInteger(seat) || seat < 0) return null;
      const stored = await storedGame(id);
      if (stored === null) return null;
      return stored.expired ? EXPIRED : (stored.game.logs[seat] ?? '');
    },

    /**
     * Newest first, from the narrowest index asked for (series, then bot, then game, else all).
     * `before` is the last id of the previous page; an id not in the index gives an empty page.
     */
    async listMatches(query: MatchQuery): Promise<MatchPage> {
      const limit = Math.max(1, Math.min(MAX_PAGE, Math.floor(query.limit)));
      if (query.series !== undefined) {
        if (!SERIES_ID.test(query.series)) return { matches: [], next: null };
        // a series is small: its ids in game order, newest (highest index) first
        const ids = (await seriesMatchIds([query.series]))[0]!.reverse();
        const start = query.before === undefined ? 0 : ids.indexOf(query.before) + 1;
        if (start === 0 && query.before !== undefined) return { matches: [], next: null };
        const page = ids.slice(start, start + limit + 1);
        const matches = await getMatches(page.slice(0, limit));
        const filtered = matches.filter((m) => (query.game === undefined || m.game === query.game) && (query.bot === undefined || m.entrants.some((e) => e.bot === query.bot)));
        return { matches: filtered, next: page.length > limit ? (page[limit - 1] ?? null) : null };
      }
      const index = query.bot !== undefined ? keys.matchesOfBot(query.bot) : query.game !== undefined ? keys.matchesOfGame(query.game) : keys.matchesAll();
      // the ids (one more than the page, to know whether there is a next page); null: `before` is not in the index
      const joined = (await pageIds([index], [limit, query.before ?? ''])) as string | null;
      if (joined === null) return { matches: [], next: null };
      const ids = joined === '' ? [] : joined.split(' ');
      const matches = await getMatches(ids.slice(0, limit));
      const filtered = matches.filter((m) => (query.game === undefined || m.game === query.game) && (query.bot === undefined || m.entrants.some((e) => e.bot === query.bot)));
      return { matches: filtered, next: ids.length > limit ? (ids[limit - 1] ?? null) : null };
    },
  };
}

/** XIX_TEST_PAUSE_AFTER_BLOB=<file>: says it paused by creating the file, then waits for ever (to be killed). */
async function pauseForTest(file: string): Promise<never> {
  await writeFile(file, String(process.pid));
  return new Promise<never>(() => undefined);
}
