/**
 * Where the cards are, from one seat's view only (R10, R11, R11a). The view already hides what
 * the seat may not know; these helpers just add up what it does know.
 */
import { CARD_COUNT, type Card, type XixSeatView } from '@xix/engine';

/** Every card this seat holds, closed and open, in increasing order. */
export function myCards(view: XixSeatView): Card[] {
  return [...view.hand.closed, ...view.hand.open].sort((a, b) => a - b);
}

/** The cards whose place this seat knows right now: hands, known slots, the led card, the pool. */
function locatedCards(view: XixSeatView): Set<Card> {
  const known = new Set<Card>([
    ...view.hand.closed,
    ...view.hand.open,
    ...view.opponent.open,
    ...view.opponent.closedKnown,
    ...view.pool,
  ]);
  for (const slot of view.strikeRow) if (slot.card !== null) known.add(slot.card);
  if (view.led !== null) known.add(view.led);
  return known;
}

function allCardsExcept(excluded: ReadonlySet<Card>): Card[] {
  const out: Card[] = [];
  for (let c = 1; c <= CARD_COUNT; c++) if (!excluded.has(c)) out.push(c);
  return out;
}

/**
 * The cards this seat has never seen: not in its hands, either open hand, the opponent's known
 * closed cards, a face-up or known strike slot, the led card, the pool, nor named anywhere in the
 * history it was shown (every card played, picked, or traded where it could see it). Each of them
 * is in the opponent's closed hand, in a face-down slot it has not seen, or is the discard.
 */
export function unseenCards(view: XixSeatView): Card[] {
  const seen = locatedCards(view);
  for (const event of view.history) {
    if (event.type === 'play' || event.type === 'pick') seen.add(event.card);
    else if (event.type === 'trade') {
      if (event.card !== null) seen.add(event.card);
      if (event.took !== null) seen.add(event.took);
    }
  }
  return allCardsExcept(seen);
}

/**
 * The cards whose place this seat does not know now: the unseen cards, plus cards it saw but lost
 * track of (R11a: the opponent traded one of several closed cards face down, so each of them is
 * "in their closed hand or in that slot"). The opponent's unknown closed cards
 * (`opponentUnknownCount`), the face-down slots showing null, and the discard are drawn from these.
 */
export function unlocatedCards(view: XixSeatView): Card[] {
  return allCardsExcept(locatedCards(view));
}

/** How many of the opponent's closed cards this seat does not know. */
export function opponentUnknownCount(view: XixSeatView): number {
  return view.opponent.closedCount - view.opponent.closedKnown.length;
}

/**
 * The cards the opponent may play: its open hand, its known closed cards and, when some of its
 * closed cards are unknown, every unlocated card (one of which may be the discard or in a slot).
 */
export function opponentPossibleCards(view: XixSeatView): Card[] {
  const possible = [...view.opponent.open, ...view.opponent.closedKnown];
  if (opponentUnknownCount(view) > 0) possible.push(...unlocatedCards(view));
  return possible.sort((a, b) => a - b);
}

/**
 * The chance that each card is in the opponent's hands, from this seat's view: 1 for its open and
 * known closed cards; its unknown closed cards spread evenly over the unlocated cards. The values
 * add up to the opponent's hand size. Cards it cannot hold are left out.
 */
export function opponentCardOdds(view: XixSeatView): Map<Card, number> {
  const odds = new Map<Card, number>();
  const unknown = opponentUnknownCount(view);
  if (unknown > 0) {
    const candidates = unlocatedCards(view);
    for (const c of candidates) odds.set(c, unknown / candidates.length);
  }
  for (const c of [...view.opponent.open, ...view.opponent.closedKnown]) odds.set(c, 1);
  return odds;
}
