/**
 * Deal publicity (issue 19, "no spoilers"): the games of one deal show the same hidden cards from
 * other seats, so no game's replay, match page or logs may be public while another game of its deal
 * could still be watched. A deal is the games that share its cards:
 *
 * - in a series of k entrants, deal d is games k·d to k·d + k − 1 (one per seat rotation:
 *   the referee's seat-rotation.ts; for two entrants the mirrored twins);
 * - in a tournament, every pairing plays the same deals (one seed and deal key for all), so deal
 *   d is deal d of every one of its series: duplicate play keeps a deal secret until all its
 *   tables have played it;
 * - likewise the series of a `dealGroup` (an SPRT chunk through a field: the new version's table
 *   and the old's, one seed and deal key, sprt.ts): deal d is deal d of each of them.
 *
 * A deal is public once every game of it is stored or will never be played (its series done or
 * failed, or a validation series whose version forfeited: it stops there) and no game of it is on broadcast (broadcast-holds.ts). A series stores its games in
 * order (the worker chains its writes; a resumed series starts at its first unstored deal), so its
 * `gamesDone` tells which of its deals are complete without reading its games.
 */
import type { Redis } from 'ioredis';
import { REDIS_NOW_MS_LUA } from './broadcast-holds.ts';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { MATCH_ID } from './names.ts';
import { splitMatchId } from './match-record.ts';

/**
 * KEYS: the broadcast holds. ARGV: the series key prefix, the tournament-series key before and after
 * the tournament id, the tournament key prefix, then series ids. A tournament's series are read from
 * its `openSeries` (the series not finished when it was last settled: tournaments.ts SETTLE), last
 * first (the queued ones, whose first open deal is 0, come last), and the scan stops at deal 0: a
 * big tournament costs a few series, not its 2,016. A series' `dealGroup` (JSON: its group's series
 * ids, itself among them) names its group by the first of them. Returns: how many holds there are,
 * each hold's group and deal, then for each series asked: its group (its tournament, else its deal
 * group's first series, else itself), games per deal, and the first deal of the group not yet
 * complete (-1: every deal is).
 */
const DEAL_STATES = `${REDIS_NOW_MS_LUA}
local SP, TB, TA, TP = ARGV[1], ARGV[2], ARGV[3], ARGV[4]
local info = {}
local function seriesOf(id)
  local f = info[id]
  if f == nil then
    f = redis.call('HMGET', SP .. id, 'status', 'games', 'deals', 'gamesDone', 'tournament', 'firstForfeit', 'dealGroup')
    -- a series stored before deal groups has none: a group of its own
    f.peers = (f[7] and f[7] ~= '') and cjson.decode(f[7]) or nil
    info[id] = f
  end
  return f
end
local function perDeal(f)
  local games, deals = tonumber(f[2]) or 0, tonumber(f[3]) or 0
  if deals < 1 or games < deals then return 1 end
  return math.floor(games / deals)
end
local function groupOf(id, f)
  if f[5] and f[5] ~= '' then return f[5] end
  if f.peers then return f.peers[1] end
  return id
end
-- a series' first deal not all stored, -1 when there is none or it will never be played (a
-- validation stops at its version's first forfeit: its worker stores no later game)
local function openFrom(f)
  if not f[1] or f[1] == 'done' or f[1] == 'failed' or f[6] then return -1 end
  local d = math.floor((tonumber(f[4]) or 0) / perDeal(f))
  if d >= (tonumber(f[3]) or 0) then return -1 end
  return d
end
local groupOpen = {}
local function openOfGroup(id, f)
  local group = groupOf(id, f)
  local open = groupOpen[group]
  if open ~= nil then return open end
  local members = { id }
  if f[5] and f[5] ~= '' then
    local status, openSeries = unpack(redis.call('HMGET', TP .. group, 'status', 'openSeries'))
    if status == 'done' then members = {}
    elseif openSeries then members = cjson.decode(openSeries)
    else members = redis.call('LRANGE', TB .. group .. TA, 0, -1) end
  elseif f.peers then members = f.peers
  end
  open = -1
  for k = #members, 1, -1 do
    local o = openFrom(seriesOf(members[k]))
    if o >= 0 and (open < 0 or o < open) then open = o end
    if open == 0 then break end
  end
  groupOpen[group] = open
  return open
end
local held = redis.call('ZRANGEBYSCORE', KEYS[1], '(' .. nowMs(), '+inf')
local reply = { #held }
for _, m in ipairs(held) do
  local s, i = string.match(m, '^(.*)%.(%d+)$')
  local f = seriesOf(s)
  reply[#reply + 1] = groupOf(s, f)
  reply[#reply + 1] = math.floor(tonumber(i) / perDeal(f))
end
for k = 5, #ARGV do
  local id = ARGV[k]
  local f = seriesOf(id)
  reply[#reply + 1] = groupOf(id, f)
  reply[#reply + 1] = perDeal(f)
  reply[#reply + 1] = openOfGroup(id, f)
end
return reply`;

export function dealPublicityOps(redis: Redis, keys: Keys) {
  const dealStates = luaScript(redis, DEAL_STATES);
  const [tournamentSeriesBefore, tournamentSeriesAfter] = keys.tournamentSeries('\n').split('\n') as [string, string];
  return {
    /**
     * Which of these matches belong to a deal not yet public: a game of the deal still to be played
     * (here or, in a tournament or deal group, at another table) or on broadcast. The API answers for those as for
     * a game in progress. Ids that are not match ids are left out (they name no game).
     */
    async unpublishedMatches(matchIds: readonly string[]): Promise<Set<string>> {
      const ids = matchIds.filter((id) => MATCH_ID.test(id));
      const hidden = new Set<string>();
      if (ids.length === 0) return hidden;
      const series = [...new Set(ids.map((id) => splitMatchId(id)[0]))];
      const reply = (await dealStates([keys.broadcastHolds()], [keys.series(''), tournamentSeriesBefore, tournamentSeriesAfter, keys.tournament(''), ...series])) as (string | number)[];
      const heldCount = Number(reply[0]);
      const heldDeals = new Set<string>();
      for (let h = 0; h < heldCount; h++) heldDeals.add(`${reply[1 + 2 * h]} ${reply[2 + 2 * h]}`);
      const states = new Map(series.map((id, k) => {
        const at = 1 + 2 * heldCount + 3 * k;
        return [id, { group: String(reply[at]), perDeal: Number(reply[at + 1]), openFrom: Number(reply[at + 2]) }] as const;
      }));
      for (const id of ids) {
        const [seriesId, index] = splitMatchId(id);
        const state = states.get(seriesId)!;
        const deal = Math.floor(Number(index) / state.perDeal);
        if ((state.openFrom >= 0 && deal >= state.openFrom) || heldDeals.has(`${state.group} ${deal}`)) hidden.add(id);
      }
      return hidden;
    },
  };
}
