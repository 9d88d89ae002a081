/**
 * `xix tournament create|show|cancel` and `xix tournaments`: round robins on the platform. Creating
 * and cancelling take the admin token from XIX_ADMIN_TOKEN (never from the command line, where ps
 * and the shell history would show it); reading needs no token. The server is --server URL, else
 * XIX_SERVER, else the one of `xix login`.
 */
import { GameError, entrantsAt, findGame, parseOptionTexts } from '@xix/engine';
import { fail } from '../cli-error.ts';
import { createClient } from './client.ts';
import { listOf } from './listings.ts';
import { publicClient, serverUrl, type ServerOption } from './session.ts';
import { renderTournament, renderTournamentList } from './tournament-report.ts';
import type { BotSummary, TournamentReport, TournamentSummary } from './api-types.ts';

export interface TournamentCreateOptions extends ServerOption {
  readonly game: string;
  readonly bot?: readonly string[];
  readonly deals: string;
  readonly seats?: string;
  readonly limit?: readonly string[];
  readonly option?: readonly string[];
}

export interface TournamentsOptions extends ServerOption {
  readonly game?: string;
}

const BOT_ID = /^b\d+$/;
const TOURNAMENT_ID = /^t\d+$/;
/** As the server's GAME_ID_PATTERN: a game id may start with a digit (1923). */
const GAME_ID = /^[a-z0-9][a-z0-9-]{0,31}$/;
/** The server's bounds (POST /api/tournaments), checked here to say at once what is wrong. */
export const MAX_DEALS_PER_PAIRING = 500;
export const MAX_TOURNAMENT_ENTRANTS = 64;
export const LIMIT_NAMES = ['memoryMb', 'decisionMs', 'bankMs', 'loadMs'] as const;

/** A client with the admin token; a refused token is said to be the admin token, not a login. */
async function adminRequest(options: ServerOption, method: 'POST', route: string, body?: unknown): Promise<unknown> {
  const token = process.env.XIX_ADMIN_TOKEN;
  if (!token) fail("this needs the admin token: set XIX_ADMIN_TOKEN to the server's XIX_ADMIN_TOKEN");
  const client = createClient(serverUrl(options), token);
  const reply = await client.request(method, route, { accept: [401, 403], ...(body !== undefined && { body }) });
  if (reply.status === 401 || reply.status === 403) {
    const said = (reply.body as { message?: unknown } | null)?.message;
    fail(`the server at ${client.url} refused XIX_ADMIN_TOKEN (${typeof said === 'string' ? said : reply.status}): it must be the server's admin token`);
  }
  return reply.body;
}

function tournamentId(id: string): string {
  if (!TOURNAMENT_ID.test(id)) fail(`ID must be a tournament id such as t3 (xix tournaments lists them), got ${id}`);
  return id;
}

function wholeNumber(text: string, what: string, low: number, high: number): number {
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < low || n > high) fail(`${what} must be a whole number from ${low} to ${high}, got ${text}`);
  return n;
}

/** `--limit decisionMs=200` (repeatable) as the request's limits. */
function limitsOf(pairs: readonly string[]): Record<string, number> | undefined {
  if (pairs.length === 0) return undefined;
  const limits: Record<string, number> = {};
  for (const pair of pairs) {
    const [, name, value] = /^([A-Za-z]+)=(\d+)$/.exec(pair) ?? [];
    if (name === undefined || value === undefined) fail(`--limit takes NAME=N (${LIMIT_NAMES.join(', ')}), got ${pair}`);
    if (!(LIMIT_NAMES as readonly string[]).includes(name)) fail(`--limit: no limit ${name}; the limits are ${LIMIT_NAMES.join(', ')}`);
    limits[name] = Number(value);
  }
  return limits;
}

