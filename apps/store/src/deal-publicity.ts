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
import { checkShowing, checkTtl, HOLD_FUNCTIONS_LUA, holdMember, MAX_BROADCAST_QUERY, waitingNewsAround } from './broadcast-holds.ts';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { check, MATCH_ID, StoreInputError } from './names.ts';
import { LOBBY_STREAM_MAX } from './lobby-limits.ts';
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
const DEAL_FUNCTIONS = `
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
`;

const DEAL_STATES = `${HOLD_FUNCTIONS_LUA}${DEAL_FUNCTIONS}
local held = liveHolds(KEYS[1], nowMs())
local reply = { #held }
for _, member in ipairs(held) do
  local s, i = string.match(matchOfHold(member), '^(.*)%.(%d+)$')
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

/**
 * Which games may go on broadcast now (issue 19: a broadcast must not show what a twin of its deal
 * still hides). At most one game of a deal is on broadcast at a time (several showings of that one
 * game may be), and a stored game only once its deal is complete (every game of it played): a game
 * in progress may be shown while no other game of its deal is. KEYS: the holds, the lobby. ARGV: as
 * DEAL_STATES' first four, the hold's member to set if the (one) game may be
 * shown ('' to only ask), its ttl ms, LOBBY_STREAM_MAX, the waiting news key around the match id,
 * then match ids. Returns 1 or 0 for each. Asking and holding are one script, so that two servers
 * cannot both start showing games of one deal.
 */
const MAY_SHOW = `${HOLD_FUNCTIONS_LUA}${DEAL_FUNCTIONS}
local now = nowMs()
local heldOfDeal = {}
for _, member in ipairs(liveHolds(KEYS[1], now)) do
  local match = matchOfHold(member)
  local s, i = string.match(match, '^(.*)%.(%d+)$')
  if s then
    local f = seriesOf(s)
    local deal = groupOf(s, f) .. ' ' .. math.floor(tonumber(i) / perDeal(f))
    heldOfDeal[deal] = heldOfDeal[deal] or {}
    heldOfDeal[deal][match] = true
  end
end
local reply = {}
for k = 10, #ARGV do
  local match = ARGV[k]
  local s, i = string.match(match, '^(.*)%.(%d+)$')
  local f = seriesOf(s)
  local deal = math.floor(tonumber(i) / perDeal(f))
  local may = 1
  for other in pairs(heldOfDeal[groupOf(s, f) .. ' ' .. deal] or {}) do
    if other ~= match then may = 0 end
  end
  -- stored: a series stores its games in order (see above)
  if may == 1 and tonumber(i) < (tonumber(f[4]) or 0) then
    local open = openOfGroup(s, f)
    if open >= 0 and deal >= open then may = 0 end
  end
  reply[#reply + 1] = may
end
if ARGV[5] ~= '' and reply[1] == 1 then
  redis.call('ZADD', KEYS[1], now + tonumber(ARGV[6]), ARGV[5])
  sweepHolds(KEYS[1], now, KEYS[2], ARGV[7], ARGV[8], ARGV[9])
end
return reply`;

export function dealPublicityOps(redis: Redis, keys: Keys) {
  const dealStates = luaScript(redis, DEAL_STATES);
  const mayShow = luaScript(redis, MAY_SHOW);
  const [tournamentSeriesBefore, tournamentSeriesAfter] = keys.tournamentSeries('\n').split('\n') as [string, string];
  const [waitingBefore, waitingAfter] = waitingNewsAround(keys);
  const askMayShow = async (matchIds: readonly string[], member: string, ttlMs: number): Promise<number[]> =>
    (await mayShow([keys.broadcastHolds(), keys.lobby()], [
      keys.series(''), tournamentSeriesBefore, tournamentSeriesAfter, keys.tournament(''),
      member, ttlMs, LOBBY_STREAM_MAX, waitingBefore, waitingAfter, ...matchIds,
    ])) as number[];
  return {
    /**
     * Which of these games may go on broadcast now (MAY_SHOW): none while another game of its deal
     * is on broadcast, and a stored one only once its deal is complete. Ids that are not match ids
     * are left out.
     */
    async mayShow(matchIds: readonly string[]): Promise<Set<string>> {
      const ids = [...new Set(matchIds.filter((id) => MATCH_ID.test(id)))];
      if (ids.length > MAX_BROADCAST_QUERY) throw new StoreInputError(`at most ${MAX_BROADCAST_QUERY} match ids at once, got ${ids.length}`);
      if (ids.length === 0) return new Set();
      const reply = await askMayShow(ids, '', 1);
      return new Set(ids.filter((_, k) => Number(reply[k]) === 1));
    },

    /**
     * Starts a showing of a game on broadcast, held for `ttlMs` (holdBroadcast refreshes it), if
     * the game may be shown now (mayShow), in one step: whether it started.
     */
    async startBroadcast(matchId: string, showing: string, ttlMs: number): Promise<boolean> {
      check(MATCH_ID, matchId, 'match id');
      checkShowing(showing);
      checkTtl(ttlMs);
      const reply = await askMayShow([matchId], holdMember(matchId, showing), ttlMs);
      return Number(reply[0]) === 1;
    },

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
