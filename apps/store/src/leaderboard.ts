/**
 * The leaderboard of a game: the records of its bots with their Elo and Bradley–Terry ratings. The
 * Elo is the current version's (the active one, else the newest rated one), which a new version
 * inherits from the one before; provisional until that version has PROVISIONAL_GAMES rated games.
 * Still ordered by win rate: the record counts challenges too, while ratings count only rated games
 * (tournaments, the ladder), so until those run most bots have no rating to sort by.
 */
import type { Redis } from 'ioredis';
import { DEFAULT_VARIANT } from '@xix/engine';
import type { Keys } from './keys.ts';
import { recordOf } from './bots.ts';
import { PROVISIONAL_GAMES } from './ladder.ts';
import { luaScript } from './lua.ts';
import { eloOfVersion, ratedGamesOfVersion } from './ratings.ts';
import { LEADERBOARD, STATS_FIELDS } from './read-scripts.ts';
import { shortLived } from './short-lived.ts';
import type { GameRatings, LeaderboardRow } from './types.ts';

export function leaderboardOps(redis: Redis, keys: Keys, cacheMs: number, ratings: (game: string, variant: string) => Promise<GameRatings>) {
  const board = luaScript(redis, LEADERBOARD);

  /**
   * Best win rate first; more games break ties, then the older bot. One round trip. The default
   * variant's records are the bots' records in the game (as before variants); another variant's
   * are its own.
   */
  async function load(key: string): Promise<readonly LeaderboardRow[]> {
    const [game, variant] = key.split(' ') as [string, string];
    const statsPrefix = variant === DEFAULT_VARIANT ? keys.stats(game, '') : keys.variantStats(game, variant, '');
    // a missing field is false (cjson)
    const [raw, rated] = await Promise.all([board([keys.board(game, variant)], [keys.bot(''), statsPrefix]), ratings(game, variant)]);
    const reply = JSON.parse(raw as string) as (string | false)[][];
    const rows: LeaderboardRow[] = [];
    for (const [bot, owner, name, retired, active, ...stats] of reply) {
      // a bot that is gone or retired has no row
      if (typeof bot !== 'string' || typeof owner !== 'string' || retired === '1') continue;
      const record = recordOf(Object.fromEntries(STATS_FIELDS.flatMap((field, i) => (typeof stats[i] === 'string' ? [[field, stats[i]]] : []))));
      const rating = rated.bots.get(bot);
      const current = typeof active === 'string' && active !== '' ? Number(active) : Math.max(0, ...(rating?.versions.keys() ?? []));
      rows.push({
        bot, owner, name: typeof name === 'string' ? name : '', ...record, winRate: record.games === 0 ? 0 : record.wins / record.games,
        elo: eloOfVersion(rating, current), provisional: ratedGamesOfVersion(rating, current) < PROVISIONAL_GAMES, bt: rating?.bt ?? null,
      });
    }
    return Object.freeze(rows.sort((a, b) => b.winRate - a.winRate || b.games - a.games || Number(a.bot.slice(1)) - Number(b.bot.slice(1))).map((row) => Object.freeze(row)));
  }

  const boards = shortLived(cacheMs, load);
  return {
    /** The leaderboard of a variant of a game, at most `leaderboardCacheMs` old (StoreOptions). */
    leaderboard: (game: string, variant: string = DEFAULT_VARIANT): Promise<readonly LeaderboardRow[]> => boards.get(`${game} ${variant}`),
    /** This process's own change to a board (a retired bot) shows at once. */
    forgetLeaderboards: (): void => boards.clear(),
  };
}
