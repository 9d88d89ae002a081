/**
 * The one Lua script that stores a finished match: everything a match changes happens at once or
 * not at all, and a second call with the same match id changes nothing (exactly once).
 *
 * KEYS: 1 match, 2 replay, 3 series, 4 board (of the variant), 5 results (of the variant),
 *       6 matchesAll, 7 matchesOfGame, 8 matchesOfSeries; then 7 a seat: logs, matchesOfBot, stats,
 *       variantStats, bot, version, window; then the game's counters (counters.ts), its variants.
 * ARGV: 1 id, 2 gzipped replay, 3 finishedAt, 4 rated ('1'/'0'), 5 index in the series, 6 seats,
 *       7 ranks JSON, 8 entrants JSON, 9 points JSON, 10 reason, 11 forfeit JSON, 12 forfeit seat
 *       (-1: none), 13 moves, 14 raw replay bytes, 15 series id, 16 game, 17 kind; 18… logs by seat;
 *       after them the decision-time increments (JSON [field, amount, …], decisionIncrements), the
 *       variant ('' for the default one), and by seat (JSON) the place, forfeit (1/0) and points of
 *       the seat's entrant at the entrant's first seat, 0 at its other seats (a partnership's seats
 *       count as one entrant's game: ranks.ts entrantResults).
 */
export const PROBATION_WINDOW = 50;
export const PROBATION_MIN_GAMES = 10;
/** Forfeits of at least this percentage of the window put a version on probation. */
export const PROBATION_PERCENT = 10;

export const SEAT_KEYS = 7;

export const RECORD_MATCH = `
if redis.call('EXISTS', KEYS[1]) == 1 then return 'duplicate' end
local id, finishedAt, rated, seats = ARGV[1], ARGV[3], ARGV[4] == '1', tonumber(ARGV[6])
local ranks, entrants, points = cjson.decode(ARGV[7]), cjson.decode(ARGV[8]), cjson.decode(ARGV[9])
local forfeitSeat = tonumber(ARGV[12])

redis.call('HSET', KEYS[1], 'id', id, 'seriesId', ARGV[15], 'game', ARGV[16], 'kind', ARGV[17], 'rated', ARGV[4],
  'entrants', ARGV[8], 'ranks', ARGV[7], 'points', ARGV[9], 'reason', ARGV[10], 'forfeit', ARGV[11],
  'moves', ARGV[13], 'finishedAt', finishedAt, 'replayBytes', string.len(ARGV[2]), 'rawBytes', ARGV[14])
redis.call('SET', KEYS[2], ARGV[2])
redis.call('ZADD', KEYS[6], finishedAt, id)
redis.call('ZADD', KEYS[7], finishedAt, id)
redis.call('ZADD', KEYS[8], ARGV[5], id)

if redis.call('EXISTS', KEYS[3]) == 1 then
  redis.call('HINCRBY', KEYS[3], 'gamesDone', 1)
  -- a validation remembers the first game the validated version forfeited (completeValidation)
  if ARGV[17] == 'validation' and forfeitSeat >= 0 and not redis.call('HGET', KEYS[3], 'firstForfeit') then
    local validates = redis.call('HGET', KEYS[3], 'validates')
    local who = entrants[forfeitSeat + 1]
    if validates and validates ~= '' then
      local ref = cjson.decode(validates)
      if who.bot == ref.bot and tonumber(who.version) == tonumber(ref.version) then
        local forfeit = cjson.decode(ARGV[11])
        redis.call('HSET', KEYS[3], 'firstForfeit', cjson.encode({ match = id, verdict = forfeit.verdict, message = forfeit.message }))
      end
    end
  end
end

local variant = ARGV[17 + seats + 2]
local places, forfeits, entrantPoints = cjson.decode(ARGV[17 + seats + 3]), cjson.decode(ARGV[17 + seats + 4]), cjson.decode(ARGV[17 + seats + 5])
local firsts = 0
for s = 1, seats do if places[s] == 1 then firsts = firsts + 1 end end

for s = 1, seats do
  local base = 8 + (s - 1) * ${SEAT_KEYS}
  local logs, byBot, stats, vstats, bot, version, window = KEYS[base + 1], KEYS[base + 2], KEYS[base + 3], KEYS[base + 4], KEYS[base + 5], KEYS[base + 6], KEYS[base + 7]
  local who = entrants[s]
  if ARGV[17 + s] ~= '' then redis.call('SET', logs, ARGV[17 + s]) end
  redis.call('ZADD', byBot, finishedAt, id)
  local forfeited = forfeits[s] == 1
  -- an entrant counts at its first seat only (places[s] == 0 at its others)
  local counted = places[s] > 0
  -- a bot's record counts every game but its validations (in the game, and in the variant's own
  -- record when not the default one); ratings and probation only rated ones
  if ARGV[17] ~= 'validation' and counted then
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
local counters = KEYS[8 + seats * ${SEAT_KEYS} + 1]
if variant ~= '' then
  redis.call('SADD', KEYS[8 + seats * ${SEAT_KEYS} + 2], variant)
  redis.call('HSET', KEYS[1], 'variant', variant)
end
redis.call('HINCRBY', counters, 'games', 1)
if forfeitSeat >= 0 then
  redis.call('HINCRBY', counters, 'forfeits:' .. tostring(cjson.decode(ARGV[11]).verdict), 1)
end
local decisions = cjson.decode(ARGV[17 + seats + 1])
for i = 1, #decisions, 2 do redis.call('HINCRBYFLOAT', counters, decisions[i], decisions[i + 1]) end

if rated then
  redis.call('XADD', KEYS[5], '*', 'match', id, 'entrants', ARGV[8], 'ranks', ARGV[7])
end
return 'stored'`;
