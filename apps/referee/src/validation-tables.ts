/**
 * The table sizes a new bot is validated at, locally (`xix check`) and on upload: the game's two
 * smallest, each filled up with the game's random bot (XIX, two seats only, has one size).
 */
import type { AnyGame } from '@xix/engine';
import { seriesBots } from './seat-rotation.ts';

export function validationTableSizes(game: AnyGame): number[] {
  const { min, max } = seriesBots(game.seats);
  return min < max ? [min, min + 1] : [min];
}
