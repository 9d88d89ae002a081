/**
 * The running score of a series, game by game in whatever order games arrive (`--jobs` plays
 * sub-series side by side): the referee's series tally, figures indexed by bot (A, B, ...).
 */
import { botInSeat, createSeriesTally, type SeriesTally } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';

export type Tally = SeriesTally;

/** The bot (0 = A, 1 = B, ...) that sat in `seat` of a game of `bots` bots where A sat in `seatOfA`. */
export const botAt = (game: Pick<HostGame, 'seatOfA'>, seat: number, bots = 2): number => botInSeat(seat, game.seatOfA, bots);

export function createTally(bots = 2): Tally {
  return createSeriesTally(bots);
}
