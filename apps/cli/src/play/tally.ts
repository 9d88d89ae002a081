/**
 * The running score of a series, game by game in whatever order games arrive (`--jobs` plays
 * sub-series side by side). Only counts are kept, never the games, so a long series costs no
 * memory here. Figures are indexed by bot: [A, B].
 */
import { wilsonInterval } from '@xix/referee';
import type { SeriesSummary } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';

export interface Tally {
  add(game: HostGame): void;
  summary(): SeriesSummary;
}

/** The bot (0 = A, 1 = B) that sat in `seat` of a game where A sat in `seatOfA`. */
export const botAt = (game: Pick<HostGame, 'seatOfA'>, seat: number): 0 | 1 => (seat === game.seatOfA ? 0 : 1);

export function createTally(): Tally {
  let games = 0;
  const wins: [number, number] = [0, 0];
  const points: [number, number] = [0, 0];
  const forfeits: [number, number] = [0, 0];
  return {
    add(game) {
      const { result, forfeit } = game.record.replay;
      games++;
      wins[botAt(game, result.winner)]++;
      points[0] += result.points[game.seatOfA] ?? 0;
      points[1] += result.points[1 - game.seatOfA] ?? 0;
      if (forfeit !== null) forfeits[botAt(game, forfeit.seat)]++;
    },
    summary: () => ({
      games,
      wins: [...wins],
      points: [...points],
      forfeits: [...forfeits],
      winRate: games === 0 ? 0 : wins[0] / games,
      // No game yet (interrupted at once): nothing is known.
      interval: games === 0 ? { low: 0, high: 1 } : wilsonInterval(wins[0], games),
    }),
  };
}
