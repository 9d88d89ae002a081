/**
 * Issue 16 item 5: the API's answer types (src/api-types.ts, shared with the web pages and the CLI)
 * against the route schemas that shape the answers, field for field. Each type's fields are listed
 * here in a form the type checker holds to the type (every field, no other), and the test holds
 * them to the schema in the OpenAPI document: a field added to one and not the other fails.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  Bot, BotDetail, BotList, BroadcastList, BroadcastSummary, GameInfo, GameTemplate, Leaderboard, LeaderboardRow, LiveGame, LiveGames, Match, MatchLogs, MatchPage, Me, RatingHistory, RatingPoint, Registration, Series,
  Tournament, TournamentReport, UploadResult, User, Version, VersionSprt,
} from '../src/api-types.ts';
import { openApp, type TestApp } from './app.ts';

/** Every field of `T`, no other: the type checker refuses a missing or an unknown one. */
const fields = <T>(all: { readonly [K in keyof T]-?: true }): string[] => Object.keys(all).sort();

interface Schema { readonly type?: unknown; readonly properties?: Record<string, Schema>; readonly items?: Schema }

let t: TestApp;
let paths: Record<string, Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>>;
beforeAll(async () => {
  t = await openApp();
  paths = (await t.call({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: typeof paths }>().paths;
});
afterAll(async () => { await t.close(); });

/** The properties of a route's answer (of its items for an array, of `at` inside it when given). */
function schemaFields(path: string, method: string, status: string, ...at: string[]): string[] {
  let schema = paths[path]?.[method]?.responses[status]?.content?.['application/json']?.schema;
  for (const step of at) schema = step === '[]' ? schema?.items : schema?.properties?.[step];
  if (schema?.items !== undefined && at.length === 0 && schema.properties === undefined) schema = schema.items;
  if (schema?.properties === undefined) throw new Error(`no object schema at ${method} ${path} ${status} ${at.join('.')}`);
  return Object.keys(schema.properties).sort();
}

describe('the API types are the route schemas', () => {
  const botFields = fields<Bot>({ id: true, game: true, owner: true, name: true, createdAt: true, versions: true, active: true, retired: true, probation: true, record: true });

  it('bots, versions and ratings', () => {
    expect(schemaFields('/api/bots/{id}', 'delete', '200')).toEqual(botFields);
    expect(schemaFields('/api/bots', 'get', '200', 'bots', '[]')).toEqual(botFields);
    expect(schemaFields('/api/bots/{id}', 'get', '200')).toEqual(fields<BotDetail>({ id: true, game: true, owner: true, name: true, createdAt: true, versions: true, active: true, retired: true, probation: true, record: true }));
    expect(schemaFields('/api/bots/{id}', 'get', '200', 'versions', '[]')).toEqual(fields<Version>({ version: true, state: true, bytes: true, compileMs: true, createdAt: true, verdict: true, message: true, failingMatch: true, diagnostics: true, sprt: true }));
    expect(schemaFields('/api/bots/{id}', 'get', '200', 'versions', '[]', 'sprt')).toEqual(fields<VersionSprt>({
      base: true, status: true, reason: true, model: true, elo0: true, elo1: true, alpha: true, beta: true, maxGames: true, counts: true, games: true, llr: true,
      lower: true, upper: true, score: true, elo: true, eloLow: true, eloHigh: true, createdAt: true, endedAt: true,
    }));
    expect(schemaFields('/api/bots/{id}/ratings', 'get', '200')).toEqual(fields<RatingHistory>({ game: true, variant: true, history: true }));
    expect(schemaFields('/api/bots/{id}/ratings', 'get', '200', 'history', '[]')).toEqual(fields<RatingPoint>({ match: true, version: true, rating: true, change: true, at: true }));
    expect(schemaFields('/api/bots', 'post', '201')).toEqual(fields<UploadResult>({ bot: true, game: true, version: true, state: true, compileMs: true, validation: true }));
  });

  it('matches and series', () => {
    const matchFields = fields<Match>({
      id: true, seriesId: true, game: true, variant: true, kind: true, rated: true, entrants: true, ranks: true, points: true, reason: true, forfeit: true, moves: true,
      finishedAt: true, replayBytes: true, botSeeds: true,
    });
    expect(schemaFields('/api/matches/{id}', 'get', '200')).toEqual(matchFields);
    expect(schemaFields('/api/matches', 'get', '200')).toEqual(fields<MatchPage>({ matches: true, next: true }));
    expect(schemaFields('/api/series/{id}', 'get', '200')).toEqual(fields<Series>({
      id: true, game: true, kind: true, rated: true, entrants: true, seats: true, options: true, deals: true, requestedBy: true, status: true,
      games: true, gamesDone: true, createdAt: true, validates: true, tournament: true, error: true, matches: true,
    }));
  });

  it('leaderboards, games, tournaments and live games', () => {
    expect(schemaFields('/api/leaderboard/{game}/{variant}', 'get', '200')).toEqual(fields<Leaderboard>({ game: true, variant: true, rows: true }));
    expect(schemaFields('/api/leaderboard/{game}', 'get', '200', 'rows', '[]')).toEqual(fields<LeaderboardRow>({
      bot: true, owner: true, name: true, games: true, wins: true, losses: true, draws: true, forfeits: true, points: true, winRate: true, elo: true, provisional: true, bt: true,
    }));
    expect(schemaFields('/api/games', 'get', '200')).toEqual(fields<GameInfo>({ id: true, version: true, seats: true, tables: true, entrantCounts: true, options: true, variants: true, mainVariant: true, houseBots: true }));
    const tournamentFields = fields<Tournament>({ id: true, game: true, status: true, entrants: true, dealsPerPairing: true, seats: true, options: true, limits: true, createdAt: true, createdBy: true, series: true });
    expect(schemaFields('/api/tournaments', 'get', '200')).toEqual(tournamentFields);
    expect(schemaFields('/api/tournaments/{id}', 'get', '200')).toEqual(fields<TournamentReport>({
      id: true, game: true, status: true, entrants: true, dealsPerPairing: true, seats: true, options: true, limits: true, createdAt: true, createdBy: true, series: true,
      progress: true, failures: true, standings: true, crossTable: true,
    }));
    expect(schemaFields('/api/live', 'get', '200', 'games', '[]')).toEqual(fields<LiveGame>({ match: true, game: true, startedAt: true, seats: true, tournament: true }));
    expect(schemaFields('/api/live', 'get', '200')).toEqual(fields<LiveGames>({ games: true }));
    expect(schemaFields('/api/broadcasts', 'get', '200')).toEqual(fields<BroadcastList>({ on: true, finished: true, channels: true }));
    expect(schemaFields('/api/broadcasts', 'get', '200', 'finished', '[]')).toEqual(fields<BroadcastSummary>({
      match: true, game: true, seats: true, tournament: true, move: true, score: true, ended: true, ranks: true, startedAt: true, endedAt: true,
    }));
    expect(schemaFields('/api/games/{id}/template', 'get', '200')).toEqual(fields<GameTemplate>({ game: true, file: true, source: true }));
  });

  it('users, bot lists and logs', () => {
    expect(schemaFields('/api/bots', 'get', '200')).toEqual(fields<BotList>({ bots: true }));
    expect(schemaFields('/api/users/{name}', 'get', '200')).toEqual(fields<User>({ name: true, createdAt: true, bots: true }));
    expect(schemaFields('/api/users', 'post', '201')).toEqual(fields<Registration>({ name: true, token: true }));
    expect(schemaFields('/api/me', 'get', '200')).toEqual(fields<Me>({ name: true, admin: true }));
    expect(schemaFields('/api/matches/{id}/logs', 'get', '200')).toEqual(fields<MatchLogs>({ logs: true }));
    expect(schemaFields('/api/matches/{id}/logs', 'get', '200', 'logs', '[]')).toEqual(['seat', 'text']);
  });
});
