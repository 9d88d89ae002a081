/**
 * The table sizes a new bot is validated at, locally (`xix check`) and on upload: the game's two
 * smallest that seat at least two entrants (a bot needs an opponent), each filled up with the
 * game's random bot (XIX, two seats only, has one size).
 */
import { entrantsAt, tableSizes, type AnyGame } from '@xix/engine';

export function validationTableSizes(game: AnyGame): number[] {
  return tableSizes(game).filter((seats) => entrantsAt(game, seats) >= 2).slice(0, 2);
}
