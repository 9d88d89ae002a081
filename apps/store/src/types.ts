/** What the store holds, as its callers see it. Arrays by seat everywhere: no pairs. */
import type { GameOptions } from '@xix/engine';


/**
 * An upload is 'checking' (its type-check, the first step of its validation), then 'validating'
 * (its validation games), then 'active' or 'rejected'. House bots are stored 'active'.
 */
export type VersionState = 'checking' | 'validating' | 'active' | 'rejected';

/** A problem found in a bot's source at file:line:column (1-based; 0 when it has no place), e.g. a type error. */
export interface Diagnostic {
  readonly file: string;
  readonly line: number;
  readonly column: number;
  readonly text: string;
}

/** The verdict of a version whose type-check found errors: never played, never active. */
export const TYPE_ERROR_VERDICT = 'type_error';
export type SeriesKind = 'validation' | 'challenge' | 'tournament' | 'ladder';
export type SeriesStatus = 'queued' | 'running' | 'done' | 'failed';

export interface User {
  readonly name: string;
  readonly createdAt: number;
}

export interface NewUser {
  readonly name: string;
  /** Shown once; the store keeps only its SHA-256. */
  readonly token: string;
}

export interface BotRecord {
  readonly games: number;
  readonly wins: number;
  readonly losses: number;
  readonly draws: number;
  readonly forfeits: number;
  readonly points: number;
}

export interface Bot {
  readonly id: string;
  readonly game: string;
  readonly owner: string;
  readonly name: string;
  readonly createdAt: number;
  readonly versions: number;
  /** The newest active version, or null while none is. */
  readonly active: number | null;
  readonly retired: boolean;
  /** Why the bot is on probation, or null. */
  readonly probation: string | null;
  /** Rated games only. */
  readonly record: BotRecord;
}

/** A bot with its versions, oldest first, in place of their count. */
export type BotWithVersions = Omit<Bot, 'versions'> & { readonly versions: VersionInfo[] };

export interface VersionInfo {
  readonly bot: string;
  readonly version: number;
  readonly state: VersionState;
  readonly entry: string;
  readonly bytes: number;
  readonly compileMs: number;
  readonly createdAt: number;
  readonly verdict: string | null;
  readonly message: string | null;
  readonly failingMatch: string | null;
  /** What its type-check found (verdict type_error), or null. */
  readonly diagnostics: readonly Diagnostic[] | null;
}

export interface VersionWithSource extends VersionInfo {
  readonly files: Readonly<Record<string, string>>;
  readonly bundle: string;
}

export interface NewVersion {
  readonly owner: string;
  readonly name: string;
  readonly game: string;
  readonly entry: string;
  readonly files: Readonly<Record<string, string>>;
  readonly bundle: string;
  readonly bytes: number;
  readonly compileMs: number;
  /** 'checking' (an upload, type-checked first), 'validating' (the default) or 'active' (house bots: our own code). */
  readonly state?: 'checking' | 'validating' | 'active';
}

export type PutVersionResult =
  | { readonly ok: true; readonly bot: string; readonly version: number }
  | { readonly ok: false; readonly reason: 'game_differs' | 'retired'; readonly bot: string };

export interface EntrantRef {
  readonly bot: string;
  readonly version: number;
}

export interface MatchEntrant extends EntrantRef {
  readonly name: string;
}

/** What defines a series, stored or to be stored. */
interface SeriesSetup {
  readonly game: string;
  readonly kind: SeriesKind;
  readonly rated: boolean;
  /** The entrants (A, B, ...): a partnership entrant plays several seats (the game's seating). */
  readonly entrants: readonly EntrantRef[];
  readonly deals: number;
  readonly seed: number;
  readonly requestedBy: string;
}

export interface NewSeries extends SeriesSetup {
  /** Seats at the table; default one per entrant. */
  readonly seats?: number;
  /** The game's options, resolved (the engine's resolveOptions); default none given. */
  readonly options?: GameOptions;
  readonly limits?: Readonly<Record<string, number>>;
  readonly validates?: EntrantRef;
  /** The tournament this series is a pairing of. */
  readonly tournament?: string;
}

