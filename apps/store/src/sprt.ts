/**
 * The platform's background SPRT (issue 21, docs/sprt.md "On the platform"): when a version of a
 * bot becomes active, it is tested against the author's previous active version. A test is played
 * in chunks, each chunk one unrated series of kind 'sprt' (two with a field: the new version's
 * table and the old's, same deals, same bot seeds), and its state here is the truth:
 *
 * - A chunk's series are created by the same script that names them the test's current chunk
 *   (attachChunk), so a chunk is never created twice nor left unnamed.
 * - A chunk counts once: its counts are folded in by a script that checks the test is still at that
 *   chunk (foldChunk), so two workers folding the same chunk at once fold it once.
 * - A series replays from its stored setup and stores each game once (the platform's exactly-once),
 *   so a chunk interrupted by a dead worker or a Redis restart resumes and counts every pair once.
 *
 * The games feed no rating, no leaderboard, no record and no match index (record-match-script.ts
 * skips kind 'sprt'); their replays expire like the ladder's (retention.ts).
 */
import type { Redis } from 'ioredis';
import type { GameOptions } from '@xix/engine';
import { SPRT_ELO_LIMIT, eloEstimate, pentanomialLlr, sprtBounds, sprtVerdict, trinomialLlr, type Pentanomial, type Trinomial } from '@xix/ratings';
import type { SprtSummaryInput } from '@xix/ratings/sprt-summary';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { BOT_ID, StoreInputError, check } from './names.ts';
import { STORE_SERIES_LUA, newSeriesFields } from './series.ts';
import type { EntrantRef, Match, NewSeries, Series } from './types.ts';

/** Who asks for the test's series (their requestedBy). */
export const SPRT_REQUESTER = 'sprt';

export type SprtStatus = SprtSummaryInput['status'];
/** Head to head: game pairs (pentanomial); at a table of more entrants: paired placings through a field (trinomial). */
export type SprtModel = 'pentanomial' | 'trinomial';

/** The test's settings: H0 the new version is elo0 logistic Elo stronger than the old, H1 elo1. */
export interface SprtSettings {
  readonly elo0: number;
  readonly elo1: number;
  readonly alpha: number;
  readonly beta: number;
  /** The test stops without a verdict ('capped') after this many games. */
  readonly maxGames: number;
  /** Deals per chunk (a chunk is one job): smaller chunks stop sooner after a bound is crossed. */
  readonly chunkDeals: number;
}

export const DEFAULT_SPRT_SETTINGS: SprtSettings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 20_000, chunkDeals: 50 };

export interface NewSprt {
  readonly bot: string;
  /** The new version, and the old one it is tested against (the author's previous active version). */
  readonly version: number;
  readonly base: number;
  readonly game: string;
  readonly seats: number;
  readonly options: GameOptions;
  /** The other seats' bots when the table seats more than two entrants (trinomial); [] head to head. */
  readonly field: readonly EntrantRef[];
  readonly seed: number;
  readonly settings: SprtSettings;
}

/** A test as stored, with its bounds and Elo estimate (the fields a summary line reads are @xix/ratings' SprtSummaryInput). */
export interface SprtTest extends Omit<NewSprt, 'settings'>, SprtSettings, SprtSummaryInput {
  readonly model: SprtModel;
  /** Pentanomial: pairs by the new version's score 0, ½, 1, 1½, 2; trinomial: placings worse, same, better. */
  readonly counts: readonly number[];
  /** Chunks folded in; the current chunk's series ([] between chunks or once decided). */
  readonly chunks: number;
  readonly chunkSeries: readonly string[];
  readonly createdAt: number;
  readonly endedAt: number | null;
}

/** What advanceSprt did: the series to (re)enqueue (a job per series id; enqueueing twice adds nothing). */
export interface SprtStep {
  readonly status: SprtStatus | 'missing';
  readonly enqueue: readonly string[];
}

