/**
 * Stakes and points arithmetic: what an exchange pays (R5, R6) and whether an award ends the
 * game and who wins (R7). Remember R7: when exactly 19 points have been awarded in total, the
 * player with FEWER points wins, so more points is not always better.
 */
import { MAX_STRIKES, STAKES, gameEnd, type Seat, type XixSeatView } from '@xix/engine';

/** The most strikes an exchange can hold: two each, then the third strike ends it (R5). */
export const MAX_EXCHANGE_STRIKES = STAKES.length - 1;

/** R6: the points an exchange pays when it ends with `totalStrikes` strikes (both seats). */
export function stakesFor(totalStrikes: number): number {
  if (!Number.isInteger(totalStrikes) || totalStrikes < 1 || totalStrikes > MAX_EXCHANGE_STRIKES) {
    throw new RangeError(`an exchange ends with 1 to ${MAX_EXCHANGE_STRIKES} strikes, got ${String(totalStrikes)}`);
  }
  return STAKES[totalStrikes]!;
}

const totalStrikes = (view: XixSeatView): number => (view.strikes[0] ?? 0) + (view.strikes[1] ?? 0);

/** R6: what the exchange pays its winner if it ends now (0 before the first strike). */
export function stakesIfEndsNow(view: XixSeatView): number {
  return view.stakes;
}

/**
 * R6: what the exchange pays at the least if it goes on (after a raise): one more trick means one
 * more strike. Null when no further trick is possible.
 */
export function stakesAfterRaise(view: XixSeatView): number | null {
  const next = totalStrikes(view) + 1;
  return next <= MAX_EXCHANGE_STRIKES ? STAKES[next]! : null;
}

/** R5: can `seat` still raise after one more strike? (Its third strike forces the abandon.) */
export function canRaiseAfterStrike(view: XixSeatView, seat: Seat): boolean {
  return (view.strikes[seat] ?? 0) + 1 < MAX_STRIKES;
}

export type AwardOutcome =
  | { readonly over: false; readonly points: readonly [number, number] }
  | {
      readonly over: true;
      readonly points: readonly [number, number];
      readonly winner: Seat;
      readonly reason: 'exactly-19' | 'reached-19';
    };

/**
 * R7: the score after `amount` points go to `seat`, and whether that ends the game. Exactly 19
 * in total ends it and the seat with FEWER points wins; otherwise a seat at 19 or more ends it
 * and the seat with MORE points wins. 19–0 is exactly 19, so the seat with 0 wins.
 */
export function awardPoints(points: readonly number[], seat: Seat, amount: number): AwardOutcome {
  const [a, b] = points;
  if (points.length !== 2 || !isPoints(a) || !isPoints(b)) throw new RangeError('points must be two non-negative integers');
  if (seat !== 0 && seat !== 1) throw new RangeError(`seat must be 0 or 1, got ${String(seat)}`);
  if (!isPoints(amount)) throw new RangeError(`amount must be a non-negative integer, got ${String(amount)}`);
  const after: [number, number] = seat === 0 ? [a + amount, b] : [a, b + amount];
  const end = gameEnd(after[0], after[1]);
  return end === null ? { over: false, points: after } : { over: true, points: after, ...end };
}

function isPoints(n: unknown): n is number {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0;
}

/** R5–R7: what abandoning now would do: the opponent is awarded the current stakes. */
export function outcomeIfAbandon(view: XixSeatView): AwardOutcome {
  return awardPoints(view.points, 1 - view.seat, view.stakes);
}
