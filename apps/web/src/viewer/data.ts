/**
 * The match viewer's reads: the match record, its replay, and the owner's bot logs. A match that
 * is not stored yet (404) may be a game in progress: the page then watches its live events. A
 * ladder or challenge game's replay expires (410, docs/api.md): its record stays.
 */
import type { Match, MatchLogs } from '@xix/server/api-types';
import { ApiError, api, token } from '../api.ts';

const isStatus = (error: unknown, ...statuses: number[]): boolean => error instanceof ApiError && statuses.includes(error.status);

export type FinishedMatch =
  | { readonly match: Match; readonly replay: unknown; readonly expired: null }
  /** `expired`: the server's word on why the replay is gone. */
  | { readonly match: Match; readonly replay: null; readonly expired: string };

/** The stored match and its replay (or why it expired), or null when no such match is stored (yet). */
export async function loadFinishedMatch(id: string): Promise<FinishedMatch | null> {
  try {
    const [match, replay] = await Promise.all([
      api.match(id),
      api.replay(id).then((document) => ({ document }), (error: unknown) => {
        if (isStatus(error, 410)) return { gone: (error as Error).message };
        throw error;
      }),
    ]);
    return 'gone' in replay ? { match, replay: null, expired: replay.gone } : { match, replay: replay.document, expired: null };
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