// KEYS: test, running set, the bot's tests; ARGV: fields JSON, version, now, the key of the bot's test
// of version '' (a version number completes it), the id of the same. Stores the test (0 if it
// exists) and stops the bot's running tests of older versions: superseded.
const START = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 0 end
local fields = cjson.decode(ARGV[1])
local flat = {}
for name, value in pairs(fields) do flat[#flat + 1] = name; flat[#flat + 1] = value end
redis.call('HSET', KEYS[1], unpack(flat))
local version = tonumber(ARGV[2])
for _, old in ipairs(redis.call('ZRANGEBYSCORE', KEYS[3], '-inf', '(' .. version)) do
  local key = ARGV[4] .. old
  if redis.call('HGET', key, 'status') == 'running' then
    redis.call('HSET', key, 'status', 'stopped', 'reason', 'superseded by version ' .. version, 'endedAt', ARGV[3], 'chunkSeries', '[]')
    redis.call('SREM', KEYS[2], ARGV[5] .. old)
  end
end
redis.call('ZADD', KEYS[3], version, version)
redis.call('SADD', KEYS[2], ARGV[5] .. version)
return 1`;

// KEYS: test, seq:series, unfinished series; ARGV: prefix, chunk, then each series' fields JSON.
// Creates the chunk's series if the test is running at that chunk with none; answers the chunk's series.
// Two series (a field's two tables) play the same deals, so each names both as its `dealGroup`:
// deal publicity keeps a deal secret until both tables have played it (deal-publicity.ts).
const ATTACH_CHUNK = `${STORE_SERIES_LUA}
local status, chunk, current = unpack(redis.call('HMGET', KEYS[1], 'status', 'chunks', 'chunkSeries'))
if status ~= 'running' then return {} end
if current ~= '[]' or tonumber(chunk) ~= tonumber(ARGV[2]) then return cjson.decode(current) end
local ids = {}
for i = 3, #ARGV do ids[#ids + 1] = storeSeries(ARGV[1], KEYS[2], KEYS[3], ARGV[i]) end
if #ids > 1 then
  local group = cjson.encode(ids)
  for _, id in ipairs(ids) do redis.call('HSET', ARGV[1] .. ':series:' .. id, 'dealGroup', group) end
end
redis.call('HSET', KEYS[1], 'chunkSeries', cjson.encode(ids))
return ids`;

// KEYS: test, running set; ARGV: chunk, its series JSON, counts JSON, games, llr, status, test id, now.
// Folds a finished chunk in once: only while the test runs at that chunk with those series.
const FOLD_CHUNK = `
local status, chunk, current = unpack(redis.call('HMGET', KEYS[1], 'status', 'chunks', 'chunkSeries'))
if status ~= 'running' or tonumber(chunk) ~= tonumber(ARGV[1]) or current ~= ARGV[2] then return 0 end
redis.call('HSET', KEYS[1], 'counts', ARGV[3], 'games', ARGV[4], 'llr', ARGV[5], 'status', ARGV[6], 'chunks', tonumber(chunk) + 1, 'chunkSeries', '[]')
if ARGV[6] ~= 'running' then
  redis.call('HSET', KEYS[1], 'endedAt', ARGV[8])
  redis.call('SREM', KEYS[2], ARGV[7])
end
return 1`;

// KEYS: test, running set; ARGV: reason, test id, now. Stops a running test.
const STOP = `
if redis.call('HGET', KEYS[1], 'status') ~= 'running' then return 0 end
redis.call('HSET', KEYS[1], 'status', 'stopped', 'reason', ARGV[1], 'endedAt', ARGV[3], 'chunkSeries', '[]')
redis.call('SREM', KEYS[2], ARGV[2])
return 1`;

/** A test's id: its new version, `<bot>.<version>`. */
export const sprtId = (bot: string, version: number | ''): string => `${bot}.${version}`;

export function checkSprtSettings(settings: SprtSettings): SprtSettings {
  const { elo0, elo1, maxGames, chunkDeals } = settings;
  if (!(Math.abs(elo0) <= SPRT_ELO_LIMIT && Math.abs(elo1) <= SPRT_ELO_LIMIT && elo0 < elo1)) throw new StoreInputError(`elo0 must be below elo1, both from -${SPRT_ELO_LIMIT} to ${SPRT_ELO_LIMIT}, got ${elo0} and ${elo1}`);
  try {
    sprtBounds(settings.alpha, settings.beta);
  } catch (error) {
    throw new StoreInputError((error as Error).message);
  }
  if (!Number.isSafeInteger(maxGames) || maxGames < 2) throw new StoreInputError(`maxGames must be an integer of at least 2, got ${maxGames}`);
  if (!Number.isSafeInteger(chunkDeals) || chunkDeals < 1) throw new StoreInputError(`chunkDeals must be a positive integer, got ${chunkDeals}`);
  return settings;
}

export interface SprtDeps {
  readonly getSeries: (id: string) => Promise<Series | null>;
  readonly getMatch: (id: string) => Promise<Match | null>;
}

export function sprtOps(redis: Redis, keys: Keys, prefix: string, deps: SprtDeps) {
  const startScript = luaScript(redis, START);
  const attachScript = luaScript(redis, ATTACH_CHUNK);
  const foldScript = luaScript(redis, FOLD_CHUNK);
  const stopScript = luaScript(redis, STOP);

  async function getSprt(bot: string, version: number): Promise<SprtTest | null> {
    if (!BOT_ID.test(bot) || !Number.isSafeInteger(version) || version < 1) return null;
    const hash = await redis.hgetall(keys.sprt(bot, version));
    return hash.bot === undefined ? null : testOf(hash);
  }

  async function stopSprt(bot: string, version: number, reason: string): Promise<boolean> {
    return (await stopScript([keys.sprt(bot, version), keys.sprtRunning()], [reason, sprtId(bot, version), Date.now()])) === 1;
  }

  /** The series of chunk `test.chunks`: the new version's table, and with a field the old's on the same deals and bot seeds. */
  function chunkSeriesFields(test: SprtTest): string[] {
    const entrantsPerTable = test.field.length + (test.model === 'pentanomial' ? 2 : 1);
    // games per deal, over both tables with a field: an observation is two games either way
    const gamesPerDeal = test.model === 'pentanomial' ? 2 : 2 * entrantsPerTable;
    const deals = Math.max(1, Math.min(test.chunkDeals, Math.ceil((test.maxGames - test.games) / gamesPerDeal)));
    const common = { game: test.game, kind: 'sprt', rated: false, seats: test.seats, options: test.options, deals, seed: test.seed + test.chunks * test.chunkDeals, requestedBy: SPRT_REQUESTER } as const;
    const mine = { bot: test.bot, version: test.version };
    const theirs = { bot: test.bot, version: test.base };
    if (test.model === 'pentanomial') return [newSeriesFields({ ...common, entrants: [mine, theirs] } satisfies NewSeries)];
    const fresh = JSON.parse(newSeriesFields({ ...common, entrants: [mine, ...test.field] })) as Record<string, string>;
    // the same deal key (so the same deals: deal-seed.ts) and bot seeds at both tables: the field
    // plays the same way where the versions do
    const old = JSON.parse(newSeriesFields({ ...common, entrants: [theirs, ...test.field] }, fresh.dealKey)) as Record<string, string>;
    return [JSON.stringify(fresh), JSON.stringify({ ...old, botSeedKey: fresh.botSeedKey })];
  }

  /** The chunk's observations: pairs by the new version's score (pentanomial), or paired placings (trinomial). */
  async function chunkCounts(test: SprtTest, series: readonly Series[]): Promise<number[]> {
    const rankOf = (match: Match | null, who: EntrantRef): number => {
      const seat = match?.entrants.findIndex((entrant) => entrant.bot === who.bot && entrant.version === who.version) ?? -1;
      if (match === null || seat < 0) throw new Error(`SPRT ${sprtId(test.bot, test.version)}: a game of its chunk is missing or does not seat ${who.bot} version ${who.version}`);
      return match.ranks[seat]!;
    };
    const mine = { bot: test.bot, version: test.version };
    const theirs = { bot: test.bot, version: test.base };
    if (test.model === 'pentanomial') {
      const [only] = series;
      const matches = await Promise.all(only!.matches.map((id) => deps.getMatch(id)));
      const counts = [0, 0, 0, 0, 0];
      // games 2i and 2i + 1 are deal i from both sides: one pair
      for (let i = 0; i + 1 < matches.length; i += 2) {
        let score = 0;
        for (const match of [matches[i]!, matches[i + 1]!]) {
          const [a, b] = [rankOf(match, mine), rankOf(match, theirs)];
          score += a < b ? 2 : a === b ? 1 : 0;
        }
        counts[score]!++;
      }
      return counts;
    }
    const [fresh, old] = await Promise.all(series.map((one) => Promise.all(one.matches.map((id) => deps.getMatch(id)))));
    const counts = [0, 0, 0];
    // game k of both tables: the same deal and seat, the new version at one, the old at the other
    for (let k = 0; k < Math.min(fresh!.length, old!.length); k++) {
      const [a, b] = [rankOf(fresh![k]!, mine), rankOf(old![k]!, theirs)];
      counts[a < b ? 2 : a === b ? 1 : 0]!++;
    }
    return counts;
  }

  return {
    /**
     * Starts the test of `input.version` against `input.base` (false: it exists already), and stops
     * the running tests of the bot's older versions: a newer version supersedes them.
     */
    async startSprt(input: NewSprt): Promise<boolean> {
      check(BOT_ID, input.bot, 'bot id');
      for (const [name, value] of [['version', input.version], ['base', input.base]] as const) {
        if (!Number.isSafeInteger(value) || value < 1) throw new StoreInputError(`${name} must be a positive integer, got ${value}`);
      }
      if (!(input.base < input.version)) throw new StoreInputError(`the old version (${input.base}) must be older than the new (${input.version})`);
      if (!Number.isSafeInteger(input.seed)) throw new StoreInputError(`seed must be an integer, got ${input.seed}`);
      const settings = checkSprtSettings(input.settings);
      const fields: Record<string, string | number> = {
        bot: input.bot, version: input.version, base: input.base, game: input.game, seats: input.seats,
        options: JSON.stringify(input.options), field: JSON.stringify(input.field.map(({ bot, version }) => ({ bot, version }))),
        model: input.field.length === 0 ? 'pentanomial' : 'trinomial', seed: input.seed,
        elo0: settings.elo0, elo1: settings.elo1, alpha: settings.alpha, beta: settings.beta, maxGames: settings.maxGames, chunkDeals: settings.chunkDeals,
        status: 'running', reason: '', counts: JSON.stringify(input.field.length === 0 ? [0, 0, 0, 0, 0] : [0, 0, 0]), games: 0, llr: 0,
        chunks: 0, chunkSeries: '[]', createdAt: Date.now(), endedAt: '',
      };
      const stringFields = JSON.stringify(Object.fromEntries(Object.entries(fields).map(([name, value]) => [name, String(value)])));
      const started = await startScript([keys.sprt(input.bot, input.version), keys.sprtRunning(), keys.sprtsOfBot(input.bot)],
        [stringFields, input.version, Date.now(), keys.sprt(input.bot, ''), sprtId(input.bot, '')]);
      return started === 1;
    },

    getSprt,

    /** A bot's tests, by new version, oldest first. */
    async sprtsOfBot(bot: string): Promise<SprtTest[]> {
      if (!BOT_ID.test(bot)) return [];
      const versions = await redis.zrange(keys.sprtsOfBot(bot), '0', '-1');
      const tests = await Promise.all(versions.map((version) => getSprt(bot, Number(version))));
      return tests.filter((test): test is SprtTest => test !== null);
    },

    /** The tests running: what a scheduler round advances. */
    async runningSprts(): Promise<{ bot: string; version: number }[]> {
      const ids = await redis.smembers(keys.sprtRunning());
      return ids.map((id) => ({ bot: id.slice(0, id.indexOf('.')), version: Number(id.slice(id.indexOf('.') + 1)) })).sort((a, b) => a.bot.localeCompare(b.bot) || a.version - b.version);
    },

    stopSprt,

    /**
     * One step of a running test, safe to take any number of times by any number of workers: a
     * chunk whose series are all done is folded in (the verdict decided when the LLR crosses a bound
     * or the games reach the cap), then the next chunk is created; a chunk whose series failed
     * stops the test with the error. Answers the series to enqueue: the current chunk's.
     */
    async advanceSprt(bot: string, version: number): Promise<SprtStep> {
      let test = await getSprt(bot, version);
      if (test === null) return { status: 'missing', enqueue: [] };
      for (let turn = 0; turn < 2 && test.status === 'running'; turn++) {
        if (test.chunkSeries.length === 0) {
          const fields = chunkSeriesFields(test);
          const ids = (await attachScript([keys.sprt(bot, version), keys.seq('series'), keys.seriesUnfinished()], [prefix, test.chunks, ...fields])) as string[];
          return { status: 'running', enqueue: ids };
        }
        const series = await Promise.all(test.chunkSeries.map((id) => deps.getSeries(id)));
        const failed = series.find((one) => one === null || one.status === 'failed');
        if (failed !== undefined) {
          await stopSprt(bot, version, `a chunk of its games could not be played: ${failed === null ? 'its series is missing' : (failed.error ?? 'failed')}`);
          break;
        }
        if (series.some((one) => one!.status !== 'done')) return { status: 'running', enqueue: test.chunkSeries };
        const added = await chunkCounts(test, series as Series[]);
        const counts = test.counts.map((count, i) => count + added[i]!);
        const games = 2 * counts.reduce((sum, count) => sum + count, 0);
        const llr = counts.length === 5 ? pentanomialLlr(counts as unknown as Pentanomial, test.elo0, test.elo1) : trinomialLlr(counts as unknown as Trinomial, test.elo0, test.elo1);
        const verdict = sprtVerdict(llr, { lower: test.lower, upper: test.upper });
        const status: SprtStatus = verdict !== 'continue' ? verdict : games >= test.maxGames ? 'capped' : 'running';
        await foldScript([keys.sprt(bot, version), keys.sprtRunning()],
          [test.chunks, JSON.stringify(test.chunkSeries), JSON.stringify(counts), games, llr, status, sprtId(bot, version), Date.now()]);
        test = await getSprt(bot, version);
        if (test === null) return { status: 'missing', enqueue: [] };
      }
      return { status: test.status, enqueue: [] };
    },
  };
}

function testOf(hash: Record<string, string>): SprtTest {
  const number = (name: string): number => Number(hash[name]);
  const counts = JSON.parse(hash.counts ?? '[]') as number[];
  const settings = { elo0: number('elo0'), elo1: number('elo1'), alpha: number('alpha'), beta: number('beta'), maxGames: number('maxGames'), chunkDeals: number('chunkDeals') };
  const bounds = sprtBounds(settings.alpha, settings.beta);
  const observed = counts.some((count) => count > 0);
  const estimate = observed ? eloEstimate(counts as unknown as Pentanomial) : null;
  const finite = (value: number | undefined): number | null => (value === undefined || !Number.isFinite(value) ? null : value);
  return {
    bot: hash.bot ?? '',
    version: number('version'),
    base: number('base'),
    game: hash.game ?? '',
    seats: number('seats'),
    options: JSON.parse(hash.options ?? '{}') as GameOptions,
    field: JSON.parse(hash.field ?? '[]') as EntrantRef[],
    seed: number('seed'),
    ...settings,
    model: (hash.model ?? 'pentanomial') as SprtModel,
    status: (hash.status ?? 'running') as SprtStatus,
    reason: hash.reason ? hash.reason : null,
    counts,
    games: number('games'),
    llr: number('llr'),
    score: observed ? counts.reduce((sum, count, i) => sum + (count * i) / (counts.length - 1), 0) / counts.reduce((sum, count) => sum + count, 0) : null,
    lower: bounds.lower,
    upper: bounds.upper,
    elo: finite(estimate?.elo),
    eloLow: finite(estimate?.low),
    eloHigh: finite(estimate?.high),
    chunks: number('chunks'),
    chunkSeries: JSON.parse(hash.chunkSeries ?? '[]') as string[],
    createdAt: number('createdAt'),
    endedAt: hash.endedAt ? Number(hash.endedAt) : null,
  };
}
