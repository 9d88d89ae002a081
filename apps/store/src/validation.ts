/**
 * A new version is validated by series of its own: stored with the version in one step, and decided,
 * atomically, by what they showed.
 */
import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { PUT_VERSION_ARGC, PUT_VERSION_LUA, putVersionCall, putVersionResult } from './bots.ts';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { STORE_SERIES_LUA, newSeriesFields } from './series.ts';
import { BOT_ID, SERIES_ID, check } from './names.ts';
import { TYPE_ERROR_VERDICT, type Diagnostic, type EntrantRef, type NewVersion, type PutVersionResult, type VersionState } from './types.ts';

/**
 * A validation table: the new version is entrant A, `opponents` the others (none: it plays every
 * place against itself); `seats` its size (default one per entrant).
 */
export interface ValidationTable {
  readonly seats?: number;
  readonly opponents: readonly EntrantRef[];
  /** With no opponents: how many entrants (all the version itself); default 2. */
  readonly selfEntrants?: number;
}

/** How a new version is validated: one series per table, in order (the server's per-game plan). */
export interface ValidationPlan {
  /** Deals of each validation series (each played once per seat rotation). */
  readonly deals: number;
  readonly tables: readonly ValidationTable[];
}

export type PutValidatingVersionResult =
  | (PutVersionResult & { readonly ok: true; readonly validation: readonly string[] })
  | (PutVersionResult & { readonly ok: false });

/**
 * Any valid ref: a validation series' fields are checked and laid out before the version has its
 * ref (the script numbers it), and the script writes the version's own in the stand-in's place.
 */
const STAND_IN: EntrantRef = { bot: 'b1', version: 1 };

// KEYS: ownerBots, seq:bot, botsOfGame, seq:series, unfinished series; ARGV: putVersion's
// arguments, then for each validation series its fields (JSON) and its entrants (a JSON array in
// which "@version" stands for the new version, which has no ref before the script numbers it). One script: a server that dies during an upload leaves the version with all its
// validation series or nothing, never a version validating forever with none, nor one that becomes
// active without the game against the house bot. The reconcile enqueues what was never enqueued.
const PUT_VALIDATING_VERSION = `${PUT_VERSION_LUA}${STORE_SERIES_LUA}
local put = putVersion(KEYS[1], KEYS[2], KEYS[3], unpack(ARGV, 1, ${PUT_VERSION_ARGC}))
if put[1] ~= 'ok' then return put end
local P = ARGV[5]
local version = '{"bot":"' .. put[2] .. '","version":' .. put[3] .. '}'
for i = ${PUT_VERSION_ARGC + 1}, #ARGV, 2 do
  local fields = cjson.decode(ARGV[i])
  fields.entrants = string.gsub(ARGV[i + 1], '"@version"', version)
  fields.validates = version
  put[#put + 1] = storeSeries(P, KEYS[4], KEYS[5], cjson.encode(fields))
end
return put`;

/** The verdict of a version whose validation could not be played: the platform's fault, not the bot's. */
export const UNPLAYED_VERDICT = 'unplayed';

// KEYS: series; ARGV: prefix, the unplayed message. A version still checking (its type-check not
// done) is rejected as unplayed if one of its validation series failed, else stays checking. Rejected at the first validation game the
// version forfeited (any of its validation series); else rejected as unplayed if one of them failed
// (an infrastructure error after its retries: it will never be done); active once all of them are
// done; else still validating. A version that becomes the bot's active one clears the bot's
// probation: that was about a version that no longer plays.
const COMPLETE_VALIDATION = `
local validates = redis.call('HGET', KEYS[1], 'validates')
if not validates or validates == '' then return 'not_validation' end
local ref = cjson.decode(validates)
local P = ARGV[1]
local version = P .. ':version:' .. ref.bot .. ':' .. ref.version
local bot = P .. ':bot:' .. ref.bot
local state = redis.call('HGET', version, 'state')
if state ~= 'validating' and state ~= 'checking' then return state or 'not_validation' end
local all = redis.call('SMEMBERS', P .. ':validations:' .. ref.bot .. ':' .. ref.version)
table.sort(all, function(a, b) return tonumber(string.sub(a, 2)) < tonumber(string.sub(b, 2)) end)
local done = true
local failed = nil
for _, id in ipairs(all) do
  local status, first = unpack(redis.call('HMGET', P .. ':series:' .. id, 'status', 'firstForfeit'))
  if first then
    local f = cjson.decode(first)
    redis.call('HSET', version, 'state', 'rejected', 'verdict', f.verdict, 'message', f.message, 'failingMatch', f.match)
    return 'rejected'
  end
  if status == 'failed' then failed = failed or id end
  if status ~= 'done' then done = false end
end
if failed then
  local message = string.gsub(ARGV[2], '{series}', failed)
  redis.call('HSET', version, 'state', 'rejected', 'verdict', '${UNPLAYED_VERDICT}', 'message', message, 'failingMatch', '')
  return 'rejected'
end
if not done or state == 'checking' then return state end
redis.call('HSET', version, 'state', 'active')
local active = tonumber(redis.call('HGET', bot, 'active')) or 0
if tonumber(ref.version) > active then redis.call('HSET', bot, 'active', ref.version, 'probation', '') end
return 'active'`;

