/**
 * Seat rotations: the fairness of mirrored deals for any number of seats. A series of k bots at a
 * k-seat table plays every deal once per rotation, so each bot sits in each seat with the same
 * cards and neither the deal nor the seat decides the result. Rotation r puts bot i in seat
 * (i + r) mod k, so bot A's seat is the rotation. Game `index` of the series plays deal
 * `seed + floor(index / k)` in rotation `index mod k`: for two bots, the mirrored pair (A in
 * seat 0, then the seats swapped). The one place this arithmetic is written.
 */
import { assertSeed, type Seat } from '@xix/engine';

/** How many bots a series of a game may have: one a seat, and at least two (a bot needs an opponent). */
export function seriesBots(seats: { readonly min: number; readonly max: number }): { readonly min: number; readonly max: number } {
  return { min: Math.max(2, seats.min), max: seats.max };
}

export interface RotatedGame {
  /** 0-based number of the deal in the series. */
  readonly deal: number;
  /** The seed of the deal: `game.randomSetup(dealSeed, k)`. */
  readonly dealSeed: number;
  /** Which rotation of the deal this game is; also the seat of bot A (bot 0). */
  readonly rotation: number;
  /** The bot (0-based, A = 0) in each seat. */
  readonly botBySeat: readonly number[];
}

/** Game `index` of a series of `bots` bots whose first deal is `seed`. */
export function rotatedGame(seed: number, bots: number, index: number): RotatedGame {
  assertBots(bots);
  if (!Number.isSafeInteger(index) || index < 0) throw new RangeError(`a game index must be a non-negative integer, got ${String(index)}`);
  assertSeed(seed);
  const deal = Math.floor(index / bots);
  const dealSeed = seed + deal;
  assertSeed(dealSeed);
  const rotation = index % bots;
  return { deal, dealSeed, rotation, botBySeat: Array.from({ length: bots }, (_, seat) => botInSeat(seat, rotation, bots)) };
}

/** The seat of bot `bot` in rotation `rotation` of `bots` bots. */
export function seatOfBot(bot: number, rotation: number, bots: number): Seat {
  return (bot + rotation) % bots;
}

/** The bot in seat `seat` in rotation `rotation` of `bots` bots. */
export function botInSeat(seat: Seat, rotation: number, bots: number): number {
  return (seat - rotation + bots) % bots;
}

function assertBots(bots: number): void {
  if (!Number.isSafeInteger(bots) || bots < 1) throw new RangeError(`a series needs a whole number of bots, at least 1, got ${String(bots)}`);
}
