/**
 * The hot reads as Lua scripts: one round trip per request instead of one per bot or per match;
 * the leaderboard comes back as one JSON string (cjson), which costs less to decode than many
 * RESP strings in ioredis. Keys are built in Lua from the key prefixes keys.ts gives
 * (`keys.bot('')`…), so keys.ts stays the one place that knows the layout. A missing hash field
 * comes back as false.
 */

/** Fields of a stats hash, in the order LEADERBOARD returns them (after owner, name, retired, active). */
export const STATS_FIELDS = ['games', 'wins', 'losses', 'draws', 'forfeits', 'points'] as const;

const luaList = (fields: readonly string[]) => fields.map((field) => `'${field}'`).join(', ');

/**
 * KEYS: 1 board. ARGV: 1 bot key prefix, 2 stats key prefix (of the game).
 * Returns JSON: per bot on the board, [id, owner, name, retired, active, ...STATS_FIELDS].
 */
export const LEADERBOARD = `
local ids = redis.call('ZRANGE', KEYS[1], 0, -1)
local rows = {}
for i, id in ipairs(ids) do
  local bot = redis.call('HMGET', ARGV[1] .. id, 'owner', 'name', 'retired', 'active')
  local stats = redis.call('HMGET', ARGV[2] .. id, ${luaList(STATS_FIELDS)})
  local row = { id, bot[1], bot[2], bot[3], bot[4] }
  for j = 1, #stats do row[5 + j] = stats[j] end
  rows[i] = row
end
if #rows == 0 then return '[]' end
return cjson.encode(rows)`;

/**
 * KEYS: 1 the index (a sorted set of match ids, newest highest). ARGV: 1 the page size, 2 the id
 * to start after ('' for the newest).
 * Returns up to size + 1 ids (one more, to know whether there is a next page) in one string,
 * separated by spaces (ids have none; one string decodes faster than many), or nil when the
 * `before` id is not in the index. The matches themselves mostly come from the store's cache.
 */
export const MATCH_PAGE_IDS = `
local start = 0
if ARGV[2] ~= '' then
  local rank = redis.call('ZREVRANK', KEYS[1], ARGV[2])
  if not rank then return false end
  start = rank + 1
end
return table.concat(redis.call('ZREVRANGE', KEYS[1], start, start + tonumber(ARGV[1])), ' ')`;
