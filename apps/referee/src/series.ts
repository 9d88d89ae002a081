/**
 * A series between 2 or more bots at one table: every deal is played once per seat rotation
 * (seat-rotation.ts), so each bot sits in each seat with the same cards and neither the luck of
 * the deal nor the seat decides the result. For two bots it is the mirrored series: game 2i plays
 * deal `seed + i` with A in seat 0, game 2i+1 the same deal with A in seat 1.
 */
import type { AnyGame, Seat } from '@xix/engine';
import { playMatch, type MatchRecord } from './match.ts';
import type { Player } from './player.ts';
import { rotatedGame, seriesBots } from './seat-rotation.ts';
import { createSeriesTally, type SeriesSummary } from './series-tally.ts';

export type { SeriesSummary } from './series-tally.ts';

export interface SeriesOptions {
  readonly game: AnyGame;
  /** Total number of games: a positive multiple of the number of bots (each deal once per rotation). */
  readonly games: number;
  /** Deal i of the series is `game.randomSetup(seed + i, bots)`. */
  readonly seed: number;
  /** The bots (A, B, ...), as many as the table has seats, for the first rotation of each deal. */
  readonly players: readonly Player[];
  /**
   * The bots for each later rotation of a deal (rotation r uses `rotationPlayers[r - 1]`). A player
   * that keeps state between games must not play two rotations of a deal: from its own hand in one
   * it would know another seat's in the next (R11). Defaults to `players`, for stateless bots.
   */
  readonly rotationPlayers?: readonly (readonly Player[])[];
  /** Two bots: the players of the mirrored game, the same as `rotationPlayers: [mirrorPlayers]`. */
  readonly mirrorPlayers?: readonly Player[];
  /** The key of the bots' own seeds (see bot-seed.ts); secret where bots are untrusted. */
  readonly botSeedKey?: string;
  /** Called after each game, e.g. to save the replay or move a progress bar. */
  readonly onGame?: (game: SeriesGame) => void;
}

export interface SeriesGame {
  /** 0-based number of the game in the series. */
  readonly index: number;
  /** The seat bot A played, which is the game's rotation: bot i sat in seat (i + seatOfA) mod bots. */
  readonly seatOfA: Seat;
  readonly record: MatchRecord;
}

export function playSeries(options: SeriesOptions & { readonly players: readonly [Player, Player] }): SeriesSummary;
export function playSeries(options: SeriesOptions): SeriesSummary<readonly number[]>;
export function playSeries(options: SeriesOptions): SeriesSummary<readonly number[]> {
  const { game, games, seed, players } = options;
  const bots = players.length;
  const range = seriesBots(game.seats);
  if (!Number.isSafeInteger(bots) || bots < range.min || bots > range.max) {
    throw new RangeError(`a series of ${game.id} needs ${range.min}–${range.max} bots, got ${bots}`);
  }
  if (!Number.isSafeInteger(games) || games < bots || games % bots !== 0) {
    const what = bots === 2 ? 'an even number of games (at least 2)' : `a multiple of ${bots} games (each deal once per seat rotation)`;
    throw new RangeError(`a series of ${bots} bots needs ${what}, got ${games}`);
  }
  const byRotation = rotationPlayersOf(options);
  // Checks the seed and the last deal's seed before any game is played.
  rotatedGame(seed, bots, games - 1);
  const tally = createSeriesTally(bots);
  for (let index = 0; index < games; index++) {
    const { dealSeed, rotation, botBySeat } = rotatedGame(seed, bots, index);
    const table = byRotation[rotation]!;
    const bySeat = botBySeat.map((bot) => table[bot]!);
    const record = playMatch({ game, setup: game.randomSetup(dealSeed, bots), seed: dealSeed, players: bySeat, ...(options.botSeedKey !== undefined && { botSeedKey: options.botSeedKey }) });
    const played = { index, seatOfA: rotation, record };
    tally.add(played);
    options.onGame?.(played);
  }
  return tally.summary();
}

/** The players of every rotation, checked: one per bot in each. */
function rotationPlayersOf(options: SeriesOptions): (readonly Player[])[] {
  const { players } = options;
  if (options.mirrorPlayers !== undefined && options.rotationPlayers !== undefined) throw new TypeError('give rotationPlayers or mirrorPlayers, not both');
  const later = options.rotationPlayers ?? (options.mirrorPlayers === undefined ? undefined : [options.mirrorPlayers]);
  const all = [players, ...(later ?? Array.from({ length: players.length - 1 }, () => players))];
  if (all.length !== players.length || all.some((table) => table.length !== players.length)) {
    throw new RangeError(`a series of ${players.length} bots needs ${players.length - 1} more set(s) of ${players.length} players, one per later rotation`);
  }
  return all;
}