export interface Series extends SeriesSetup {
  readonly id: string;
  /** Seats at the table (one per entrant for series stored before tables said so). */
  readonly seats: number;
  /** The options as stored ({} for series stored before options: the game's defaults). */
  readonly options: GameOptions;
  readonly limits: Readonly<Record<string, number>> | null;
  /** Secret: the key of the bots' own seeds. For the worker; never sent out. */
  readonly botSeedKey: string;
  /**
   * Secret: the key of the deals' seeds (referee deal-seed.ts), shared by a tournament's series; ''
   * for a series stored before deal keys (deal i's seed is then `seed + i`). For the worker; never sent out.
   */
  readonly dealKey: string;
  readonly status: SeriesStatus;
  /** Games the series plays: deals × entrants (each deal once per rotation). */
  readonly games: number;
  readonly gamesDone: number;
  readonly createdAt: number;
  readonly validates: EntrantRef | null;
  /** The tournament this series is a pairing of, or null. */
  readonly tournament: string | null;
  readonly error: string | null;
  /** Match ids stored so far, in game order. */
  readonly matches: readonly string[];
}

export interface ForfeitInfo {
  readonly seat: number;
  readonly verdict: string;
  readonly message: string;
}

/** What names a match and who played it, stored or to be stored. */
interface MatchSetup {
  /** `<seriesId>.<index>` */
  readonly id: string;
  readonly seriesId: string;
  readonly game: string;
  readonly kind: SeriesKind;
  readonly rated: boolean;
  /** By seat: an entrant playing several seats (a partnership) is at each of them. */
  readonly entrants: readonly MatchEntrant[];
}

export interface NewMatch extends MatchSetup {
  /** The leaderboard it counts on: `game.variant(seats, options)`; default DEFAULT_VARIANT. */
  readonly variant?: string;
  /** The replay object (docs/replay-format.md). */
  readonly replay: ReplayLike;
  /** What each seat's bot printed, by seat. */
  readonly logs: readonly string[];
  readonly finishedAt: number;
}

/** The parts of a replay the store reads; the rest is stored as it is. */
export interface ReplayLike {
  readonly moves: readonly unknown[];
  readonly forfeit: ForfeitInfo | null;
  /** `ranks` (1 = first, ties shared) when the game ranks its seats itself (engine GameResult). */
  readonly result: { readonly winner: number; readonly points: readonly number[]; readonly reason: string; readonly ranks?: readonly number[] };
}

export interface Match extends MatchSetup {
  /** Its leaderboard's variant (DEFAULT_VARIANT for matches stored before variants). */
  readonly variant: string;
  /** By seat: 1 = first; tied seats share a rank. */
  readonly ranks: readonly number[];
  readonly points: readonly number[];
  readonly reason: string;
  readonly forfeit: ForfeitInfo | null;
  readonly moves: number;
  readonly finishedAt: number;
  readonly replayBytes: number;
  readonly rawBytes: number;
}

export interface MatchQuery {
  readonly game?: string;
  readonly bot?: string;
  readonly series?: string;
  readonly limit: number;
  /** A match id from a previous page: the page starts after it. */
  readonly before?: string;
}

export interface MatchPage {
  readonly matches: readonly Match[];
  /** The `before` of the next page, or null on the last. */
  readonly next: string | null;
}

export interface LeaderboardRow extends BotRecord {
  readonly bot: string;
  readonly owner: string;
  readonly name: string;
  readonly winRate: number;
  /**
   * Elo of the bot's current version (the active one, else its newest rated one): its own, or the
   * previous version's it starts from; null when no version of the bot has a rated game (docs/ratings.md).
   */
  readonly elo: number | null;
  /** The current version has fewer than PROVISIONAL_GAMES rated games: its Elo is still settling. */
  readonly provisional: boolean;
  /** Bradley–Terry with its 95% interval, or null when the bot has no rated game against another bot. */
  readonly bt: BradleyTerryRating | null;
}

export interface BradleyTerryRating {
  readonly rating: number;
  readonly low: number;
  readonly high: number;
  /** Which ends the results alone leave open (the number then rests on the prior); null: bounded. */
  readonly unbounded: 'above' | 'below' | 'both' | null;
}

/** A bot's Elo right after one of its rated games, for charts. */
export interface RatingPoint {
  readonly match: string;
  /** The version of the bot that played it (a new version starts from its previous one's rating). */
  readonly version: number;
  readonly rating: number;
  readonly change: number;
  /** When the result was stored (ms since the epoch: its results-stream entry's time), for charts by date. */
  readonly at: number;
}

export interface VersionRating {
  /** Elo after the version's rated games (it started from its previous version's). */
  readonly elo: number;
  /** Rated games the version played. */
  readonly games: number;
}

