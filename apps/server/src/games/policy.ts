/** What a game's folder under apps/server/src/games/ may say about how the platform treats it, and the generic pieces. */
import { entrantsAt, type AnyGame } from '@xix/engine';
import { validationTableSizes } from '@xix/referee';
import type { EntrantRef, ValidationTable } from '@xix/store';

export interface GamePolicy {
  /** The game's id (its folder's name). */
  readonly game: string;
  /**
   * The tables a new version plays before it becomes active, given the game's house random bot;
   * without it, the generic plan (genericValidationTables).
   */
  readonly validationTables?: (game: AnyGame, random: EntrantRef) => ValidationTable[];
  /** How its games are broadcast (live/broadcast.ts); each piece left out is the generic one. */
  readonly broadcast?: Partial<BroadcastPolicy>;
}

/** How a game's broadcast is paced and told (docs/architecture.md "Broadcast"). */
export interface BroadcastPolicy {
  /** A move is shown no sooner than this after the previous one. */
  readonly movePaceMs: number;
  /** A short line of the score in a public view (live page, featured card), or null. */
  readonly score: (view: unknown) => string | null;
  /** What a broadcast skipped, from the public view at move `from` to the one at move `to`. */
  readonly skipSummary: (from: { readonly move: number; readonly view: unknown }, to: { readonly move: number; readonly view: unknown }) => string;
}

const numberField = (view: unknown, key: string): number | null => {
  const value = typeof view === 'object' && view !== null ? (view as Record<string, unknown>)[key] : undefined;
  return typeof value === 'number' ? value : null;
};

/** A view's `scores`, `points` or `totals` (numbers by seat or side), the usual fields of the games' public views. */
function genericScore(view: unknown): string | null {
  if (typeof view !== 'object' || view === null) return null;
  for (const key of ['scores', 'points', 'totals']) {
    const scores = (view as Record<string, unknown>)[key];
    if (Array.isArray(scores) && scores.length > 0 && scores.every((score) => typeof score === 'number')) return scoreLine(scores);
  }
  return null;
}

/** "6–10"; with a score below zero, spaced and with a minus sign ("11 – −3"), not "11–-3". */
function scoreLine(scores: readonly number[]): string {
  if (scores.every((score) => score >= 0)) return scores.join('–');
  return scores.map((score) => (score < 0 ? `−${-score}` : String(score))).join(' – ');
}

/** The moves skipped, and the hands, rounds or exchanges (a view's `hand`, `round` or `exchange` number) and the score they took. */
function genericSkipSummary(from: { readonly move: number; readonly view: unknown }, to: { readonly move: number; readonly view: unknown }): string {
  const parts = [`Skipped moves ${from.move + 1}–${to.move}`];
  for (const unit of ['hand', 'round', 'exchange']) {
    const first = numberField(from.view, unit);
    const last = numberField(to.view, unit);
    if (first !== null && last !== null && last > first) parts.push(`${unit}s ${first}–${last - 1} played`);
  }
  const before = genericScore(from.view);
  const after = genericScore(to.view);
  if (after !== null && after !== before) parts.push(`score ${before ?? '–'} → ${after}`);
  return parts.join('; ');
}

export const GENERIC_BROADCAST: BroadcastPolicy = { movePaceMs: 600, score: genericScore, skipSummary: genericSkipSummary };

/**
 * The generic validation of a new version: at each of the game's validation table sizes
 * (validationTableSizes: its smallest table of each style), the version beside the
 * game's house random bot as every other entrant.
 */
export function genericValidationTables(game: AnyGame, random: EntrantRef): ValidationTable[] {
  return validationTableSizes(game).map((seats) => ({ seats, opponents: Array<EntrantRef>(entrantsAt(game, seats) - 1).fill(random) }));
}
