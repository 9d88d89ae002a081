/**
 * The API's answers, defined once for the server, the web pages and the CLI (issue 16 item 5):
 * `import type { ... } from '@xix/server/api-types'` (a type-only module: esbuild erases it from
 * the pages' bundle). Most answers are the store's records shaped by their route's response schema;
 * test/api-types.test.ts checks each type against its route's schema, field for field.
 */
import type {
  Bot, BotRecord, BradleyTerryRating, CrossTableCell, Diagnostic, EntrantRef, HeadToHead, LeaderboardRow, Match as StoredMatch, MatchEntrant, PairingStatus, RatingPoint,
  Series as StoredSeries, SprtTest, Tournament, TournamentFailure, TournamentReport, TournamentStanding, VersionInfo,
} from '@xix/store';
import type { GameInfo } from './game-info.ts';

/** The streams' events (docs/api.md "Streams"): a public match's replay as events (GET /api/matches/:id/events) and the lobby's (GET /api/lobby). */
export type { LiveEvent, LiveSeat, LobbyEvent } from '@xix/store';

export type { Bot, BotRecord, BradleyTerryRating, CrossTableCell, Diagnostic, EntrantRef, GameInfo, HeadToHead, LeaderboardRow, MatchEntrant, PairingStatus, RatingPoint, Tournament, TournamentFailure, TournamentReport, TournamentStanding };

/** A version's background SPRT against the bot's previous active version (docs/sprt.md "On the platform"). */
export type VersionSprt = Pick<SprtTest, 'base' | 'status' | 'reason' | 'model' | 'elo0' | 'elo1' | 'alpha' | 'beta' | 'maxGames' | 'counts' | 'games' | 'llr' | 'lower' | 'upper' | 'score' | 'elo' | 'eloLow' | 'eloHigh' | 'createdAt' | 'endedAt'>;

/** A bot's version (GET /api/bots/:id): without the bot id and the entry file; with its SPRT, if it had one. */
export type Version = Omit<VersionInfo, 'bot' | 'entry'> & { readonly sprt: VersionSprt | null };

/** GET /api/bots/:id: the bot with its versions, oldest first. */
export type BotDetail = Omit<Bot, 'versions'> & { readonly versions: readonly Version[] };

/** GET /api/matches, /api/matches/:id: a match without the uncompressed replay size; one match also has each seat's bot seed. */
export type Match = Omit<StoredMatch, 'rawBytes'> & { readonly botSeeds?: readonly number[] };

export interface MatchPage {
  readonly matches: readonly Match[];
  /** The `before` of the next page, or null on the last. */
  readonly next: string | null;
}

/** GET /api/series/:id: without the secret keys of the bots' seeds and the deals' seeds, the series' seed and the limits. */
export type Series = Omit<StoredSeries, 'botSeedKey' | 'dealKey' | 'seed' | 'limits'>;

/** GET /api/leaderboard/:game[/:variant]. */
export interface Leaderboard {
  readonly game: string;
  readonly variant: string;
  readonly rows: readonly LeaderboardRow[];
}

/** GET /api/bots/:id/ratings[?variant=]: the bot's Elo after each of its rated games of a variant. */
export interface RatingHistory {
  readonly game: string;
  readonly variant: string;
  readonly history: readonly RatingPoint[];
}

/** POST /api/bots (201). */
export interface UploadResult {
  readonly bot: string;
  /** The game the bot plays: the one named, or the one its source is written for. */
  readonly game: string;
  readonly version: number;
  /** Its type-check comes first (GET /api/bots/:id follows it: checking, validating, then active or rejected). */
  readonly state: 'checking';
  readonly compileMs: number;
  /** The validation series. */
  readonly validation: readonly string[];
}


/** POST /api/challenges (the request). */
export interface ChallengeRequest {
  readonly bot: string;
  readonly opponents: readonly string[];
  readonly deals?: number;
  readonly seats?: number;
  readonly options?: Readonly<Record<string, number | boolean | string>>;
}

/** GET /api/live: a game in progress. */
export interface LiveGame {
  readonly match: string;
  readonly game: string;
  readonly startedAt: number;
  /** By seat. */
  readonly seats: readonly MatchEntrant[];
  readonly tournament: string | null;
}

/** Every failed call: `{ error, message }` (a 422 of an upload also has `diagnostics`). */
export interface ApiFailure {
  readonly error: string;
  readonly message: string;
}

/** GET /api/bots: bots of a game and/or an owner. */
export interface BotList {
  readonly bots: readonly Bot[];
}

/** GET /api/users/:name: a user and their bots. */
export interface User {
  readonly name: string;
  readonly createdAt: number;
  readonly bots: readonly Bot[];
}

/** POST /api/users (201): the new user's token, shown this once. */
export interface Registration {
  readonly name: string;
  readonly token: string;
}

/** GET /api/me: who the token belongs to. */
export interface Me {
  readonly name: string;
  readonly admin: boolean;
}

/** GET /api/games/:id/template: a game's new-bot template, as `xix new-bot` writes it. */
export interface GameTemplate {
  readonly game: string;
  /** The file's name in a new bot's folder: bot.ts. */
  readonly file: string;
  readonly source: string;
}

/** GET /api/matches/:id/logs: what the caller's own bots printed, by seat. */
export interface MatchLogs {
  readonly logs: readonly { readonly seat: number; readonly text: string }[];
}

/** GET /api/live. */
/** GET /api/broadcasts: a game being broadcast or just shown. */
export type { BroadcastSummary } from './live/broadcast.ts';
/** The follow stream's events (docs/api.md "Follow stream"). */
export type { FollowEvent } from './live/broadcast.ts';

/** GET /api/broadcasts. */
export interface BroadcastList {
  readonly on: readonly import('./live/broadcast.ts').BroadcastSummary[];
  readonly finished: readonly import('./live/broadcast.ts').BroadcastSummary[];
  readonly channels: Readonly<Record<string, string | null>>;
}

export interface LiveGames {
  readonly games: readonly LiveGame[];
}
