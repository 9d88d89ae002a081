/** A finished game as a ranking by seat (1 = first; tied seats share a rank). */
import type { ReplayLike } from './types.ts';

/**
 * The winner ranks first and a seat that forfeited (R12) last; every other seat shares second.
 * With two seats that is simply winner 1, loser 2.
 */
export function ranksOf(replay: ReplayLike, seats: number): number[] {
  const forfeitSeat = replay.forfeit?.seat ?? -1;
  return Array.from({ length: seats }, (_, seat) => {
    if (seat === replay.result.winner) return 1;
    if (seat === forfeitSeat) return seats;
    return 2;
  });
}
