/**
 * The part of the store (@xix/store) the worker uses, by shape: the worker needs these operations
 * and no others, and a test can see at a glance what a series job touches.
 */
import type { GameOptions, Replay } from '@xix/engine';
import type { TypeCheckResult, VersionState } from '@xix/store';

export interface SeriesEntrant {
  readonly bot: string;
  readonly version: number;
}

/** A stored series as the worker reads it (with its secret bot-seed key). */
export interface StoredSeries {
  readonly id: string;
  readonly game: string;
  readonly kind: 'validation' | 'challenge' | 'tournament' | 'ladder';
  readonly rated: boolean;
  readonly entrants: readonly SeriesEntrant[];
  /** Seats at the table (a partnership entrant plays several). */
  readonly seats: number;
  /** The game's options as stored (resolved again by the referee's seriesTable). */
  readonly options: GameOptions;
  readonly deals: number;
  readonly seed: number;
  /** Overrides of the sandbox limits (checked by the pool), or null for the defaults. */
  readonly limits: Readonly<Record<string, number>> | null;
  readonly botSeedKey: string;
  /** Secret: the key of the deals' seeds (referee deal-seed.ts); '' for a series stored before deal keys. */
  readonly dealKey: string;
  readonly status: string;
  /** The tournament this series is a pairing of, or null. */
  readonly tournament: string | null;
  /** The version a validation series validates, or null. */
  readonly validates: SeriesEntrant | null;
  /** Ids of the matches stored so far. */
  readonly matches: readonly string[];
}

/** One finished game, as `recordMatch` stores it: everything by seat. */
export interface MatchInput {
  readonly id: string;
  readonly seriesId: string;
  readonly game: string;
  /** The game's variant (`game.variant(seats, options)`): the leaderboard the match counts on. */
  readonly variant: string;
  readonly kind: 'validation' | 'challenge' | 'tournament' | 'ladder';
  readonly rated: boolean;
  /** By seat: a partnership entrant at each seat of its side. */
  readonly entrants: readonly { readonly bot: string; readonly version: number; readonly name: string }[];
  readonly replay: Replay;
  readonly logs: readonly string[];
  readonly finishedAt: number;
}

export interface WorkerStore {
  getSeries(id: string): Promise<StoredSeries | null>;
  setSeriesStatus(id: string, status: 'running' | 'done' | 'failed', error?: string): Promise<unknown>;
  /** Counts a failed attempt on `deal`; answers the failures in a row on that deal with that error. */
  recordSeriesFailure(id: string, deal: number, error: string): Promise<number>;
  getBot(id: string): Promise<{ readonly name: string } | null>;
  loadBundle(id: string, version: number): Promise<string | null>;
  recordMatch(match: MatchInput): Promise<'stored' | 'duplicate'>;
  completeValidation(seriesId: string): Promise<VersionState>;
  /** A version's state, and with `source` its entry and files (a validation's type-check reads them). */
  getVersion(bot: string, version: number): Promise<{ readonly state: VersionState } | null>;
  getVersion(bot: string, version: number, options: { readonly source: true }): Promise<{ readonly state: VersionState; readonly entry: string; readonly files: Readonly<Record<string, string>> } | null>;
  /** Settles a checking version's type-check (store validation.ts); answers the version's state. */
  settleTypeCheck(version: SeriesEntrant, result: TypeCheckResult): Promise<VersionState | 'missing'>;
  /** A tournament's status ('cancelled': its series are not to be played), or null. */
  tournamentStatus(id: string): Promise<string | null>;
  /** Brings a tournament's status up to date with its series' (idempotent). */
  settleTournament(id: string): Promise<unknown>;
}
