/**
 * The running score of a series of any number of entrants, game by game in whatever order games
 * arrive. Only counts are kept, never the games, so a long series costs no memory. Figures are
 * indexed by entrant (A = 0, B = 1, ...), whatever seats the entrants had: a partnership's seats
 * count as one entrant's game (placing.ts entrantOutcomes).
 */
import type { MatchRecord } from './match.ts';
import { entrantOutcomes, meanInterval } from './placing.ts';
import { seatsOfEntrant, type Seating } from './seat-rotation.ts';
import { wilsonInterval, type Interval } from './wilson.ts';

/**
 * `PerBot` is the type of the per-bot figures: a pair by default, for the two-bot series most
 * callers play (playSeries gives that type to a series of two players), else `readonly number[]`.
 */
export interface SeriesSummary<PerBot extends readonly number[] = readonly [number, number]> {
  readonly games: number;
  /** Wins, a win shared by several seats counting as a share of one (e.g. 1923's T13). */
  readonly wins: PerBot;
  /** Points scored over all games (in XIX more is not always better: R7). */
  readonly points: PerBot;
  readonly forfeits: PerBot;
  /** Each bot's average place (1 = first), with its 95% interval (normal approximation). */
  readonly placings: readonly { readonly average: number; readonly interval: Interval }[];
  /** A's share of wins, with its 95% Wilson interval. */
  readonly winRate: number;
  readonly interval: Interval;
}

/** A game of the series: its record and its rotation (seat-rotation.ts). */
export interface TalliedGame {
  readonly rotation: number;
  readonly record: MatchRecord;
}

export interface SeriesTally {
  add(game: TalliedGame): void;
  summary(): SeriesSummary<readonly number[]>;
}

/** The tally of a series seated by `seating` (seat-rotation.ts): one figure per entrant. */
export function createSeriesTally(seating: Seating): SeriesTally {
  const bots = seating.length;
  let games = 0;
  const zeros = (): number[] => Array.from({ length: bots }, () => 0);
  const wins = zeros();
  const points = zeros();
  const forfeits = zeros();
  const places = zeros();
  const squares = zeros();
  return {
    add({ rotation, record }) {
      const { result, forfeit } = record.replay;
      const outcomes = entrantOutcomes(result, forfeit?.seat ?? null, bots, (entrant) => seatsOfEntrant(entrant, rotation, seating));
      games++;
      outcomes.forEach((outcome, bot) => {
        wins[bot]! += outcome.winShare;
        points[bot]! += outcome.points;
        places[bot]! += outcome.place;
        squares[bot]! += outcome.place ** 2;
        if (outcome.forfeited) forfeits[bot]!++;
      });
    },
    summary: () => ({
      games,
      wins: [...wins],
      points: [...points],
      forfeits: [...forfeits],
      placings: places.map((sum, bot) => ({ average: games === 0 ? 0 : sum / games, interval: meanInterval(sum, squares[bot]!, games, { low: 1, high: bots }) })),
      winRate: games === 0 ? 0 : wins[0]! / games,
      // No game yet (interrupted at once): nothing is known.
      interval: games === 0 ? { low: 0, high: 1 } : wilsonInterval(wins[0]!, games),
    }),
  };
}
