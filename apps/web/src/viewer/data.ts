/**
 * The match viewer's reads: the match record, its replay, and the owner's bot logs. A match that
 * is not stored yet (404) may be a game in progress: the page then watches its live events.
 */
import type { Match, MatchLogs } from '@xix/server/api-types';
import { ApiError, api, token } from '../api.ts';

const isStatus = (error: unknown, ...statuses: number[]): boolean => error instanceof ApiError && statuses.includes(error.status);

/** The stored match and its replay, or null when no such match is stored (yet). */
export async function loadFinishedMatch(id: string): Promise<{ match: Match; replay: unknown } | null> {
  try {
    const [match, replay] = await Promise.all([api.match(id), api.replay(id)]);
    return { match, replay };
  } catch (error) {
    if (isStatus(error, 404)) return null;
    throw error;
  }
}

/** The logs of the signed-in user's seats; null when not signed in or none of the bots is theirs. */
export async function loadOwnLogs(id: string): Promise<MatchLogs['logs'] | null> {
  if (token() === null) return null;
  try {
    return (await api.matchLogs(id)).logs;
  } catch (error) {
    if (isStatus(error, 401, 403)) return null;
    throw error;
  }
}
