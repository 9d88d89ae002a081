/** Series: what a job plays. The stored record is the truth a job replays from. */
import { randomBytes } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { GameOptions } from '@xix/engine';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { BOT_ID, SERIES_ID, TOURNAMENT_ID, StoreInputError, check } from './names.ts';
import type { EntrantRef, NewSeries, Series, SeriesKind, SeriesStatus } from './types.ts';

/**
 * Lua: storeSeries(prefix, seq:series key, unfinished-series key, fields as a JSON object of
 * strings) stores one series, indexes it and answers its id. A script that stores series starts
 * with this, so a tournament stores all its pairings in one script (tournaments.ts) the same way.
 */
export const STORE_SERIES_LUA = `
local function storeSeries(P, seqKey, unfinishedKey, fieldsJson)
  local n = redis.call('INCR', seqKey)
  local id = 's' .. n
  local fields = cjson.decode(fieldsJson)
  local flat = { 'id', id }
  for name, value in pairs(fields) do
    flat[#flat + 1] = name
    flat[#flat + 1] = value
  end
  redis.call('HSET', P .. ':series:' .. id, unpack(flat))
  redis.call('ZADD', unfinishedKey, n, id)
  if fields.validates ~= '' then
    local ref = cjson.decode(fields.validates)
    redis.call('SADD', P .. ':validations:' .. ref.bot .. ':' .. ref.version, id)
  end
  return id
end
`;

// KEYS: seq:series, unfinished series; ARGV: prefix, the fields (JSON). Returns the new id.
const CREATE_SERIES = `${STORE_SERIES_LUA}
return storeSeries(ARGV[1], KEYS[1], KEYS[2], ARGV[2])`;

// KEYS: series, unfinished series; ARGV: status, error, series id, now. A finished series (done,
// failed) leaves the unfinished index and keeps when it ended.
const SET_STATUS = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
redis.call('HSET', KEYS[1], 'status', ARGV[1], 'error', ARGV[2])
if ARGV[1] == 'done' or ARGV[1] == 'failed' then
  redis.call('ZREM', KEYS[2], ARGV[3])
  redis.call('HSET', KEYS[1], 'endedAt', ARGV[4])
end
return 1`;

// KEYS: series; ARGV: deal, error. Counts a failed attempt of the series: 1, or one more than the
// last one's count if the last one failed on the same deal with the same error (0: no series).
const RECORD_FAILURE = `
if redis.call('EXISTS', KEYS[1]) == 0 then return 0 end
local deal = tonumber(ARGV[1])
local count = 1
local last = redis.call('HGET', KEYS[1], 'failure')
if last then
  local failure = cjson.decode(last)
  if failure.deal == deal and failure.error == ARGV[2] then count = failure.count + 1 end
