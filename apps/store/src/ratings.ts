/**
 * Ratings of a game's bots from its rated results stream (`results:<game>`, written by
 * recordMatch): Elo in stream order (the order the games were stored, so the same results always
 * give the same Elo) and Bradley–Terry with 95% intervals, both from @xix/ratings. Bots are rated,
 * not versions, for now. The stream only grows, so this process keeps the games it has read and
 * the ratings computed from them, and recomputes only when the stream's last id moved.
 */
import type { Redis } from 'ioredis';
import { bradleyTerry, eloRatings, ratedGameProblem, type RatedGame } from '@xix/ratings';
import type { Keys } from './keys.ts';
import type { BotRatings, GameRatings, RatingPoint } from './types.ts';

/** Entries read per XRANGE call: a long stream is read in pages, never in one huge reply. */
const PAGE = 1000;

interface Cached {
  /** The id of the last stream entry read ('' before any). */
  readonly lastId: string;
  readonly games: readonly RatedGame[];
  readonly ratings: GameRatings;
}

export function ratingOps(redis: Redis, keys: Keys) {
  const cache = new Map<string, Cached>();
  // One refresh per game at a time: two at once would both append the same new entries.
  const queue = new Map<string, Promise<Cached>>();

  async function refresh(game: string): Promise<Cached> {
    const before = cache.get(game) ?? { lastId: '', games: [], ratings: computeRatings([], 0) };
    let lastId = before.lastId;
    let skipped = before.ratings.skipped;
    const added: RatedGame[] = [];
    for (;;) {
      const page = await redis.xrange(keys.results(game), lastId === '' ? '-' : `(${lastId}`, '+', 'COUNT', PAGE);
      for (const [id, fields] of page) {
        lastId = id;
        const rated = ratedGameOf(fields);
        if (rated === null) skipped++;
        else added.push(rated);
      }
      if (page.length < PAGE) break;
    }
    if (lastId === before.lastId) return before;
    const games = [...before.games, ...added];
    const next = { lastId, games, ratings: computeRatings(games, skipped) };
    cache.set(game, next);
    return next;
  }

  /** Every rated game of `game` so far, rated; one XRANGE when nothing new was stored. */
  async function ratings(game: string): Promise<GameRatings> {
    const previous = queue.get(game) ?? Promise.resolve(undefined);
    const mine = previous.catch(() => undefined).then(() => refresh(game));
    queue.set(game, mine);
    try {
      return (await mine).ratings;
    } finally {
      if (queue.get(game) === mine) queue.delete(game);
    }
  }

  return {
    ratings,
    /** A bot's Elo after each of its rated games of `game`, oldest first ([] when it has none). */
    async ratingHistory(game: string, bot: string): Promise<readonly RatingPoint[]> {
      return (await ratings(game)).history.get(bot) ?? [];
    },
  };
}

/** A stream entry as a rated game by bot id, or null when it cannot be rated (never written so by recordMatch). */
function ratedGameOf(fields: readonly string[]): RatedGame | null {
  const field = (name: string): string | undefined => {
    for (let i = 0; i + 1 < fields.length; i += 2) if (fields[i] === name) return fields[i + 1];
    return undefined;
  };
  try {
    const entrants = JSON.parse(field('entrants') ?? 'null') as unknown;
    const ranks = JSON.parse(field('ranks') ?? 'null') as unknown;
    if (!Array.isArray(entrants) || !Array.isArray(ranks)) return null;
    const game: RatedGame = {
      id: field('match') ?? '',
      entrants: entrants.map((entrant: unknown) => (typeof entrant === 'object' && entrant !== null && typeof (entrant as { bot?: unknown }).bot === 'string' ? (entrant as { bot: string }).bot : '')),
      ranks: ranks as number[],
    };
    return ratedGameProblem(game) === null ? game : null;
  } catch {
    return null;
  }
}

function computeRatings(games: readonly RatedGame[], skipped: number): GameRatings {
  const elo = eloRatings(games);
  const history = new Map<string, readonly RatingPoint[]>();
  for (const [bot, points] of elo.history) history.set(bot, points.map(({ game, rating, change }) => ({ match: game, rating, change })));
  const bt = new Map((games.length === 0 ? [] : bradleyTerry(games).rows).map((row) => [row.bot, row]));
  const bots = new Map<string, BotRatings>();
  // every entrant has an Elo; one that only ever played itself has no Bradley–Terry row
  for (const [bot, rating] of elo.ratings) {
    const row = bt.get(bot);
    bots.set(bot, { elo: rating, bt: row === undefined ? null : { rating: row.rating, low: row.low, high: row.high, unbounded: row.unbounded } });
  }
  return { games: games.length, skipped, bots, history };
}
