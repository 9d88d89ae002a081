/**
 * How fast a game's ladder plays (docs/ratings.md "Ladder"). At full speed it keeps its backlog
 * full, which on a platform with only the house bots means playing forever for ratings that no
 * longer move. It settles when no active version has changed for `quietMs` and every candidate's
 * Bradley–Terry 95% interval is narrower than ±`settledElo`: then it starts at most one series
 * every `settledEveryMs`. A new version or a new bot wakes it at the next round.
 */
import type { LadderCandidate } from '@xix/store';

export interface LadderPaceOptions {
  /** XIX_LADDER_QUIET_MS: how long no active version may have changed (ms); default 10 min. */
  readonly quietMs: number;
  /** XIX_LADDER_SETTLED_ELO: every interval narrower than ± this (Elo); default 30. */
  readonly settledElo: number;
  /** Settled, at most one series per this long (ms); default 1 min. */
  readonly settledEveryMs: number;
}

export const DEFAULT_LADDER_PACE: LadderPaceOptions = { quietMs: 600_000, settledElo: 30, settledEveryMs: 60_000 };

/** A round's pace: how many series it may start, and whether the ladder just settled or woke. */
export interface PaceStep {
  readonly allowed: number;
  readonly settled: boolean;
  /** 'settled' or 'awake' when this round changed it (the first round: only 'settled'), else null. */
  readonly change: 'settled' | 'awake' | null;
  /** Why it is awake (null when settled). */
  readonly reason: 'version changed' | 'interval wide' | null;
  /** The widest candidate's interval (± Elo; null: some candidate's is open or unknown). */
  readonly widestElo: number | null;
}

export class LadderPace {
  readonly #options: LadderPaceOptions;
  /** The candidates' versions seen last round (bot@version), null before the first. */
  #seen: ReadonlySet<string> | null = null;
  /** When a round last saw a version it had not seen (ms). */
  #changedAt = 0;
  #settled = false;
  #lastStarted = Number.NEGATIVE_INFINITY;

  constructor(options: LadderPaceOptions) {
    this.#options = options;
  }

  /** How many series of the `free` places of the backlog a round at `now` may fill. */
  step(candidates: readonly LadderCandidate[], now: number, free: number): PaceStep {
    const versions = new Set(candidates.map((candidate) => `${candidate.bot}@${candidate.version}`));
    // a bot gone (retired, on probation) needs no games: only a version not seen before wakes it
    if (this.#seen !== null && [...versions].some((version) => !this.#seen!.has(version))) this.#changedAt = now;
    const first = this.#seen === null;
    this.#seen = versions;
    const changed = Math.max(this.#changedAt, ...candidates.map((candidate) => candidate.since));
    const intervals = candidates.map((candidate) => candidate.interval);
    const widestElo = intervals.some((interval) => interval === null) ? null : Math.max(0, ...(intervals as number[]));
    const quiet = now - changed >= this.#options.quietMs;
    const narrow = widestElo !== null && widestElo < this.#options.settledElo;
    const settled = quiet && narrow;
    const change = settled === this.#settled ? (first && settled ? 'settled' : null) : settled ? 'settled' : 'awake';
    this.#settled = settled;
    const reason = settled ? null : quiet ? 'interval wide' : 'version changed';
    if (!settled) return { allowed: free, settled, change, reason, widestElo };
    const allowed = now - this.#lastStarted >= this.#options.settledEveryMs ? Math.min(1, free) : 0;
    return { allowed, settled, change, reason, widestElo };
  }

  /** The round started `count` series at `now`. */
  started(count: number, now: number): void {
    if (count > 0) this.#lastStarted = now;
  }
}
