/**
 * Building the decisions (N4, N6) from a seat's view. Whatever a bot answers must equal one of
 * `view.legalActions` by value, or the seat forfeits (N18).
 */
import { minKeepFor, type DiscardAction, type NineteenCardCode, type NineteenSeatView } from '@xix/engine';
import { cardNumber, sortCards } from './cards.ts';

/** N4: the high bid of the hand in play so far, 0 before any bid. */
export function highBid(view: NineteenSeatView): number {
  const bids = view.hands.at(-1)?.bids ?? [];
  return bids.reduce((high, record) => Math.max(high, record.bid ?? 0), 0);
}

/**
 * N6: the discard that keeps exactly `keep` (in any order) and throws the rest of this seat's
 * hand. Throws a RangeError when `keep` holds a card not in the hand, a card twice, or a number of
 * cards outside minKeep–5 (minKeep: 2 at 6 seats, 1 at 5, else 0).
 */
export function discardKeeping(view: NineteenSeatView, keep: readonly NineteenCardCode[]): DiscardAction {
  const held = new Set(view.cards);
  const kept = new Set<NineteenCardCode>();
  for (const code of keep) {
    cardNumber(code);
    if (!held.has(code)) throw new RangeError(`cannot keep ${code}: not in the hand (${view.cards.join(' ')})`);
    if (kept.has(code)) throw new RangeError(`${code} is kept twice`);
    kept.add(code);
  }
  const minKeep = minKeepFor(view.seats);
  if (kept.size < minKeep || kept.size > 5) throw new RangeError(`N6: keep ${minKeep} to 5 cards at ${view.seats} seats, not ${kept.size}`);
  return { type: 'discard', cards: sortCards(view.cards.filter((code) => !kept.has(code))) };
}
