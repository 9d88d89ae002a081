/**
 * Entrants and tables: how many entrants a table of each size seats (`Game.seating`), so that a
 * series, a challenge or a tournament is checked at the door against the game's table sizes.
 */
import type { AnyGame } from './game.ts';

/** The table sizes of a game, smallest first. */
export function tableSizes(game: AnyGame): number[] {
  return Array.from({ length: game.seats.max - game.seats.min + 1 }, (_, i) => game.seats.min + i);
}

/** How many entrants a table of `seatCount` seats has. */
export function entrantsAt(game: AnyGame, seatCount: number): number {
  return game.seating(seatCount).length;
}

/** The table sizes that seat exactly `entrants` entrants. */
export function tableSizesFor(game: AnyGame, entrants: number): number[] {
  return tableSizes(game).filter((seats) => entrantsAt(game, seats) === entrants);
}

/** Every entrant count some table of the game seats, ascending, at least two (a bot needs an opponent). */
export function entrantCounts(game: AnyGame): number[] {
  return [...new Set(tableSizes(game).map((seats) => entrantsAt(game, seats)))].filter((n) => n >= 2).sort((a, b) => a - b);
}

/** `2`, `2–9`, `2, 4 or 6`: the entrant counts, for error messages. */
export function describeEntrantCounts(game: AnyGame): string {
  const counts = entrantCounts(game);
  const contiguous = counts.every((n, i) => i === 0 || n === counts[i - 1]! + 1);
  if (counts.length === 1) return String(counts[0]);
  if (contiguous) return `${counts[0]}–${counts.at(-1)}`;
  return `${counts.slice(0, -1).join(', ')} or ${counts.at(-1)}`;
}
