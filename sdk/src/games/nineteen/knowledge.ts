/**
 * What a seat knows of the hand in play, added up from its view (N21): the view already hides what
 * the seat may not know (other hands, the kitty unless it bid, others' discards, the stock).
 */
import { NINETEEN_CARD_CODES, type NineteenCardCode, type NineteenSeatView, type Seat, type Suit } from '@xix/engine';
import { handRules, isTrumpCard, suitAs } from './cards.ts';
import { seatOfCard } from './tricks.ts';

/** The other seats of this seat's side: its partners at 4 and 6 seats, none otherwise (N1). */
export function teammates(view: NineteenSeatView): Seat[] {
  return view.sides.flatMap((side, seat) => (side === view.side && seat !== view.seat ? [seat] : []));
}

/** Every card played in the hand in play, trick by trick, in the order played. */
export function playedThisHand(view: NineteenSeatView): NineteenCardCode[] {
  return (view.hands.at(-1)?.tricks ?? []).flatMap((trick) => trick.cards);
}

/**
 * The cards of this hand's deck that this seat has not seen: not in its hand, not dealt or served
 * to it, not in the kitty it took as bidder (N5), not among its discards, not played, not a flip
 * card (N7). Each is in another seat's hand, the kitty, another seat's discards or the stock.
 */
export function unseenThisHand(view: NineteenSeatView): NineteenCardCode[] {
  const seen = new Set<NineteenCardCode>(view.cards);
  const own = view.own.at(-1);
  if (own !== undefined) for (const list of [own.dealt, own.kitty, own.discarded, own.received]) for (const code of list ?? []) seen.add(code);
  for (const code of playedThisHand(view)) seen.add(code);
  for (const flip of view.hands.at(-1)?.flips ?? []) seen.add(flip.card);
  return NINETEEN_CARD_CODES.filter((code) => !seen.has(code));
}

/**
 * The cards another seat may still play this hand: every unseen card, and the flip cards (N7) of
 * the other seats not played yet. A seat's known voids (`voidSuits`) rule out more.
 */
export function othersMayHold(view: NineteenSeatView): NineteenCardCode[] {
  const played = new Set(playedThisHand(view));
  const flips = (view.hands.at(-1)?.flips ?? []).filter((flip) => flip.seat !== view.seat && !played.has(flip.card)).map((flip) => flip.card);
  return [...unseenThisHand(view), ...flips];
}

/**
 * The suits `seat` has shown it no longer holds in the hand in play, from its plays (N10, N19):
 * it played neither the led suit nor a trump to a non-trump lead (void in the led suit), or a
 * non-trump to a trump lead (void in trump; with reneging only when the led card was the A of
 * trump, since it may be keeping a major, N20), or neither trump nor a heart to a Q♥ lead with
 * the short suit (void in hearts too). Suits as cards count under the trump (Q♥ is no heart with
 * the short suit, N19).
 */
export function voidSuits(view: NineteenSeatView, seat: Seat): Suit[] {
  const rules = handRules(view);
  if (rules === null || view.phase !== 'play') return [];
  const voids = new Set<Suit>();
  for (const trick of view.hands.at(-1)!.tricks) {
    const led = trick.cards[0];
    if (led === undefined) continue;
    const ledAs = suitAs(led, rules.trump, rules.shortSuit);
    trick.cards.forEach((card, index) => {
      if (index === 0 || seatOfCard(trick, index, view.seats) !== seat) return;
      const playedAs = suitAs(card, rules.trump, rules.shortSuit);
      if (ledAs !== rules.trump) {
        if (playedAs !== ledAs && playedAs !== rules.trump) voids.add(ledAs);
        return;
      }
      if (playedAs === rules.trump) return;
      // A non-trump on a trump lead: every trump it holds is an exempt major (N20), if reneging is on.
      const exemptPossible = rules.reneging && !(led === `A${rules.trump}`);
      if (!exemptPossible) voids.add(rules.trump);
      const shortSuitLead = rules.shortSuit && rules.trump !== 'H' && led === 'QH';
      // After a Q♥ lead a seat without trump must follow hearts (N19); one with exempt majors need not (N20).
      if (shortSuitLead && !exemptPossible && playedAs !== 'H') voids.add('H');
    });
  }
  return [...voids];
}

/** How many of `cards` are trumps in the hand in play (0 before the trump is named). */
export function trumpCount(view: NineteenSeatView, cards: readonly NineteenCardCode[] = view.cards): number {
  const rules = handRules(view);
  return rules === null ? 0 : cards.filter((code) => isTrumpCard(code, rules.trump, rules.shortSuit)).length;
}
