/**
 * A platform SPRT's state in one line, the same on the bot page and in `xix upload --sprt`:
 * "v3 vs v2: +12 ± 6 Elo, better, after 3,412 games". H0 reads "not better by <elo1> Elo", never
 * "worse" (docs/sprt.md: the test does not answer "is it worse?").
 */

/** What the line needs of a test (the API's `versions[].sprt`). */
export interface SprtSummaryInput {
  /** The old version, tested against. */
  readonly base: number;
  /** H1 better, H0 not better by elo1, capped: no verdict within the games allowed, stopped: see reason. */
  readonly status: 'running' | 'H1' | 'H0' | 'capped' | 'stopped';
  readonly reason: string | null;
  /** H0 and H1 in logistic Elo. */
  readonly elo0: number;
  readonly elo1: number;
  readonly games: number;
  /** The log-likelihood ratio and its bounds: H0 accepted at or below `lower`, H1 at or above `upper`. */
  readonly llr: number;
  readonly lower: number;
  readonly upper: number;
  /** The new version's mean score per game (0 to 1), null before the first observation. */
  readonly score: number | null;
  /** The Elo estimate and its 95% interval, null where not finite (before a game, or at a score of 0 or 1). */
  readonly elo: number | null;
  readonly eloLow: number | null;
  readonly eloHigh: number | null;
}

const signed = (elo: number): string => `${elo < 0 ? '−' : '+'}${Math.abs(Math.round(elo))}`;
const count = (n: number): string => n.toLocaleString('en-US');

/** The Elo estimate with half its 95% interval: "+12 ± 6 Elo"; an unbounded one says so. */
export function sprtEloText(test: SprtSummaryInput): string {
  if (test.score === null) return 'no games yet';
  if (test.elo === null) return test.score >= 1 ? 'won every game' : 'lost every game';
  if (test.eloLow === null || test.eloHigh === null) return `${signed(test.elo)} Elo (95% interval unbounded)`;
  return `${signed(test.elo)} ± ${Math.max(0, Math.round((test.eloHigh - test.eloLow) / 2))} Elo`;
}

/** The verdict in words: 'better', 'not better by 10 Elo', … or, running, the LLR between its bounds. */
export function sprtVerdictText(test: SprtSummaryInput): string {
  const gap = test.elo0 === 0 ? '' : ` (H0 ${signed(test.elo0)} Elo)`;
  switch (test.status) {
    case 'H1': return `better${test.elo0 === 0 ? '' : ` than ${signed(test.elo0)} Elo`}`;
    case 'H0': return `not better by ${signed(test.elo1)} Elo${gap}`;
    case 'capped': return 'no verdict at the game cap';
    case 'stopped': return `stopped${test.reason === null ? '' : ` (${test.reason})`}`;
    case 'running': return `testing: LLR ${test.llr.toFixed(2)} between ${test.lower.toFixed(2)} (not better by ${signed(test.elo1)} Elo) and ${test.upper.toFixed(2)} (better)`;
  }
}

/** "v3 vs v2: +12 ± 6 Elo, better, after 3,412 games". */
export function sprtSummary(version: number, test: SprtSummaryInput): string {
  return `v${version} vs v${test.base}: ${sprtEloText(test)}, ${sprtVerdictText(test)}, after ${count(test.games)} game${test.games === 1 ? '' : 's'}`;
}

/** How far the LLR has gone from its lower bound (0) to its upper (1): a running test's progress. */
export function sprtProgress(test: SprtSummaryInput): number {
  return Math.min(1, Math.max(0, (test.llr - test.lower) / (test.upper - test.lower)));
}
