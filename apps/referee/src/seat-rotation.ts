/**
 * Seat rotations: the fairness of mirrored deals for any number of entrants. A table's seating
 * (`Game.seating(seats)`) splits its seats into one group per entrant (one seat each for most
 * games; a partnership plays every seat of its side). A series of E entrants plays every deal once
 * per rotation, so each entrant plays each group with the same cards and neither the deal nor the
 * seat decides the result. In rotation r entrant e plays the seats of group (e + r) mod E. Game
 * `index` of the series plays deal `floor(index / E)` (its seed: deal-seed.ts) in rotation
 * `index mod E`: for two entrants at two seats, the mirrored pair (A in seat 0, then the seats
 * swapped). With one seat an entrant this is the arithmetic series always had, so every stored
 * series replays identically.
 * The one place this arithmetic is written.
 */
import { dealSeed as dealSeedOf } from './deal-seed.ts';
import { assertSeed, describeEntrantCounts, entrantsAt, tableSizes, tableSizesFor, type AnyGame, type Seat } from '@xix/engine';

/** The seats of each entrant in the first rotation: `Game.seating(seats)`, every seat once. */
export type Seating = readonly (readonly Seat[])[];

/** The seating of `game` at a table of `seats` seats, checked: every seat in exactly one group. */
export function seatingOf(game: AnyGame, seats: number): Seating {
  if (!tableSizes(game).includes(seats)) throw new RangeError(`${game.id} is played at ${game.seats.min}–${game.seats.max} seats, not ${String(seats)}`);
  const seating = game.seating(seats);
  const all = seating.flat();
  if (seating.length < 1 || seating.some((group) => group.length < 1) || all.length !== seats || new Set(all).size !== seats || all.some((seat) => !Number.isInteger(seat) || seat < 0 || seat >= seats)) {
    throw new RangeError(`${game.id}.seating(${seats}) must give each seat 0 to ${seats - 1} to exactly one entrant, got ${JSON.stringify(seating)}`);
  }
  return seating;
}

/**
 * The table size of a series of `entrants` entrants: `seats` when given (checked: it must seat that
 * many), else the smallest table that seats them. Throws a RangeError naming the allowed counts.
 */
export function tableSizeFor(game: AnyGame, entrants: number, seats?: number): number {
  const sizes = tableSizesFor(game, entrants);
  if (sizes.length === 0 || entrants < 2) throw new RangeError(`${game.id} is played by ${describeEntrantCounts(game)} entrants, not ${String(entrants)}`);
  if (seats === undefined) return sizes[0]!;
  if (!tableSizes(game).includes(seats)) throw new RangeError(`${game.id} is played at ${game.seats.min}–${game.seats.max} seats, not ${String(seats)}`);
  const seated = entrantsAt(game, seats);
  if (seated !== entrants) throw new RangeError(`a table of ${seats} seats of ${game.id} seats ${seated} entrants, not ${entrants}`);
  return seats;
}

export interface RotatedGame {
  /** 0-based number of the deal in the series. */
  readonly deal: number;
  /** The seed of the deal: `game.randomSetup(dealSeed, seats, options)`. */
  readonly dealSeed: number;
  /** Which rotation of the deal this game is: entrant e plays the seats of group (e + rotation) mod E. */
  readonly rotation: number;
  /** The entrant (0-based, A = 0) in each seat. */
  readonly entrantBySeat: readonly number[];
}

/** Game `index` of a series seated by `seating` whose deals come from `seed` and `dealKey` (deal-seed.ts). */
export function rotatedGame(seed: number, seating: Seating, index: number, dealKey?: string): RotatedGame {
  const entrants = seating.length;
  if (entrants < 1) throw new RangeError('a series needs at least one entrant');
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`a game index must be a non-negative integer, got ${String(index)}`);
  assertSeed(seed);
  const deal = Math.floor(index / entrants);
  const dealSeed = dealSeedOf(seed, deal, dealKey);
  const rotation = index % entrants;
  const entrantBySeat: number[] = [];
  seating.forEach((group, g) => {
    const entrant = (g - rotation + entrants) % entrants;
    for (const seat of group) entrantBySeat[seat] = entrant;
  });
  return { deal, dealSeed, rotation, entrantBySeat };
}

/** The seats entrant `entrant` plays in rotation `rotation`. */
export function seatsOfEntrant(entrant: number, rotation: number, seating: Seating): readonly Seat[] {
  return seating[(entrant + rotation) % seating.length]!;
}

/** The entrant in seat `seat` in rotation `rotation`. */
export function entrantInSeat(seat: Seat, rotation: number, seating: Seating): number {
  const group = seating.findIndex((seats) => seats.includes(seat));
  if (group < 0) throw new RangeError(`seat ${seat} is in no group of the seating`);
  return (group - rotation + seating.length) % seating.length;
}

/**
 * The players by seat of a game in rotation `rotation`: `playerFor(entrant, seat)` is asked once
 * for every seat, so an entrant playing several seats (a partnership) gets a player for each: one
 * player never plays two seats, or a teammate would learn the other's hidden cards.
 */
export function seatPlayers<P>(seating: Seating, rotation: number, playerFor: (entrant: number, seat: Seat) => P): P[] {
  const players: P[] = [];
  for (let entrant = 0; entrant < seating.length; entrant++) {
    for (const seat of seatsOfEntrant(entrant, rotation, seating)) players[seat] = playerFor(entrant, seat);
  }
  return players;
}
