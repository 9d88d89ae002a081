/** A new version is validated by series of its own; this decides, atomically, what they showed. */
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { SERIES_ID, check } from './names.ts';
import type { VersionState } from './types.ts';

/** The verdict of a version whose validation could not be played: the platform's fault, not the bot's. */
export const UNPLAYED_VERDICT = 'unplayed';

// KEYS: series; ARGV: prefix, the unplayed message. Rejected at the first validation game the
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
if state ~= 'validating' then return state or 'not_validation' end
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
if not done then return 'validating' end
redis.call('HSET', version, 'state', 'active')
local active = tonumber(redis.call('HGET', bot, 'active')) or 0
if tonumber(ref.version) > active then redis.call('HSET', bot, 'active', ref.version, 'probation', '') end
return 'active'`;

/** `{series}` is the failed validation series. */
const UNPLAYED_MESSAGE =
  "the validation could not be played (validation series {series} failed: an infrastructure failure, not your bot's fault); upload again";

export function validationOps(redis: Redis, keys: Keys, prefix: string) {
  return {
    /**
     * Call after a validation game or series, and after a validation series failed (idempotent):
     * 'rejected' as soon as one validation game was forfeited by the version or one of its
     * validation series failed (verdict 'unplayed', no failing match), 'active' once all its
     * validation series are done.
     */
    async completeValidation(seriesId: string): Promise<VersionState> {
      check(SERIES_ID, seriesId, 'series id');
      const state = (await redis.eval(COMPLETE_VALIDATION, 1, keys.series(seriesId), prefix, UNPLAYED_MESSAGE)) as string;
      if (state === 'not_validation') throw new RangeError(`series ${seriesId} is not a validation series`);
      return state as VersionState;
    },
  };
}
