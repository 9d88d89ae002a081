/** The games in progress (GET /api/live), from the store's list and each game's `start` event. */
import type { EntrantRef, Store } from '@xix/store';

/** Games listed at most. */
export const MAX_LIVE_GAMES = 200;

export interface GameInProgress {
  readonly match: string;
  readonly game: string;
  readonly startedAt: number;
  /** As the worker names them: bot, version and the bot's name. */
  readonly seats: readonly EntrantRef[];
  readonly tournament: string | null;
}

/**
 * Newest first. The store takes off its list the games no longer in progress (stored, or silent
 * past the stream's lifetime: their worker died); one whose stream went since is left out.
 */
export async function gamesInProgress(store: Store): Promise<GameInProgress[]> {
  const listed = await store.liveGames(MAX_LIVE_GAMES);
  const games = await Promise.all(listed.map(async ({ match, startedAt }): Promise<GameInProgress | null> => {
    const seriesId = match.slice(0, match.indexOf('.'));
    const [first, series] = await Promise.all([store.readLive(match, '0', 1), store.getSeries(seriesId)]);
    const start = first[0]?.event;
    if (start?.type !== 'start') return null;
    return { match, game: start.game, startedAt, seats: start.seats, tournament: series?.tournament ?? null };
  }));
  return games.filter((game) => game !== null);
}