export interface BotRatings {
  /** Elo of the bot's newest version with a rated game. */
  readonly elo: number;
  /** Over all the bot's versions (order-free: nothing to inherit). */
  readonly bt: BradleyTerryRating | null;
  /** By version number, oldest first: every version with a rated game. */
  readonly versions: ReadonlyMap<number, VersionRating>;
}

/** The ratings of a game's bots over every rated game stored so far. */
export interface GameRatings {
  /** Rated games counted. */
  readonly games: number;
  /** Stream entries that could not be rated (recordMatch never writes one; counted, not thrown). */
  readonly skipped: number;
  /** By bot id: every bot with a rated game. */
  readonly bots: ReadonlyMap<string, BotRatings>;
  /** By bot id: Elo after each rated game (of whichever version played it), oldest first. */
  readonly history: ReadonlyMap<string, readonly RatingPoint[]>;
}

export type TournamentStatus = 'queued' | 'running' | 'done' | 'cancelled';

export interface NewTournament {
  readonly game: string;
  /** Frozen at creation: the versions play even if newer ones become active. */
  readonly entrants: readonly EntrantRef[];
  /** Deals each pairing plays, each from every seat. */
  readonly dealsPerPairing: number;
  /** Seats at each table (within the game's range); default the game's fewest (2 for XIX). */
  readonly seats?: number;
  /** The game's options, resolved (the engine's resolveOptions); default none given. */
  readonly options?: GameOptions;
  readonly limits?: Readonly<Record<string, number>>;
  readonly createdBy: string;
}

/** Wins: first place alone; draws: first place shared; losses: any other place. */
export interface TournamentStanding extends BotRecord {
  readonly bot: string;
  readonly version: number;
  /** Mean of the ranks (1 = first, ties shared) over its games, or null before any. */
  readonly averagePlace: number | null;
}

/**
 * Where a pairing stands: its series' status, except that a series not played because its
 * tournament was cancelled is 'cancelled' rather than 'failed'.
 */
export type PairingStatus = SeriesStatus | 'cancelled';

/**
 * One pair's head to head, by the pair's order (`entrants[0]`, `entrants[1]`), over the games they
 * sat at together: wins[side] counts the games that side finished ahead of the other (by rank),
 * draws those they shared a rank. With two seats a pair is one series and this is its score.
 */
export interface CrossTableCell {
  /** The pair's series with two seats; at more seats the first of `tables`. */
  readonly series: string;
  /** The series of every table the pair shares. */
  readonly tables: readonly string[];
  readonly entrants: readonly EntrantRef[];
  readonly status: PairingStatus;
  /** Why the series failed (after its retries), or null. */
  readonly error: string | null;
  readonly games: number;
  readonly wins: readonly number[];
  readonly draws: number;
  readonly points: readonly number[];
  readonly forfeits: readonly number[];
}

export interface Tournament {
  readonly id: string;
  readonly game: string;
  readonly status: TournamentStatus;
  readonly entrants: readonly EntrantRef[];
  readonly dealsPerPairing: number;
  /** Seats at each table (2 for tournaments stored before tables of more). */
  readonly seats: number;
  /** The game's options ({} for tournaments stored before options: the game's defaults). */
  readonly options: GameOptions;
  readonly limits: Readonly<Record<string, number>> | null;
  readonly createdAt: number;
  readonly createdBy: string;
  /** Series ids, one per table, in the order of tableSchedule(entrants, seats). */
  readonly series: readonly string[];
}

/** A pairing whose series failed after its retries (an infrastructure error, not a bot's forfeit). */
export interface TournamentFailure {
  readonly series: string;
  readonly entrants: readonly EntrantRef[];
  readonly reason: string;
  /** When the series was marked failed (ms since the epoch), or null if not recorded. */
  readonly at: number | null;
  /** Games of the pairing stored before it failed (they count). */
  readonly gamesDone: number;
}

export interface TournamentReport extends Tournament {
  /** gamesUnplayed: games of failed or cancelled pairings that will never be played. */
  readonly progress: { readonly games: number; readonly gamesDone: number; readonly gamesUnplayed: number };
  /** Failed pairings with their reasons: a done tournament may have some, never hidden. */
  readonly failures: readonly TournamentFailure[];
  /** Best first: points, then wins. */
  readonly standings: readonly TournamentStanding[];
  readonly crossTable: readonly CrossTableCell[];
}
