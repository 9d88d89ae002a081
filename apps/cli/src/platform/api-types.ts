/** The shapes of the platform's answers that the `xix` command reads (docs: GET /api/openapi.json). */

/** The server's rule for user and bot names, checked here too so that the message can say what to do. */
export const NAME_PATTERN = /^[a-z][a-z0-9_-]{2,31}$/;
export const NAME_RULE = '3 to 32 characters: a lowercase letter, then lowercase letters, digits, _ or -';

export type VersionState = 'validating' | 'active' | 'rejected';

export interface BotVersion {
  readonly version: number;
  readonly state: VersionState;
  readonly createdAt?: number | string;
  readonly bytes?: number;
  readonly verdict?: string | null;
  readonly message?: string | null;
  readonly failingMatch?: string | null;
}

export interface BotRecord {
  readonly games?: number;
  readonly wins?: number;
  readonly losses?: number;
  readonly draws?: number;
  readonly forfeits?: number;
}

export interface BotSummary {
  readonly id: string;
  readonly game: string;
  readonly owner: string;
  readonly name: string;
  readonly active?: number | null;
  readonly retired?: boolean;
  readonly probation?: string | boolean | null;
  readonly record?: BotRecord;
}

export interface BotDetail extends BotSummary {
  readonly versions: readonly BotVersion[];
}

export interface Entrant {
  readonly bot: string;
  readonly version: number;
  readonly name: string;
}

export interface MatchSummary {
  readonly id: string;
  readonly seriesId?: string;
  readonly game: string;
  readonly kind?: string;
  readonly entrants: readonly Entrant[];
  readonly ranks?: readonly number[];
  readonly points?: readonly number[];
  readonly reason?: string;
  readonly forfeit?: unknown;
  readonly moves?: number;
  readonly finishedAt?: number | string;
}

export interface EntrantRef {
  readonly bot: string;
  readonly version: number;
}

/** A tournament as listed (GET /api/tournaments). */
export interface TournamentSummary {
  readonly id: string;
  readonly game: string;
  readonly status: string;
  readonly entrants: readonly EntrantRef[];
  readonly dealsPerPairing: number;
  /** Seats at each table (absent from older servers: 2). */
  readonly seats?: number;
  readonly limits?: Readonly<Record<string, number>> | null;
  readonly createdAt?: number;
  readonly createdBy?: string;
  readonly series: readonly string[];
}

/** One pair's head to head, by the pair's order: `wins[0]` are `entrants[0]`'s (games finished ahead). */
export interface CrossTableCell {
  readonly series: string;
  /** Every table the pair shares (more than one at tables of more than two seats). */
  readonly tables?: readonly string[];
  readonly entrants: readonly EntrantRef[];
  readonly status?: string;
  readonly error?: string | null;
  readonly games: number;
  readonly wins: readonly number[];
  readonly draws: number;
  readonly points: readonly number[];
  readonly forfeits: readonly number[];
}

export interface TournamentStanding extends BotRecord, EntrantRef {
  readonly points?: number;
  readonly averagePlace?: number | null;
}

export interface TournamentFailure {
  readonly series: string;
  readonly entrants: readonly EntrantRef[];
  readonly reason: string;
  readonly at?: number | null;
  readonly gamesDone?: number;
}

/** GET /api/tournaments/:id */
export interface TournamentReport extends TournamentSummary {
  readonly progress: { readonly games: number; readonly gamesDone: number; readonly gamesUnplayed?: number };
  readonly standings: readonly TournamentStanding[];
  readonly crossTable: readonly CrossTableCell[];
  readonly failures?: readonly TournamentFailure[];
}
