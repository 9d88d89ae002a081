/**
 * The table sizes a new bot is validated at, locally (`xix check`) and on upload: the game's two
 * smallest, each filled up with the game's random bot (XIX, two seats only, has one size).
 */
import type { AnyGame } from '@xix/engine';

export function validationTableSizes(game: AnyGame): number[] {
  const smallest = Math.max(2, game.seats.min);
  return smallest < game.seats.max ? [smallest, smallest + 1] : [smallest];
}
