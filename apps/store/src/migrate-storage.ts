/**
 * Moves matches stored before issue 24 to its layout, a batch at a time while the platform serves:
 * each old match hash becomes a record in its series' games hash (match-record.ts), its replay and
 * logs a blob, and the old keys go. Readers find a match in either layout meanwhile (matches.ts).
 * The blob is written before the Redis keys change, as recordMatch does: a crash between the two
 * leaves the old layout whole, and the next pass moves it again.
 */
import type { Redis } from 'ioredis';
import type { BlobStore } from './blobs.ts';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { BOT_INDEX_RECENT, MATCH_INDEX_RECENT } from './matches.ts';
import { APPEND_GAME_LUA, OLD_MATCH_FIELDS, encodeBase, encodeRest, oldMatchOf, splitMatchId } from './match-record.ts';
import { compressGame, gameBlobKey, gunzipJson } from './replay-codec.ts';

// KEYS: 1 games, 2 old match, 3 old replay, 4 old series index, 5… old logs by seat.
// ARGV: 1 index, 2 base, 3 entrants, 4 finishedAt, 5 rest (appendGame's), 6 match id. 1 when
// moved, 0 when already gone.
const MOVE_MATCH = `${APPEND_GAME_LUA}
if redis.call('EXISTS', KEYS[2]) == 0 then return 0 end
appendGame(KEYS[1], ARGV[1], ARGV[2], ARGV[3], ARGV[4], ARGV[5])
redis.call('ZREM', KEYS[4], ARGV[6])
for i = 2, #KEYS do if i ~= 4 then redis.call('DEL', KEYS[i]) end end
return 1`;

// KEYS: indexes; ARGV: the newest kept. Trims an index of before to what recordMatch keeps.
const TRIM = `
for i = 1, #KEYS do redis.call('ZREMRANGEBYRANK', KEYS[i], 0, -(tonumber(ARGV[1]) + 1)) end
return 0`;

export function migrationOps(redis: Redis, keys: Keys, blobs: BlobStore) {
  const move = luaScript(redis, MOVE_MATCH);
  const trim = luaScript(redis, TRIM);
  const oldMatchPrefix = keys.oldMatch('');
  return {
    /**
     * Moves up to `batch` old matches; answers how many it moved (0: none is left). The caller
     * holds the storage lock, so that two workers do not move the same matches at once.
     */
    async migrateStorageBatch(batch = 100): Promise<number> {
      const ids: string[] = [];
      let cursor = '0';
      do {
        const [next, found] = await redis.scan(cursor, 'MATCH', `${oldMatchPrefix}*`, 'COUNT', 1000);
        cursor = next;
        for (const key of found) if (ids.length < batch) ids.push(key.slice(oldMatchPrefix.length));
      } while (cursor !== '0' && ids.length < batch);
      if (ids.length === 0) return 0;
      let moved = 0;
      const games = new Set<string>();
      const bots = new Set<string>();
      for (const id of ids) {
        const match = oldMatchOf(await redis.hmget(keys.oldMatch(id), ...OLD_MATCH_FIELDS));
        if (match === null) continue;
        const seats = match.entrants.map((_, seat) => keys.oldLogs(id, seat));
        const [replay, logs] = await Promise.all([redis.getBuffer(keys.oldReplay(id)), seats.length === 0 ? [] : redis.mget(...seats)]);
        // a match hash without its replay (never written so) keeps its record; there is no blob to write
        if (replay !== null) {
          const { gz } = compressGame({ replay: gunzipJson(replay), logs: logs.map((text) => text ?? '') });
          await blobs.put(gameBlobKey(match.kind, match.finishedAt, id), gz);
        }
        const [seriesId, index] = splitMatchId(id);
        moved += Number(await move([keys.games(seriesId), keys.oldMatch(id), keys.oldReplay(id), keys.oldMatchesOfSeries(seriesId), ...seats], [index, encodeBase(match), JSON.stringify(match.entrants), match.finishedAt, encodeRest(match), id]));
        games.add(match.game);
        for (const entrant of match.entrants) bots.add(entrant.bot);
      }
      await trim([keys.matchesAll(), ...[...games].map((game) => keys.matchesOfGame(game))], [MATCH_INDEX_RECENT]);
      if (bots.size > 0) await trim([...bots].map((bot) => keys.matchesOfBot(bot)), [BOT_INDEX_RECENT]);
      return moved;
    },
  };
}
