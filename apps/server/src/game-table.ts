/**
 * A table asked for over HTTP, checked at the door (issue 16 item 3): the entrant count against the
 * game's table sizes, the table size against the entrants, the options with the engine's
 * resolveOptions. Anything wrong is a 400 naming the allowed counts or the option, never a series
 * that fails in the worker.
 */
import { GameError, resolveOptions, type AnyGame, type GameOptions } from '@xix/engine';
import { tableSizeFor } from '@xix/referee';
import { badRequest } from './http-error.ts';

export interface DoorTable {
  readonly seats: number;
  /** Resolved: every option of the game, the omitted ones at their defaults. */
  readonly options: GameOptions;
  /** The leaderboard its rated games count on: `game.variant(seats, options)`. */
  readonly variant: string;
}

/** `fields` names the body's fields for the messages: the entrants', the seats' and the options'. */
export function doorTable(game: AnyGame, entrants: number, seats: number | undefined, options: unknown, fields: { readonly entrants: string; readonly seats: string; readonly options: string }): DoorTable {
  let size: number;
  try {
    size = tableSizeFor(game, entrants, seats);
  } catch (error) {
    throw badRequest(`${seats === undefined ? fields.entrants : `${fields.entrants}, ${fields.seats}`}: ${(error as Error).message}`);
  }
  try {
    const resolved = resolveOptions(game, size, options ?? {});
    return { seats: size, options: resolved, variant: game.variant(size, resolved) };
  } catch (error) {
    if (error instanceof GameError) throw badRequest(`${fields.options}: ${error.message}`);
    throw error;
  }
}