export async function tournamentCreate(options: TournamentCreateOptions): Promise<void> {
  if (!GAME_ID.test(options.game)) fail(`--game must be a game id such as xix, got ${options.game}`);
  const bots = options.bot ?? [];
  for (const bot of bots) if (!BOT_ID.test(bot)) fail(`--bot must be a bot id such as b7 (xix bots lists them), got ${bot}`);
  if (bots.length === 1) fail('a tournament needs at least two bots: give --bot twice or more, or none for every active bot of the game');
  const deals = wholeNumber(options.deals, '--deals', 1, MAX_DEALS_PER_PAIRING);
  const seats = options.seats === undefined ? undefined : wholeNumber(options.seats, '--seats', 2, MAX_TOURNAMENT_ENTRANTS);
  const game = findGame(options.game);
  // a table's entrants: one a seat, fewer where partnerships play several seats (the server checks the rest)
  const perTable = seats === undefined || game === undefined || seats < game.seats.min || seats > game.seats.max ? seats : entrantsAt(game, seats);
  if (perTable !== undefined && bots.length > 0 && bots.length < perTable) fail(`tables of ${seats} seats need at least ${perTable} bots, got ${bots.length} --bot`);
  let gameOptions: Record<string, unknown> | undefined;
  if ((options.option ?? []).length > 0) {
    if (game === undefined) fail(`--option: this xix does not know game ${options.game}`);
    try {
      gameOptions = parseOptionTexts(game, options.option ?? []);
    } catch (error) {
      if (error instanceof GameError) fail(`--option: ${error.message}`);
      throw error;
    }
  }
  const limits = limitsOf(options.limit ?? []);
  const body = {
    game: options.game,
    ...(bots.length > 0 && { bots }),
    dealsPerPairing: deals,
    ...(seats !== undefined && { seats }),
    ...(gameOptions !== undefined && { options: gameOptions }),
    ...(limits !== undefined && { limits }),
  };
  const created = (await adminRequest(options, 'POST', '/api/tournaments', body)) as { tournament?: unknown; series?: unknown; seats?: unknown };
  if (typeof created.tournament !== 'string' || !Array.isArray(created.series)) fail('the server created the tournament but did not name it');
  const tables = created.series.length;
  const at = typeof created.seats === 'number' ? created.seats : 2;
  const entrants = game === undefined ? at : entrantsAt(game, at);
  console.log(at === 2
    ? `created ${created.tournament}: ${tables} pairing(s), ${tables * deals * 2} games (each pairing a rated series of ${deals} deals, each from both seats)`
    : `created ${created.tournament}: ${tables} table(s) of ${at}, ${tables * deals * entrants} games (each table a rated series of ${deals} deals, each once per seat rotation)`);
  console.log(`follow it: xix tournament show ${created.tournament}`);
}

export async function tournamentShow(id: string, options: ServerOption): Promise<void> {
  tournamentId(id);
  const client = publicClient(options);
  const report = await client.get<TournamentReport>(`/api/tournaments/${id}`);
  if (typeof report !== 'object' || report === null || !Array.isArray(report.crossTable)) fail(`the server's answer for ${id} is not a tournament report`);
  // names make the tables readable; without them (an older server, a hiccup) the ids do
  const bots = await client.get<unknown>('/api/bots', { game: report.game }).catch(() => []);
  const names = new Map(listOf<BotSummary>(bots, 'bots').map((bot) => [bot.id, bot.name]));
  console.log(renderTournament(report, names));
}

export async function tournamentCancel(id: string, options: ServerOption): Promise<void> {
  tournamentId(id);
  const answer = (await adminRequest(options, 'POST', `/api/tournaments/${id}/cancel`)) as { removed?: unknown };
  const removed = Array.isArray(answer.removed) ? (answer.removed as string[]) : [];
  console.log(`cancelled ${id}: ${removed.length} pairing(s) not started were taken off the queue${removed.length > 0 ? ` (${removed.join(' ')})` : ''}; games played are kept, a running pairing finishes`);
}

export async function tournaments(options: TournamentsOptions): Promise<void> {
  if (options.game !== undefined && !GAME_ID.test(options.game)) fail(`--game must be a game id such as xix, got ${options.game}`);
  const list = listOf<TournamentSummary>(await publicClient(options).get<unknown>('/api/tournaments', { game: options.game }), 'tournaments');
  console.log(renderTournamentList(list));
}
