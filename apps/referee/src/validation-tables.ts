/**
 * The table sizes a new bot is validated at, locally (`xix check`) and on upload: the smallest
 * table of each style of the game, each filled up with the game's random bot. A table's style is
 * what changes a bot's code paths: heads up (two entrants) or more entrants, and one seat an
 * entrant or several (a partnership: the entrant plays every seat of its side). Tables seating
 * fewer than two entrants are none (a bot needs an opponent). XIX has one style (2 seats), 1923
 * two (2 and 3), a game of heads up, cut-throat and partnership tables three (2, 3 and 4).
 */
import { tableSizes, type AnyGame } from '@xix/engine';
import { seatingOf } from './seat-rotation.ts';

/** The validation table sizes, ascending: the first is the game's smallest table. */
export function validationTableSizes(game: AnyGame): number[] {
  const styles = new Set<string>();
  return tableSizes(game).filter((seats) => {
    const seating = seatingOf(game, seats);
    if (seating.length < 2) return false;
    const style = `${seating.length === 2 ? 'heads up' : 'more entrants'}, ${seating.every((group) => group.length === 1) ? 'one seat each' : 'several seats'}`;
    if (styles.has(style)) return false;
    styles.add(style);
    return true;
  });
}

/**
 * The fewest games that are whole deals at every validation table: a deal is played once per
 * seat rotation, as many games as the table has entrants, so the least common multiple of those.
 */
export function validationGamesPerDeal(game: AnyGame): number {
  const gcd = (a: number, b: number): number => (b === 0 ? a : gcd(b, a % b));
  return validationTableSizes(game).reduce((lcm, seats) => {
    const entrants = seatingOf(game, seats).length;
    return (lcm * entrants) / gcd(lcm, entrants);
  }, 1);
}