end
redis.call('HSET', KEYS[1], 'failure', cjson.encode({ deal = deal, error = ARGV[2], count = count }))
return count`;

/** A fresh secret key of a series (its bots' seeds, its deals' seeds: referee bot-seed.ts, deal-seed.ts): 256 random bits. */
export function newSecretKey(): string {
  return randomBytes(32).toString('hex');
}

function checkEntrant(ref: EntrantRef): void {
  check(BOT_ID, ref.bot, 'bot id');
  if (!Number.isSafeInteger(ref.version) || ref.version < 1) throw new StoreInputError(`version ${ref.version} of ${ref.bot} is not a positive integer`);
}

/**
 * A new series' stored fields (with a fresh secret bot-seed key, and a deal key: fresh, or the one
 * its tournament's series share), checked, as strings: the JSON that STORE_SERIES_LUA stores.
 */
export function newSeriesFields(input: NewSeries, dealKey: string = newSecretKey()): string {
  if (input.entrants.length < 2) throw new StoreInputError('a series needs at least two entrants');
  const seats = input.seats ?? input.entrants.length;
  if (!Number.isSafeInteger(seats) || seats < input.entrants.length) throw new StoreInputError(`seats must be an integer of at least the ${input.entrants.length} entrants, got ${seats}`);
  input.entrants.forEach(checkEntrant);
  if (input.validates !== undefined) checkEntrant(input.validates);
  if (input.tournament !== undefined) check(TOURNAMENT_ID, input.tournament, 'tournament id');
  if (!Number.isSafeInteger(input.deals) || input.deals < 1) throw new StoreInputError(`deals must be a positive integer, got ${input.deals}`);
  if (!Number.isSafeInteger(input.seed)) throw new StoreInputError(`seed must be an integer, got ${input.seed}`);
  const fields: Record<string, string | number> = {
    game: input.game,
    kind: input.kind,
    rated: input.rated ? '1' : '0',
    entrants: JSON.stringify(input.entrants.map(({ bot, version }) => ({ bot, version }))),
    seats,
    options: JSON.stringify(input.options ?? {}),
    deals: input.deals,
    seed: input.seed,
    limits: input.limits === undefined ? '' : JSON.stringify(input.limits),
    botSeedKey: newSecretKey(),
    dealKey,
    status: 'queued',
    // every deal is played once per rotation: each entrant in each seat (or side)
    games: input.deals * input.entrants.length,
    gamesDone: 0,
    createdAt: Date.now(),
    requestedBy: input.requestedBy,
    validates: input.validates === undefined ? '' : JSON.stringify({ bot: input.validates.bot, version: input.validates.version }),
    tournament: input.tournament ?? '',
    error: '',
  };
  return JSON.stringify(Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])));
}

export function seriesOps(redis: Redis, keys: Keys, prefix: string, seriesMatchIds: (ids: readonly string[]) => Promise<string[][]>) {
  const createSeriesScript = luaScript(redis, CREATE_SERIES);
  const setStatusScript = luaScript(redis, SET_STATUS);
  const recordFailureScript = luaScript(redis, RECORD_FAILURE);
  return {
    /** Stores a series (with a fresh secret bot-seed key) and returns its id. */
    async createSeries(input: NewSeries): Promise<string> {
      return (await createSeriesScript([keys.seq('series'), keys.seriesUnfinished()], [prefix, newSeriesFields(input)])) as string;
    },

    async getSeries(id: string): Promise<Series | null> {
      if (!SERIES_ID.test(id)) return null;
      const [hash, [matches]] = await Promise.all([redis.hgetall(keys.series(id)), seriesMatchIds([id])]);
      if (hash.id === undefined) return null;
      const entrants = JSON.parse(hash.entrants ?? '[]') as EntrantRef[];
      return {
        id,
        game: hash.game ?? '',
        kind: hash.kind as SeriesKind,
        rated: hash.rated === '1',
        entrants,
        // series stored before tables said their size seated one entrant a seat
        seats: hash.seats ? Number(hash.seats) : entrants.length,
        options: hash.options ? (JSON.parse(hash.options) as GameOptions) : {},
        deals: Number(hash.deals),
        seed: Number(hash.seed),
        limits: hash.limits ? (JSON.parse(hash.limits) as Record<string, number>) : null,
        botSeedKey: hash.botSeedKey ?? '',
        dealKey: hash.dealKey ?? '',
        status: hash.status as SeriesStatus,
        games: Number(hash.games),
        gamesDone: Number(hash.gamesDone),
        createdAt: Number(hash.createdAt),
        requestedBy: hash.requestedBy ?? '',
        validates: hash.validates ? (JSON.parse(hash.validates) as EntrantRef) : null,
        tournament: hash.tournament ? hash.tournament : null,
        error: hash.error ? hash.error : null,
        matches: matches ?? [],
      };
    },

    async setSeriesStatus(id: string, status: Exclude<SeriesStatus, 'queued'>, error?: string): Promise<boolean> {
      check(SERIES_ID, id, 'series id');
      // only an existing series: HSET on a missing key would create a stub
      return (await setStatusScript([keys.series(id), keys.seriesUnfinished()], [status, error ?? '', id, Date.now()])) === 1;
    },

    /**
     * Counts an attempt of the series that failed with `error` while playing deal `deal` (the first
     * deal not stored), and answers how many attempts in a row have failed so: on the same deal with
     * the same error (1 when the deal or the error differs from the last failure's). The worker fails
     * a series for good only when this reaches its job's attempts: a series that gets further
     * between failures is never given up (a dead worker is no failed attempt at all).
     */
    async recordSeriesFailure(id: string, deal: number, error: string): Promise<number> {
      check(SERIES_ID, id, 'series id');
      if (!Number.isSafeInteger(deal) || deal < 0) throw new StoreInputError(`deal must be a non-negative integer, got ${deal}`);
      return (await recordFailureScript([keys.series(id)], [deal, error])) as number;
    },

    /**
     * The series not yet done or failed (queued or running), oldest first, with their kind and
     * status: what a restarted server checks against the queue (reconcile). Read from an index the
     * series' own scripts keep, so its cost is the unfinished series, not every series ever made.
     */
    async unfinishedSeries(): Promise<{ id: string; kind: SeriesKind; status: SeriesStatus }[]> {
      const found: { id: string; kind: SeriesKind; status: SeriesStatus }[] = [];
      const BATCH = 1000;
      // paged by score (the sequence number), so series leaving the index meanwhile shift nothing
      for (let after = 0; ;) {
        const page = await redis.zrangebyscore(keys.seriesUnfinished(), `(${after}`, '+inf', 'WITHSCORES', 'LIMIT', 0, BATCH);
        const ids = page.filter((_, k) => k % 2 === 0);
        after = Number(page.at(-1) ?? after);
        const pipe = redis.pipeline();
        for (const id of ids) pipe.hmget(keys.series(id), 'kind', 'status');
        const replies = ids.length === 0 ? [] : ((await pipe.exec()) ?? []);
        ids.forEach((id, k) => {
          const [error, fields] = replies[k] ?? [];
          if (error) throw error;
          const [kind, status] = (fields ?? []) as (string | null)[];
          // a finished one may end between the two reads; it is simply not unfinished any more
          if (kind && status && status !== 'done' && status !== 'failed') found.push({ id, kind: kind as SeriesKind, status: status as SeriesStatus });
        });
        if (ids.length < BATCH) return found;
      }
    },
  };
}
