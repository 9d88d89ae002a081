/** The leaderboard of a game: rated records of its bots (ratings come with tournaments). */
import type { Redis } from 'ioredis';
import type { Keys } from './keys.ts';
import { recordOf } from './bots.ts';
import type { LeaderboardRow } from './types.ts';

export function leaderboardOps(redis: Redis, keys: Keys) {
  return {
    /** Best win rate first; more games break ties, then the older bot. */
    async leaderboard(game: string): Promise<LeaderboardRow[]> {
      const ids = await redis.zrange(keys.board(game), '0', '-1');
      const rows = await Promise.all(ids.map(async (id) => {
        const [bot, stats] = await Promise.all([redis.hmget(keys.bot(id), 'owner', 'name', 'retired'), redis.hgetall(keys.stats(game, id))]);
        if (bot[0] === null || bot[0] === undefined || bot[2] === '1') return null;
        const record = recordOf(stats);
        return { bot: id, owner: bot[0], name: bot[1] ?? '', ...record, winRate: record.games === 0 ? 0 : record.wins / record.games };
      }));
      return rows
        .filter((row): row is LeaderboardRow => row !== null)
        .sort((a, b) => b.winRate - a.winRate || b.games - a.games || Number(a.bot.slice(1)) - Number(b.bot.slice(1)));
    },
  };
}
