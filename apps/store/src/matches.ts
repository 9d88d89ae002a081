/** Finished matches: stored exactly once with everything they change; read back by id or index. */
import type { Redis } from 'ioredis';
import { DEFAULT_VARIANT } from '@xix/engine';
import type { Keys } from './keys.ts';
import { BOT_ID, MATCH_ID, SERIES_ID, StoreInputError, VARIANT, check } from './names.ts';
import { entrantResults, ranksOf } from './ranks.ts';
import { RECORD_MATCH } from './record-match-script.ts';
import { luaScript } from './lua.ts';
import { decisionIncrements } from './counters.ts';
import { matchCache } from './match-cache.ts';
import { MATCH_FIELDS, MATCH_PAGE_IDS } from './read-scripts.ts';
import { compressReplay, decompressReplay } from './replay-codec.ts';
import type { ForfeitInfo, Match, MatchEntrant, MatchPage, MatchQuery, NewMatch, SeriesKind } from './types.ts';

/** A bot's printed output kept per game; the referee bounds it already, this bounds what we store. */
export const MAX_STORED_LOG_CHARS = 64 * 1024;
export const MAX_PAGE = 100;

type MatchFields = readonly (string | null)[];

/** A match from its hash's MATCH_FIELDS (HMGET order); null when the hash does not exist. */
function toMatch(fields: MatchFields): Match | null {
  const [id, seriesId, game, kind, rated, entrants, ranks, points, reason, forfeit, moves, finishedAt, replayBytes, rawBytes, variant] = fields;
  if (typeof id !== 'string') return null;
  const text = (field: string | null | undefined) => field ?? '';
  return {
    id,
    seriesId: text(seriesId),
    game: text(game),
    variant: variant || DEFAULT_VARIANT,
    kind: kind as SeriesKind,
    rated: rated === '1',
    entrants: JSON.parse(text(entrants) || '[]') as MatchEntrant[],
    ranks: JSON.parse(text(ranks) || '[]') as number[],
    points: JSON.parse(text(points) || '[]') as number[],
    reason: text(reason),
    forfeit: JSON.parse(text(forfeit) || 'null') as ForfeitInfo | null,
    moves: Number(moves),
    finishedAt: Number(finishedAt),
    replayBytes: Number(replayBytes),
    rawBytes: Number(rawBytes),
  };
}

export function matchOps(redis: Redis, keys: Keys) {
  const pageIds = luaScript(redis, MATCH_PAGE_IDS);
  // by its SHA: the script is some 5 KB, sent with every game otherwise
  const recordMatchScript = luaScript(redis, RECORD_MATCH);
  const cache = matchCache();

  /** The matches of these ids that exist, in order: from the cache, the others in one round trip. */
  async function getMatches(ids: readonly string[]): Promise<Match[]> {
    const found = ids.map((id) => cache.get(id));
    const missing = ids.filter((_, i) => found[i] === undefined);
    if (missing.length > 0) {
      const pipeline = redis.pipeline();
      for (const id of missing) pipeline.hmget(keys.match(id), ...MATCH_FIELDS);
      const replies = (await pipeline.exec()) ?? [];
      const loaded = new Map<string, Match>();
      for (const [error, fields] of replies) {
        if (error !== null) throw error;
        const match = toMatch(fields as MatchFields);
        if (match !== null) loaded.set(match.id, cache.put(match));
      }
      ids.forEach((id, i) => { found[i] ??= loaded.get(id); });
    }
    return found.filter((match): match is Match => match !== undefined);
  }

  return {
    /** Stores a finished game and all it changes, once: a second call answers 'duplicate'. */
    async recordMatch(input: NewMatch): Promise<'stored' | 'duplicate'> {
      check(MATCH_ID, input.id, 'match id');
      check(SERIES_ID, input.seriesId, 'series id');
      if (!input.id.startsWith(`${input.seriesId}.`)) throw new StoreInputError(`match ${input.id} is not a game of series ${input.seriesId}`);
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
      const { gz, rawBytes } = compressReplay(input.replay);
      const forfeit = input.replay.forfeit;
      const index = Number(input.id.slice(input.seriesId.length + 1));
      const seatKeys = input.entrants.flatMap((entrant, seat) => [
        keys.logs(input.id, seat),
        keys.matchesOfBot(entrant.bot),
        keys.stats(input.game, entrant.bot),
        keys.variantStats(input.game, variant, entrant.bot),
        keys.bot(entrant.bot),
        keys.version(entrant.bot, entrant.version),
        keys.window(entrant.bot, entrant.version),
      ]);
      const allKeys = [
        keys.match(input.id), keys.replay(input.id), keys.series(input.seriesId), keys.board(input.game, variant), keys.results(input.game, variant),
        keys.matchesAll(), keys.matchesOfGame(input.game), keys.matchesOfSeries(input.seriesId), ...seatKeys, keys.counters(input.game), keys.variants(input.game),
      ];
      const entrants = input.entrants.map(({ bot, version, name }) => ({ bot, version, name }));
      const forfeitJson = forfeit === null ? 'null' : JSON.stringify({ seat: forfeit.seat, verdict: forfeit.verdict, message: forfeit.message });
      const logs = input.entrants.map((_, seat) => (input.logs[seat] ?? '').slice(0, MAX_STORED_LOG_CHARS));
      const reply = await recordMatchScript(allKeys, [
        input.id, gz, input.finishedAt, input.rated ? '1' : '0', index, seats,
        JSON.stringify(ranks), JSON.stringify(entrants), JSON.stringify(input.replay.result.points), input.replay.result.reason,
        forfeitJson, forfeit?.seat ?? -1, input.replay.moves.length, rawBytes, input.seriesId, input.game, input.kind, ...logs,
        JSON.stringify(decisionIncrements(input.replay.moves)), variant === DEFAULT_VARIANT ? '' : variant,
        JSON.stringify(entrantPlaces), JSON.stringify(entrantForfeits), JSON.stringify(entrantPoints)]);
      return reply as 'stored' | 'duplicate';
    },

    async getMatch(id: string): Promise<Match | null> {
      if (!MATCH_ID.test(id)) return null;
      return (await getMatches([id]))[0] ?? null;
    },

    /** The replay object, or null for an unknown match. */
    async getReplay(id: string): Promise<unknown> {
      if (!MATCH_ID.test(id)) return null;
      const gz = await redis.getBuffer(keys.replay(id));
      return gz === null ? null : decompressReplay(gz);
    },

    /** What the bot in a seat printed ('' when nothing), or null for an unknown match. */
    async getLogs(id: string, seat: number): Promise<string | null> {
      if (!MATCH_ID.test(id) || !Number.isSafeInteger(seat) || seat < 0) return null;
      const [[, exists], [, text]] = (await redis.multi().exists(keys.match(id)).get(keys.logs(id, seat)).exec()) as [[unknown, number], [unknown, string | null]];
      return exists === 1 ? (text ?? '') : null;
    },

    /**
     * Newest first, from the narrowest index asked for (series, then bot, then game, else all).
     * `before` is the last id of the previous page; an id not in the index gives an empty page.
     */
    async listMatches(query: MatchQuery): Promise<MatchPage> {
      const limit = Math.max(1, Math.min(MAX_PAGE, Math.floor(query.limit)));
      const index =
        query.series !== undefined ? keys.matchesOfSeries(query.series)
        : query.bot !== undefined ? keys.matchesOfBot(query.bot)
        : query.game !== undefined ? keys.matchesOfGame(query.game)
        : keys.matchesAll();
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
