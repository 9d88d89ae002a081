/**
 * Places in a game (1 = first) and what they add up to over a series: shared wins and the
 * average placing with its interval, for any number of seats.
 */
import type { GameResult } from '@xix/engine';
import { Z95, type Interval } from './wilson.ts';

/** Each seat's place: the game's ranks, or for a game without them (XIX) the winner first, the rest second. */
export function placesOf(result: GameResult, seats: number): readonly number[] {
  return result.ranks ?? Array.from({ length: seats }, (_, seat) => (seat === result.winner ? 1 : 2));
}

/** Each seat's share of the win: seats sharing first place share one win. */
export function winShares(places: readonly number[]): number[] {
  const first = places.filter((place) => place === 1).length;
  return places.map((place) => (place === 1 ? 1 / first : 0));
}

/**
 * The 95% interval of a mean from its sum and sum of squares over `n` samples (normal
 * approximation with the sample variance), kept within [low, high], the values a sample can take.
 * Below two samples nothing is known of the spread: the whole range.
 */
export function meanInterval(sum: number, squares: number, n: number, range: Interval, z = Z95): Interval {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`need a whole number of samples, got ${String(n)}`);
  if (n < 2) return { low: range.low, high: range.high };
  const mean = sum / n;
  const variance = Math.max(0, (squares - n * mean * mean) / (n - 1));
  const half = z * Math.sqrt(variance / n);
  return { low: Math.max(range.low, mean - half), high: Math.min(range.high, mean + half) };
}

/** An entrant's outcome of one game, from its seats' (a partnership's seats count as one). */
export interface EntrantOutcome {
  /** 1 = first, in standard competition ranking over the entrants (by each one's best seat). */
  readonly place: number;
  /** Its share of the win: entrants sharing first place share one win. */
  readonly winShare: number;
  /** Its points: its first seat's, which a partnership's seats all hold (the side's pooled score, GameResult.points). */
  readonly points: number;
  /** Whether the forfeiting seat was one of its. */
  readonly forfeited: boolean;
}

/**
 * Each entrant's outcome of a game whose seats `seatsOf(entrant)` played, from the game's result:
 * with one seat an entrant, the seat's place, win share and points.
 */
export function entrantOutcomes(result: GameResult, forfeitSeat: number | null, entrants: number, seatsOf: (entrant: number) => readonly number[]): EntrantOutcome[] {
  const seatPlaces = placesOf(result, result.points.length);
  const best = Array.from({ length: entrants }, (_, e) => Math.min(...seatsOf(e).map((seat) => seatPlaces[seat] ?? Number.MAX_SAFE_INTEGER)));
  const places = best.map((rank) => 1 + best.filter((other) => other < rank).length);
  const shares = winShares(places);
  return places.map((place, e) => ({
    place,
    winShare: shares[e]!,
    points: result.points[seatsOf(e)[0]!] ?? 0,
    forfeited: forfeitSeat !== null && seatsOf(e).includes(forfeitSeat),
  }));
}
