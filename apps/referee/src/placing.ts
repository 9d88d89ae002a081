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
