/** A finished game as a ranking by seat (1 = first; tied seats share a rank). */
import type { ReplayLike } from './types.ts';

/**
 * The game's own ranking when its result has one (1923: places by cards taken, ties shared);
 * otherwise the winner ranks first and a seat that forfeited (R12) last, every other seat sharing
 * second. With two seats that is simply winner 1, loser 2.
 */
export function ranksOf(replay: ReplayLike, seats: number): number[] {
  const ranked = replay.result.ranks;
  if (ranked !== undefined) {
    if (ranked.length !== seats || !ranked.every((rank) => Number.isInteger(rank) && rank >= 1 && rank <= seats)) {
      throw new RangeError(`the result's ranks ${JSON.stringify(ranked)} are not a ranking of ${seats} seats`);
    }
    return [...ranked];
  }
  const forfeitSeat = replay.forfeit?.seat ?? -1;
  return Array.from({ length: seats }, (_, seat) => {
    if (seat === replay.result.winner) return 1;
    if (seat === forfeitSeat) return seats;
    return 2;
  });
}
