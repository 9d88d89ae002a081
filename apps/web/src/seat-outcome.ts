/**
 * How a seat fared in a finished match, from the match's ranks by seat (1 = first; seats that tie
 * share a place: docs/api.md). Any number of seats: a win is first place alone, a draw first
 * place shared, anything else a loss, and the place says how far behind.
 */

export type Outcome = 'win' | 'loss' | 'draw';

export interface SeatOutcome {
  readonly outcome: Outcome;
  /** 1 = first. */
  readonly place: number;
  /** Another seat has the same place. */
  readonly shared: boolean;
  readonly seats: number;
}

export function seatOutcome(ranks: readonly number[], seat: number): SeatOutcome {
  const place = ranks[seat];
  if (place === undefined) throw new RangeError(`seat ${seat} is not one of the match's ${ranks.length} seats`);
  const shared = ranks.some((rank, other) => other !== seat && rank === place);
  return { outcome: place !== 1 ? 'loss' : shared ? 'draw' : 'win', place, shared, seats: ranks.length };
}

/** A place in words: 1st, 2nd, 3rd, 4th, …, 11th, 21st. */
export function ordinal(place: number): string {
  const tens = place % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][place % 10] ?? 'th');
  return `${place}${suffix}`;
}

/** "win", "loss", "draw" between two seats; with more, the place too: "win", "2nd of 4", "draw (=1st of 3)", "=2nd of 4". */
export function outcomeText(result: SeatOutcome): string {
  if (result.seats <= 2 || result.outcome === 'win') return result.outcome;
  const place = `${result.shared ? '=' : ''}${ordinal(result.place)} of ${result.seats}`;
  return result.outcome === 'draw' ? `draw (${place})` : place;
}