// KEYS: version; ARGV: '1' (no type error) or '0', the message, the diagnostics (JSON). Only a
// version still checking changes: the first check to settle decides, later ones (another worker's,
// a retry's) find it decided and answer its state.
const SETTLE_TYPE_CHECK = `
local state = redis.call('HGET', KEYS[1], 'state')
if state ~= 'checking' then return state or 'missing' end
if ARGV[1] == '1' then
  redis.call('HSET', KEYS[1], 'state', 'validating')
  return 'validating'
end
redis.call('HSET', KEYS[1], 'state', 'rejected', 'verdict', '${TYPE_ERROR_VERDICT}', 'message', ARGV[2], 'diagnostics', ARGV[3], 'failingMatch', '')
return 'rejected'`;

/** What a version's type-check found: clean, or rejected with its errors (or why it could not finish). */
export interface TypeCheckResult {
  readonly ok: boolean;
  /** A sentence for a rejected version: how many errors, and the first. */
  readonly message?: string;
  readonly diagnostics?: readonly Diagnostic[];
}

/** `{series}` is the failed validation series. */
const UNPLAYED_MESSAGE =
  "the validation could not be played (validation series {series} failed: an infrastructure failure, not your bot's fault); upload again";

export function validationOps(redis: Redis, keys: Keys, prefix: string) {
  const putValidatingVersionScript = luaScript(redis, PUT_VALIDATING_VERSION);
  const completeValidationScript = luaScript(redis, COMPLETE_VALIDATION);
  const settleTypeCheckScript = luaScript(redis, SETTLE_TYPE_CHECK);
  return {
    /**
     * Stores a new version of an upload, checking (its validation series type-check it first), with its validation series (one against
     * itself unless told, one per opponent or table of opponents; all unrated, requested by the owner), all at once, and
     * answers their ids; the caller enqueues the series (the server's reconcile enqueues them if it
     * died before). Refused (game_differs, retired) it stores nothing.
     */
    async putValidatingVersion(input: Omit<NewVersion, 'state'>, plan: ValidationPlan): Promise<PutValidatingVersionResult> {
      const call = putVersionCall(keys, prefix, { ...input, state: 'checking' });
      const series = plan.tables.flatMap((table) => {
        const entrants = table.opponents.length === 0 ? Array<EntrantRef>(table.selfEntrants ?? 2).fill(STAND_IN) : [STAND_IN, ...table.opponents];
        return [
          newSeriesFields({
            game: input.game, kind: 'validation', rated: false, entrants, deals: plan.deals, ...(table.seats !== undefined && { seats: table.seats }),
            seed: randomInt(2 ** 31), requestedBy: input.owner, validates: STAND_IN,
          }),
          JSON.stringify(entrants.map((entrant, i) => (i === 0 || table.opponents.length === 0 ? '@version' : { bot: entrant.bot, version: entrant.version }))),
        ];
      });
      const reply = (await putValidatingVersionScript([...call.keys, keys.seq('series'), keys.seriesUnfinished()], [...call.args, ...series])) as [string, string, number?, ...string[]];
      const put = putVersionResult(reply);
      return put.ok ? { ...put, validation: reply.slice(3) as string[] } : put;
    },

    /**
     * Call after a validation game or series, and after a validation series failed (idempotent):
     * 'rejected' as soon as one validation game was forfeited by the version or one of its
     * validation series failed (verdict 'unplayed', no failing match), 'active' once all its
     * validation series are done.
     */
    /**
     * Settles a checking version's type-check: 'validating' when clean, else 'rejected' (verdict
     * type_error, with the message and the diagnostics): never played, never active, and, as any
     * rejected version, binding no name to a game. A version no longer checking is left as it is;
     * answers the version's state (or 'missing').
     */
    async settleTypeCheck(ref: EntrantRef, result: TypeCheckResult): Promise<VersionState | 'missing'> {
      check(BOT_ID, ref.bot, 'bot id');
      const args = [result.ok ? '1' : '0', result.message ?? '', JSON.stringify(result.diagnostics ?? [])];
      return (await settleTypeCheckScript([keys.version(ref.bot, ref.version)], args)) as VersionState | 'missing';
    },

    async completeValidation(seriesId: string): Promise<VersionState> {
      check(SERIES_ID, seriesId, 'series id');
      const state = (await completeValidationScript([keys.series(seriesId)], [prefix, UNPLAYED_MESSAGE])) as string;
      if (state === 'not_validation') throw new RangeError(`series ${seriesId} is not a validation series`);
      return state as VersionState;
    },
  };
}
