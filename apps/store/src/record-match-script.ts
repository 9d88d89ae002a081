/**
 * The one Lua script that stores a finished match: everything a match changes happens at once or
 * not at all, and a second call with the same match id changes nothing (exactly once). The game's
 * replay and logs are in the blob store already (written and synced before this runs: matches.ts).
 *
 * KEYS: 1 games (the series' games string), 2 the match hash of the layout before issue 24 (a game
 *       stored then is a duplicate too), 3 series, 4 board (of the variant), 5 results (of the
 *       variant), 6 matchesAll, 7 matchesOfGame; then 6 a seat: matchesOfBot, stats, variantStats,
 *       bot, version, window; then the game's counters (counters.ts), its variants.
 * ARGV: 1 id, 2 index in the series, 3 what the series' games share, 4 the rest of the game's record
 *       (match-record.ts: appendGame's base and rest),
 *       5 finishedAt, 6 rated ('1'/'0'), 7 seats, 8 ranks JSON, 9 entrants JSON, 10 forfeit JSON,
 *       11 forfeit seat (-1: none), 12 kind, 13 the decision-time increments (JSON [field, amount,
 *       …], decisionIncrements), 14 the variant ('' for the default one), then by seat (JSON) 15 the
 *       place, 16 forfeit (1/0) and 17 points of the seat's entrant at the entrant's first seat, 0 at
 *       its other seats (a partnership's seats count as one entrant's game: ranks.ts
 *       entrantResults); 18 the entrants as the results stream keeps them (`bot.version` by seat: ratings.ts
 *       resultEntrantsText), 19 the
 *       newest matches kept in matchesAll and matchesOfGame, 20 in a bot's index.
 */
import { APPEND_GAME_LUA } from './match-record.ts';

export const PROBATION_WINDOW = 50;
export const PROBATION_MIN_GAMES = 10;
/** Forfeits of at least this percentage of the window put a version on probation. */
export const PROBATION_PERCENT = 10;

export const SEAT_KEYS = 6;

export const RECORD_MATCH = `${APPEND_GAME_LUA}
if redis.call('EXISTS', KEYS[2]) == 1 then return 'duplicate' end
local id, finishedAt, rated, seats = ARGV[1], ARGV[5], ARGV[6] == '1', tonumber(ARGV[7])
if appendGame(KEYS[1], ARGV[2], ARGV[3], ARGV[9], finishedAt, ARGV[4]) == 0 then return 'duplicate' end
local entrants = cjson.decode(ARGV[9])
local forfeitSeat = tonumber(ARGV[11])
local kind = ARGV[12]
local function index(key, score, cap)
  redis.call('ZADD', key, score, id)
  redis.call('ZREMRANGEBYRANK', key, 0, -(cap + 1))
end
local recent, botRecent = tonumber(ARGV[19]), tonumber(ARGV[20])
-- an SPRT's games (thousands, unrated: sprt.ts) are in no match list, record or head to head
local listed = kind ~= 'sprt'
if listed then
  index(KEYS[6], finishedAt, recent)
  index(KEYS[7], finishedAt, recent)
end

if redis.call('EXISTS', KEYS[3]) == 1 then
  redis.call('HINCRBY', KEYS[3], 'gamesDone', 1)
  -- a validation remembers the first game the validated version forfeited (completeValidation)
  if kind == 'validation' and forfeitSeat >= 0 and not redis.call('HGET', KEYS[3], 'firstForfeit') then
    local validates = redis.call('HGET', KEYS[3], 'validates')
    local who = entrants[forfeitSeat + 1]
    if validates and validates ~= '' then
      local ref = cjson.decode(validates)
      if who.bot == ref.bot and tonumber(who.version) == tonumber(ref.version) then
        local forfeit = cjson.decode(ARGV[10])
        redis.call('HSET', KEYS[3], 'firstForfeit', cjson.encode({ match = id, verdict = forfeit.verdict, message = forfeit.message }))
      end
    end
  end
end

local variant = ARGV[14]
local places, forfeits, entrantPoints = cjson.decode(ARGV[15]), cjson.decode(ARGV[16]), cjson.decode(ARGV[17])
local firsts = 0
for s = 1, seats do if places[s] == 1 then firsts = firsts + 1 end end

for s = 1, seats do
  local base = 7 + (s - 1) * ${SEAT_KEYS}
  local byBot, stats, vstats, bot, version, window = KEYS[base + 1], KEYS[base + 2], KEYS[base + 3], KEYS[base + 4], KEYS[base + 5], KEYS[base + 6]
  local who = entrants[s]
  if listed then index(byBot, finishedAt, botRecent) end
  local forfeited = forfeits[s] == 1
  -- an entrant counts at its first seat only (places[s] == 0 at its others)
  local counted = places[s] > 0
  -- a bot's record counts every game but its validations (in the game, and in the variant's own
  -- record when not the default one); ratings and probation only rated ones
  if kind ~= 'validation' and listed and counted then
    local records = { stats }
    if variant ~= '' then records[2] = vstats end
    for _, record in ipairs(records) do
      redis.call('HINCRBY', record, 'games', 1)
      if places[s] == 1 and firsts == 1 then redis.call('HINCRBY', record, 'wins', 1)
      elseif places[s] == 1 then redis.call('HINCRBY', record, 'draws', 1)
      else redis.call('HINCRBY', record, 'losses', 1) end
      if forfeited then redis.call('HINCRBY', record, 'forfeits', 1) end
      redis.call('HINCRBYFLOAT', record, 'points', entrantPoints[s] or 0)
    end
    if redis.call('HGET', bot, 'retired') ~= '1' then
      redis.call('ZADD', KEYS[4], redis.call('HGET', records[#records], 'wins') or 0, who.bot)
    end
  end
  if rated and counted then
    redis.call('LPUSH', window, forfeited and '1' or '0')
    redis.call('LTRIM', window, 0, ${PROBATION_WINDOW - 1})
    if redis.call('HGET', version, 'state') == 'active' then
      local played = redis.call('LRANGE', window, 0, -1)
      local lost = 0
      for _, f in ipairs(played) do if f == '1' then lost = lost + 1 end end
      if #played >= ${PROBATION_MIN_GAMES} and lost * 100 >= ${PROBATION_PERCENT} * #played and redis.call('HGET', bot, 'probation') == '' then
        redis.call('HSET', bot, 'probation',
          string.format('version %d forfeited %d of its last %d rated games', tonumber(who.version), lost, #played))
      end
    end
  end
end

-- platform counters: after the duplicate check above, so a game counts once whoever stores it
local counters = KEYS[7 + seats * ${SEAT_KEYS} + 1]
if variant ~= '' then redis.call('SADD', KEYS[7 + seats * ${SEAT_KEYS} + 2], variant) end
redis.call('HINCRBY', counters, 'games', 1)
if forfeitSeat >= 0 then
  redis.call('HINCRBY', counters, 'forfeits:' .. tostring(cjson.decode(ARGV[10]).verdict), 1)
end
local decisions = cjson.decode(ARGV[13])
for i = 1, #decisions, 2 do redis.call('HINCRBYFLOAT', counters, decisions[i], decisions[i + 1]) end

if rated then
  redis.call('XADD', KEYS[5], '*', 'match', id, 'entrants', ARGV[18], 'ranks', ARGV[8])
end
return 'stored'`;
