/**
 * The API client: JSON over fetch on the same origin, with the signed-in user's token
 * (localStorage['xix.token']) as a bearer token. The answers' types are the server's own
 * (`@xix/server/api-types`, checked against the route schemas; types only, erased from the bundle).
 */
import type {
  BroadcastList,
  BotDetail, BotList, GameInfo, GameTemplate, HeadToHead, Leaderboard, LiveGames, Match, MatchLogs, MatchPage, Me, RatingHistory, Registration, Tournament, TournamentReport,
  UploadResult, User,
} from '@xix/server/api-types';

const TOKEN_KEY = 'xix.token';

/** A failed call: the API's `{ error, message }` (and the whole body, e.g. compile diagnostics). */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  constructor(status: number, code: string, message: string, body: unknown) {
    super(message);
    this.status = status;
    this.code = code;
    this.body = body;
  }
}

export function token(): string | null {
  return localStorage.getItem(TOKEN_KEY);
}

export function setToken(value: string | null): void {
  if (value === null) localStorage.removeItem(TOKEN_KEY);
  else localStorage.setItem(TOKEN_KEY, value);
}

async function call<T>(method: string, path: string, body?: unknown): Promise<T> {
  const headers: globalThis.Record<string, string> = { accept: 'application/json' };
  const bearer = token();
  if (bearer !== null) headers.authorization = `Bearer ${bearer}`;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const response = await fetch(path, { method, headers, ...(body !== undefined && { body: JSON.stringify(body) }) });
  const parsed: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const failure = (parsed ?? {}) as { error?: unknown; message?: unknown };
    throw new ApiError(
      response.status,
      typeof failure.error === 'string' ? failure.error : 'http_error',
      typeof failure.message === 'string' ? failure.message : `${method} ${path}: ${response.status} ${response.statusText}`,
      parsed,
    );
  }
  return parsed as T;
}

const segment = encodeURIComponent;

export const api = {
  /** The games, the default game (the registry's first) first. */
  games: () => call<GameInfo[]>('GET', '/api/games'),
  gameTemplate: (game: string) => call<GameTemplate>('GET', `/api/games/${segment(game)}/template`),
  /** A leaderboard: of one variant, or the game's main one. */
  leaderboard: (game: string, variant?: string) => call<Leaderboard>('GET', `/api/leaderboard/${segment(game)}${variant === undefined ? '' : `/${segment(variant)}`}`),
  bots: (query: { game?: string; owner?: string }) => call<BotList>('GET', `/api/bots?${new URLSearchParams(query)}`),
  bot: (id: string) => call<BotDetail>('GET', `/api/bots/${segment(id)}`),
  /** A bot's Elo history on one board (default: its game's main variant). */
  ratings: (id: string, variant?: string) => call<RatingHistory>('GET', `/api/bots/${segment(id)}/ratings${variant === undefined ? '' : `?variant=${segment(variant)}`}`),
  user: (name: string) => call<User>('GET', `/api/users/${segment(name)}`),
  match: (id: string) => call<Match>('GET', `/api/matches/${segment(id)}`),
  /** The replay document (docs/replay-format.md), checked by the engine's parseReplay. */
  replay: (id: string) => call<unknown>('GET', `/api/matches/${segment(id)}/replay`),
  /** What the caller's own bots printed (login; 403 when none of the match's bots is theirs). */
  matchLogs: (id: string) => call<MatchLogs>('GET', `/api/matches/${segment(id)}/logs`),
  headToHead: (id: string) => call<HeadToHead>('GET', `/api/bots/${segment(id)}/head-to-head`),
  /** A page of the bot's matches, newest first; `before`: the previous page's `next`. */
  matchesOfBot: (id: string, limit: number, before?: string) =>
    call<MatchPage>('GET', `/api/matches?${new URLSearchParams({ bot: id, limit: String(limit), ...(before !== undefined && { before }) })}`),
  tournaments: () => call<Tournament[]>('GET', '/api/tournaments'),
  tournament: (id: string) => call<TournamentReport>('GET', `/api/tournaments/${segment(id)}`),
  live: () => call<LiveGames>('GET', '/api/live'),
  broadcasts: () => call<BroadcastList>('GET', '/api/broadcasts'),
  me: () => call<Me>('GET', '/api/me'),
  register: (name: string) => call<Registration>('POST', '/api/users', { name }),
  upload: (body: { game: string; name: string; entry?: string; files: globalThis.Record<string, string> }) => call<UploadResult>('POST', '/api/bots', body),
};
