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
}

/**
 * The generic validation of a new version: at each of the game's validation table sizes
 * (validationTableSizes: its smallest table of each style), the version beside the
 * game's house random bot as every other entrant.
 */
export function genericValidationTables(game: AnyGame, random: EntrantRef): ValidationTable[] {
  return validationTableSizes(game).map((seats) => ({ seats, opponents: Array<EntrantRef>(entrantsAt(game, seats) - 1).fill(random) }));
}
