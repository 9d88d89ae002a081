/**
 * In-process games at tables of any size through the real referee (playMatch, playSeries with
 * trusted players), and the measure of a bot against `random` in seat rotations: every deal is
 * played once per rotation, so the bot sits in each seat with the same cards (the fairness of
 * mirrored deals for k seats). Used by the 1923 bots' tests and `sdk/bench/strength-1923.ts`.
 */
import { nineteenTwentyThree, type AnyGame, type Forfeit, type GameResult } from '@xix/engine';
import { playMatch, playSeries, trustedPlayer, type Interval } from '@xix/referee';
import type { AnyBot } from '../src/bot.ts';

export interface TableGame {
  readonly result: GameResult;
  readonly forfeit: Forfeit | null;
}

/** One game of deal `dealSeed`; bots[i] sits in seat i. */
export function playTable(bots: readonly AnyBot[], dealSeed: number, game: AnyGame = nineteenTwentyThree): TableGame {
  const players = bots.map((bot, seat) => trustedPlayer(bot, `seat ${seat}`));
  const { replay } = playMatch({ game, setup: game.randomSetup(dealSeed, bots.length), seed: dealSeed, players });
  return { result: replay.result, forfeit: replay.forfeit };
}

export interface RotationMeasure {
  readonly seats: number;
  readonly deals: number;
  /** Games played: deals × seats. */
  readonly games: number;
  readonly forfeits: number;
  /** The bot's share of wins per game (a win shared by t seats counts 1/t, T13), with its 95% Wilson interval. */
  readonly winShare: number;
  readonly winInterval: Interval;
  /** The bot's average place (1 = first, ties share a place, T13), with its 95% interval. */
  readonly place: number;
  readonly placeInterval: Interval;
  /** The random bots' average place in the same games. */
  readonly randomPlace: number;
}

/**
 * `bot` against `seats − 1` copies of `random`, `deals` deals from `seed` on, each played once per
 * seat rotation (the referee's series, as `xix play` plays it), so the bot sits in every seat.
 */
export function measureInRotations(bot: AnyBot, random: AnyBot, seats: number, deals: number, seed: number, game: AnyGame = nineteenTwentyThree): RotationMeasure {
  const players = Array.from({ length: seats }, (_, i) => trustedPlayer(i === 0 ? bot : random, i === 0 ? 'bot' : `random ${i}`));
  const summary = playSeries({ game, games: deals * seats, seed, players });
  const [mine, ...randoms] = summary.placings;
  return {
    seats,
    deals,
    games: summary.games,
    forfeits: summary.forfeits.reduce((a, b) => a + b, 0),
    winShare: summary.winRate,
    winInterval: summary.interval,
    place: mine!.average,
    placeInterval: mine!.interval,
    randomPlace: randoms.reduce((sum, p) => sum + p.average, 0) / randoms.length,
  };
}
