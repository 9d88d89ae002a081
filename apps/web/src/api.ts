/**
 * The API client: JSON over fetch on the same origin, with the signed-in user's token
 * (localStorage['xix.token']) as a bearer token. The types are the API's answers (docs/api.md).
 */
import type { Bot, BradleyTerryRating, EntrantRef, HeadToHead, LeaderboardRow, Match as StoredMatch, Tournament, TournamentReport, VersionInfo } from '@xix/store';

const TOKEN_KEY = 'xix.token';

/** These answers are the store's records as they are. */
export type { Bot, EntrantRef, HeadToHead, LeaderboardRow };
export type BradleyTerry = BradleyTerryRating;

export interface Game {
  readonly id: string;
  readonly version: string;
  readonly seats: { readonly min: number; readonly max: number };
}

/** A game's new-bot template (the SDK's templates/<id>/bot.ts, as `xix new-bot` writes it). */
export interface GameTemplate {
  readonly game: string;
  /** The file's name in a new bot's folder: bot.ts. */
  readonly file: string;
  readonly source: string;
}

/** A bot's version as its route's schema shapes it: without the bot id and entry file. */
export type Version = Omit<VersionInfo, 'bot' | 'entry'>;

/** A match as its route's schema shapes it: without the uncompressed replay size. */
export type Match = Omit<StoredMatch, 'rawBytes'>;

/** The tournament answers are the store's records as they are (GET /api/tournaments, /api/tournaments/:id). */
export type { CrossTableCell, PairingStatus, Tournament, TournamentFailure, TournamentReport } from '@xix/store';

export interface LiveGame {
  readonly match: string;
  readonly game: string;
  readonly startedAt: number;
  readonly seats: readonly EntrantRef[];
  readonly tournament: string | null;
}

export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

export interface UploadResult {
  readonly bot: string;
  readonly version: number;
  readonly state: string;
  readonly compileMs: number;
}

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
  games: () => call<Game[]>('GET', '/api/games'),
  gameTemplate: (game: string) => call<GameTemplate>('GET', `/api/games/${segment(game)}/template`),
  leaderboard: (game: string) => call<{ game: string; rows: LeaderboardRow[] }>('GET', `/api/leaderboard/${segment(game)}`),
  bots: (game: string) => call<{ bots: Bot[] }>('GET', `/api/bots?game=${segment(game)}`),
  bot: (id: string) => call<Bot & { versions: Version[] }>('GET', `/api/bots/${segment(id)}`),
  ratings: (id: string) => call<{ game: string; history: { match: string; rating: number; change: number }[] }>('GET', `/api/bots/${segment(id)}/ratings`),
  match: (id: string) => call<Match>('GET', `/api/matches/${segment(id)}`),
  /** The replay document (docs/replay-format.md), checked by the engine's parseReplay. */
  replay: (id: string) => call<unknown>('GET', `/api/matches/${segment(id)}/replay`),
  /** What the caller's own bots printed (login; 403 when none of the match's bots is theirs). */
  matchLogs: (id: string) => call<{ logs: { seat: number; text: string }[] }>('GET', `/api/matches/${segment(id)}/logs`),
  headToHead: (id: string) => call<HeadToHead>('GET', `/api/bots/${segment(id)}/head-to-head`),
  matchesOfBot: (id: string, limit: number) => call<{ matches: Match[]; next: string | null }>('GET', `/api/matches?bot=${segment(id)}&limit=${limit}`),
  tournaments: () => call<Tournament[]>('GET', '/api/tournaments'),
  tournament: (id: string) => call<TournamentReport>('GET', `/api/tournaments/${segment(id)}`),
  live: () => call<{ games: LiveGame[] }>('GET', '/api/live'),
  me: () => call<{ name: string; admin: boolean }>('GET', '/api/me'),
  register: (name: string) => call<{ name: string; token: string }>('POST', '/api/users', { name }),
  upload: (body: { game: string; name: string; entry?: string; files: globalThis.Record<string, string> }) => call<UploadResult>('POST', '/api/bots', body),
};
