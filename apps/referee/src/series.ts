/**
 * A series between 2 or more entrants at one table: every deal is played once per seat rotation
 * (seat-rotation.ts), so each entrant plays each seat (or side) with the same cards and neither the
 * luck of the deal nor the seat decides the result. For two entrants at two seats it is the
 * mirrored series: game 2i plays deal i with A in seat 0, game 2i+1 the same deal with A in seat 1.
 */
import { resolveOptions, type AnyGame, type GameOptions } from '@xix/engine';
import { playMatch, type MatchRecord } from './match.ts';
import type { Player } from './player.ts';
import { rotatedGame, seatPlayers, seatingOf, seatsOfEntrant, tableSizeFor, type Seating } from './seat-rotation.ts';
import { createSeriesTally, type SeriesSummary } from './series-tally.ts';

export type { SeriesSummary } from './series-tally.ts';

/**
 * An entrant's players in one rotation: one player, or one per seat it plays there (a partnership:
 * never one player for two seats, or a teammate would learn the other's hidden cards), in the
 * order of its seats.
 */
export type EntrantPlayers = Player | readonly Player[];

export interface SeriesOptions {
  readonly game: AnyGame;
  /** Total number of games: a positive multiple of the number of entrants (each deal once per rotation). */
  readonly games: number;
  /** Deal i of the series is `game.randomSetup(dealSeed(seed, i, dealKey), seats, options)` (deal-seed.ts). */
  readonly seed: number;
  /** The key that makes deals' seeds unpredictable from each other (deal-seed.ts); secret on the platform. None: deal i's seed is `seed + i`. */
  readonly dealKey?: string;
  /** Seats at the table; default the smallest table that seats as many entrants as `players` has. */
  readonly seats?: number;
  /** The game's options, untrusted (checked with resolveOptions); default the game's defaults. */
  readonly options?: unknown;
  /** The entrants (A, B, ...) for the first rotation of each deal. */
  readonly players: readonly EntrantPlayers[];
  /**
   * The entrants for each later rotation of a deal (rotation r uses `rotationPlayers[r - 1]`). A
   * player that keeps state between games must not play two rotations of a deal: from its own hand
   * in one it would know another seat's in the next (R11). Defaults to `players`, for stateless bots.
   */
  readonly rotationPlayers?: readonly (readonly EntrantPlayers[])[];
  /** Two entrants: the players of the mirrored game, the same as `rotationPlayers: [mirrorPlayers]`. */
  readonly mirrorPlayers?: readonly EntrantPlayers[];
  /** The key of the bots' own seeds (see bot-seed.ts); secret where bots are untrusted. */
  readonly botSeedKey?: string;
  /** Called after each game, e.g. to save the replay or move a progress bar. */
  readonly onGame?: (game: SeriesGame) => void;
}

export interface SeriesGame {
  /** 0-based number of the game in the series. */
  readonly index: number;
  /** The game's rotation: entrant e played the seats of group (e + rotation) mod E of the seating. */
  readonly rotation: number;
  readonly record: MatchRecord;
}

/** A series' table: its size, resolved options and seating. */
export interface SeriesTable {
  readonly seats: number;
  readonly options: GameOptions;
  readonly seating: Seating;
}

/** The table of a series of `entrants` entrants (seriesTable checks everything a series needs). */
export function seriesTable(game: AnyGame, entrants: number, seats?: number, options?: unknown): SeriesTable {
  const size = tableSizeFor(game, entrants, seats);
  return { seats: size, options: resolveOptions(game, size, options ?? {}), seating: seatingOf(game, size) };
}

export function playSeries(options: SeriesOptions & { readonly players: readonly [EntrantPlayers, EntrantPlayers] }): SeriesSummary;
export function playSeries(options: SeriesOptions): SeriesSummary<readonly number[]>;
export function playSeries(options: SeriesOptions): SeriesSummary<readonly number[]> {
  const { game, games, seed, players } = options;
  const entrants = players.length;
  const table = seriesTable(game, entrants, options.seats, options.options);
  if (!Number.isSafeInteger(games) || games < entrants || games % entrants !== 0) {
    const what = entrants === 2 ? 'an even number of games (at least 2)' : `a multiple of ${entrants} games (each deal once per seat rotation)`;
    throw new RangeError(`a series of ${entrants} entrants needs ${what}, got ${games}`);
  }
  const byRotation = rotationPlayersOf(options, table.seating);
  // Checks the seed and the last deal's seed before any game is played.
  rotatedGame(seed, table.seating, games - 1, options.dealKey);
  const tally = createSeriesTally(table.seating);
  for (let index = 0; index < games; index++) {
    const { dealSeed, rotation } = rotatedGame(seed, table.seating, index, options.dealKey);
    const record = playMatch({
      game, setup: game.randomSetup(dealSeed, table.seats, table.options), seed: dealSeed, players: byRotation[rotation]!,
      ...(options.botSeedKey !== undefined && { botSeedKey: options.botSeedKey }),
    });
    const played = { index, rotation, record };
    tally.add(played);
    options.onGame?.(played);
  }
  return tally.summary();
}

/** The players by seat of every rotation, checked: each entrant has a player for each seat it plays. */
function rotationPlayersOf(options: SeriesOptions, seating: Seating): Player[][] {
  const { players } = options;
  if (options.mirrorPlayers !== undefined && options.rotationPlayers !== undefined) throw new TypeError('give rotationPlayers or mirrorPlayers, not both');
  const later = options.rotationPlayers ?? (options.mirrorPlayers === undefined ? undefined : [options.mirrorPlayers]);
  const all = [players, ...(later ?? Array.from({ length: players.length - 1 }, () => players))];
  if (all.length !== players.length || all.some((entrants) => entrants.length !== players.length)) {
    throw new RangeError(`a series of ${players.length} entrants needs ${players.length - 1} more set(s) of ${players.length} entrants' players, one per later rotation`);
  }
  return all.map((entrants, rotation) =>
    seatPlayers(seating, rotation, (e, seat) => {
      const seats = seatsOfEntrant(e, rotation, seating);
      const own = isPlayerList(entrants[e]!) ? entrants[e] as readonly Player[] : [entrants[e] as Player];
      if (own.length < seats.length) throw new RangeError(`entrant ${e + 1} plays ${seats.length} seats in rotation ${rotation}: give it one player per seat (a player never plays two seats)`);
      return own[seats.indexOf(seat)]!;
    }));
}

function isPlayerList(entrant: EntrantPlayers): entrant is readonly Player[] {
  return Array.isArray(entrant);
}
