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

/**
 * A game by entrant rather than by seat: the seats of one bot are one entrant (a partnership plays
 * several seats; the series that count records and ratings never seat a bot as two entrants).
 * Each entrant's place is its best seat's, ranked over the entrants (1 = first, ties shared).
 */
export interface EntrantResult {
  readonly bot: string;
  readonly version: number;
  /** Its seats, ascending. */
  readonly seats: readonly number[];
  readonly place: number;
  readonly points: number;
  readonly forfeited: boolean;
}

export function entrantResults(
  bySeat: readonly { readonly bot: string; readonly version: number }[], ranks: readonly number[], points: readonly number[], forfeitSeat: number | null,
): EntrantResult[] {
  const seen = new Map<string, { bot: string; version: number; seats: number[] }>();
  bySeat.forEach(({ bot, version }, seat) => {
    const entrant = seen.get(bot);
    if (entrant === undefined) seen.set(bot, { bot, version, seats: [seat] });
    else entrant.seats.push(seat);
  });
  const entrants = [...seen.values()];
  const best = entrants.map((e) => Math.min(...e.seats.map((seat) => ranks[seat] ?? bySeat.length)));
  return entrants.map((e, i) => ({
    ...e,
    place: 1 + best.filter((rank) => rank < best[i]!).length,
    // a partnership's seats each hold the side's pooled points (engine GameResult.points): counted once
    points: points[e.seats[0]!] ?? 0,
    forfeited: forfeitSeat !== null && e.seats.includes(forfeitSeat),
  }));
}
