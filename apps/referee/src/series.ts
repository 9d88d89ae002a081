/**
 * A mirrored series between two players: every deal is played twice with the seats swapped, so
 * neither the luck of the deal nor the seat decides the result. Game 2i plays deal `seed + i`
 * with A in seat 0; game 2i+1 plays the same deal with A in seat 1.
 */
import { assertSeed, type AnyGame, type Seat } from '@xix/engine';
import { playMatch, type MatchRecord } from './match.ts';
import type { Player } from './player.ts';

import { wilsonInterval, type Interval } from './wilson.ts';

export interface SeriesOptions {
  readonly game: AnyGame;
  /** Total number of games: even, each deal is played twice. */
  readonly games: number;
  /** Deal i of the series is `game.randomSetup(seed + i)`. */
  readonly seed: number;
  /** Bot A and bot B, for the first game of each deal. */
  readonly players: readonly [Player, Player];
  /**
   * Bot A and bot B for the mirrored game of each deal (the seats swapped). A player that keeps
   * state between games must not play both games of a deal: from its own hand in the first it
   * would know the opponent's in the second (R11). Defaults to `players`, for stateless bots.
   */
  readonly mirrorPlayers?: readonly [Player, Player];
  /** The key of the bots' own seeds (see bot-seed.ts); secret where bots are untrusted. */
  readonly botSeedKey?: string;
  /** Called after each game, e.g. to save the replay or move a progress bar. */
  readonly onGame?: (game: SeriesGame) => void;
}

export interface SeriesGame {
  /** 0-based number of the game in the series. */
  readonly index: number;
  /** The seat bot A played (B played the other one). */
  readonly seatOfA: Seat;
  readonly record: MatchRecord;
}

/** Per-bot figures are indexed [A, B]. */
export interface SeriesSummary {
  readonly games: number;
  readonly wins: readonly [number, number];
  /** Points scored over all games (in XIX more is not always better: R7). */
  readonly points: readonly [number, number];
  readonly forfeits: readonly [number, number];
  /** A's share of wins, with its 95% Wilson interval. */
  readonly winRate: number;
  readonly interval: Interval;
}

export function playSeries(options: SeriesOptions): SeriesSummary {
  const { game, games, seed, players } = options;
  if (!Number.isSafeInteger(games) || games < 2 || games % 2 !== 0) {
    throw new RangeError(`a mirrored series needs an even number of games (at least 2), got ${games}`);
  }
  assertSeed(seed);
  assertSeed(seed + games / 2);
  const wins: [number, number] = [0, 0];
  const points: [number, number] = [0, 0];
  const forfeits: [number, number] = [0, 0];
  for (let index = 0; index < games; index++) {
    const dealSeed = seed + Math.floor(index / 2);
    const seatOfA: Seat = index % 2;
    const pair = seatOfA === 0 ? players : (options.mirrorPlayers ?? players);
    const bySeat = seatOfA === 0 ? [pair[0], pair[1]] : [pair[1], pair[0]];
    const record = playMatch({ game, setup: game.randomSetup(dealSeed, 2), seed: dealSeed, players: bySeat, ...(options.botSeedKey !== undefined && { botSeedKey: options.botSeedKey }) });
    const { result, forfeit } = record.replay;
    const botAt = (seat: Seat): 0 | 1 => (seat === seatOfA ? 0 : 1);
    wins[botAt(result.winner)]++;
    points[0] += result.points[seatOfA] ?? 0;
    points[1] += result.points[1 - seatOfA] ?? 0;
    if (forfeit !== null) forfeits[botAt(forfeit.seat)]++;
    options.onGame?.({ index, seatOfA, record });
  }
  return { games, wins, points, forfeits, winRate: wins[0] / games, interval: wilsonInterval(wins[0], games) };
}
