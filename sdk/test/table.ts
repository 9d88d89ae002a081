/**
 * In-process games at tables of any size through the real referee (playMatch with trusted
 * players), and the measure of a bot against `random` in seat rotations: every deal is played
 * once per rotation, so the bot sits in each seat with the same cards (the fairness of mirrored
 * deals for k seats). Used by the 1923 strength test and `sdk/bench/strength-1923.ts`.
 */
import { nineteenTwentyThree, type AnyGame, type Forfeit, type GameResult } from '@xix/engine';
import { Z95, playMatch, trustedPlayer, type Interval } from '@xix/referee';
import type { AnyBot, Bot } from '../src/bot.ts';

export interface TableGame {
  readonly result: GameResult;
  readonly forfeit: Forfeit | null;
}

/** One game of deal `dealSeed`; bots[i] sits in seat i. */
export function playTable(bots: readonly AnyBot[], dealSeed: number, game: AnyGame = nineteenTwentyThree): TableGame {
  // The trusted player is typed for XIX bots; it hands any game's views through untouched.
  const players = bots.map((bot, seat) => trustedPlayer(bot as unknown as Bot, `seat ${seat}`));
  const { replay } = playMatch({ game, setup: game.randomSetup(dealSeed, bots.length), seed: dealSeed, players });
  return { result: replay.result, forfeit: replay.forfeit };
}

export interface RotationMeasure {
  readonly seats: number;
  readonly deals: number;
  /** Games played: deals × seats. */
  readonly games: number;
  readonly forfeits: number;
  /** The bot's share of wins per game (a win shared by t seats counts 1/t, T13), with its 95% interval. */
  readonly winShare: number;
  readonly winInterval: Interval;
  /** The bot's average place (1 = first, ties share a place, T13), with its 95% interval. */
  readonly place: number;
  readonly placeInterval: Interval;
  /** The random bots' average place in the same games. */
  readonly randomPlace: number;
}

/**
 * `bot` against `seats − 1` copies of `random`, `deals` deals from `seed` on, each played once with
 * the bot in every seat. Intervals treat each deal (the mean over its rotations) as one sample,
 * since the rotations of a deal are not independent.
 */
export function measureInRotations(bot: AnyBot, random: AnyBot, seats: number, deals: number, seed: number, game: AnyGame = nineteenTwentyThree): RotationMeasure {
  const wins: number[] = [];
  const places: number[] = [];
  let randomPlaces = 0;
  let forfeits = 0;
  for (let deal = 0; deal < deals; deal++) {
    let win = 0;
    let place = 0;
    for (let seat = 0; seat < seats; seat++) {
      const table = Array.from({ length: seats }, (_, s) => (s === seat ? bot : random));
      const { result, forfeit } = playTable(table, seed + deal, game);
      if (forfeit !== null) forfeits++;
      const ranks = result.ranks ?? result.points.map((_, s) => (s === result.winner ? 1 : 2));
      const firsts = ranks.filter((rank) => rank === 1).length;
      win += ranks[seat] === 1 ? 1 / firsts : 0;
      place += ranks[seat]!;
      randomPlaces += (ranks.reduce((a, b) => a + b, 0) - ranks[seat]!) / (seats - 1);
    }
    wins.push(win / seats);
    places.push(place / seats);
  }
  const win = meanWithInterval(wins);
  const place = meanWithInterval(places);
  return { seats, deals, games: deals * seats, forfeits, winShare: win.mean, winInterval: win.interval, place: place.mean, placeInterval: place.interval, randomPlace: randomPlaces / (deals * seats) };
}

/** The mean of independent samples and its 95% normal interval. */
function meanWithInterval(samples: readonly number[]): { mean: number; interval: Interval } {
  const n = samples.length;
  const mean = samples.reduce((a, b) => a + b, 0) / n;
  const variance = samples.reduce((sum, x) => sum + (x - mean) ** 2, 0) / Math.max(1, n - 1);
  const half = Z95 * Math.sqrt(variance / n);
  return { mean, interval: { low: mean - half, high: mean + half } };
}
