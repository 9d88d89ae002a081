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
