/**
 * The match viewer's reads: the match record, its replay, and the owner's bot logs. A match that
 * is not stored yet (404) may be a game in progress: the page then watches its live events.
 */
import { ApiError, token, type Match } from '../api.ts';

async function getJson(path: string, bearer: string | null): Promise<unknown> {
  const response = await fetch(path, { headers: { accept: 'application/json', ...(bearer !== null && { authorization: `Bearer ${bearer}` }) } });
  const body: unknown = await response.json().catch(() => null);
  if (response.ok) return body;
  const message = (body as { message?: unknown } | null)?.message;
  throw new ApiError(response.status, String((body as { error?: unknown } | null)?.error ?? 'http_error'), typeof message === 'string' ? message : `GET ${path}: ${response.status}`, body);
}

const matchPath = (id: string): string => `/api/matches/${encodeURIComponent(id)}`;

/** The stored match and its replay, or null when no such match is stored (yet). */
export async function loadFinishedMatch(id: string): Promise<{ match: Match; replay: unknown } | null> {
  try {
    const [match, replay] = await Promise.all([getJson(matchPath(id), null), getJson(`${matchPath(id)}/replay`, null)]);
    return { match: match as Match, replay };
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** The logs of the signed-in user's seats; null when not signed in or none of the bots is theirs. */
export async function loadOwnLogs(id: string): Promise<{ seat: number; text: string }[] | null> {
  const bearer = token();
  if (bearer === null) return null;
  try {
    const body = (await getJson(`${matchPath(id)}/logs`, bearer)) as { logs?: unknown };
    return Array.isArray(body.logs) ? (body.logs as { seat: number; text: string }[]) : null;
  } catch (error) {
    if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return null;
    throw error;
  }
}
