/**
 * Where each hidden card may be, from one seat's view (R11, R11a). The hidden places are the
 * opponent's closed hand (its unknown part), the face-down slots the seat has not seen, and the
 * discard. A card never seen may be in any of them; a card the seat saw and then lost track of
 * (R11a: the opponent traded one of several closed cards face down) may only be in the
 * opponent's closed hand or in a slot the opponent filled after the card went into that hand —
 * never the discard, never a slot it was not in. Found by replaying the public history.
 */
import { ROW_SIZE, type Card, type XixSeatView } from '@xix/engine';
import { unlocatedCards } from '../cards.ts';

/** Place bits: the opponent's closed hand, slot k, the discard. */
export const OPP_CLOSED = 1;
export const slotPlace = (slot: number): number => 1 << (1 + slot);
export const DISCARD = 1 << (1 + ROW_SIZE);
const EVERYWHERE = (DISCARD << 1) - 1;

export interface HiddenCards {
  /** The cards whose place the seat does not know. */
  readonly cards: readonly Card[];
  /** For each of `cards`, the places (bits above) where it may be. */
  readonly places: readonly number[];
  /** How many of the opponent's closed cards are unknown. */
  readonly opponentUnknown: number;
  /** The face-down slots whose card the seat does not know. */
  readonly unknownSlots: readonly number[];
  /** False if the history could not be traced, so that every card is allowed everywhere hidden. */
  readonly traced: boolean;
}

/** The hidden cards of a view and where each may be. */
export function hiddenCards(view: XixSeatView): HiddenCards {
  const cards = unlocatedCards(view);
  const unknownSlots: number[] = [];
  view.strikeRow.forEach((slot, i) => {
    if (slot.card === null) unknownSlots.push(i);
  });
  const opponentUnknown = view.opponent.closedCount - view.opponent.closedKnown.length;
  let open = (opponentUnknown > 0 ? OPP_CLOSED : 0) | DISCARD;
  for (const slot of unknownSlots) open |= slotPlace(slot);
  const traced = tracePlaces(view);
  // The trace must agree with the view; if it ever does not, fall back to "anywhere hidden".
  const agrees = traced !== null && cards.every((c) => (traced[c]! & open) !== 0);
  const places = cards.map((c) => (agrees ? traced[c]! & open : open));
  return { cards, places, opponentUnknown, unknownSlots, traced: agrees };
}

/** The seat's initial closed hand: cards first named by its own play or trade, or never named and held closed now. */
function initialHand(view: XixSeatView): Set<Card> {
  const first = new Map<Card, boolean>();
  const name = (card: Card | null, mine: boolean): void => {
    if (card !== null && !first.has(card)) first.set(card, mine);
  };
  for (const e of view.history) {
    const mine = e.seat === view.seat;
    if (e.type === 'play') name(e.card, mine);
    else if (e.type === 'pick') name(e.card, false);
    else if (e.type === 'trade') {
      name(e.card, mine); // a hand card named before anything else came from the initial deal
      name(e.took, false);
    }
  }
  const hand = new Set<Card>();
  for (const [card, mine] of first) if (mine) hand.add(card);
  for (const card of view.hand.closed) if (!first.has(card)) hand.add(card);
  return hand;
}

/** Replays the history; the places of each card (index = card), or null when it does not add up. */
function tracePlaces(view: XixSeatView): number[] | null {
  const me = view.seat;
  const start = initialHand(view);
  if (start.size !== 6) return null;
  const places = new Array<number>(19).fill(0);
  for (let c = 1; c <= 18; c++) if (!start.has(c)) places[c] = EVERYWHERE;
  const myOpen = new Set<Card>();
  const oppOpen = new Set<Card>();
  const knownClosed = new Set<Card>(); // opponent closed cards the seat follows
  let oppClosed = 6;
  const slotCard: number[] = new Array<number>(ROW_SIZE).fill(0); // known card per slot, 0 unknown
  let faceUp = 0;

  for (const e of view.history) {
    if (e.type === 'play') {
      places[e.card] = 0;
      if (e.seat === me) myOpen.delete(e.card);
      else if (!oppOpen.delete(e.card)) {
        oppClosed--;
        knownClosed.delete(e.card);
      }
    } else if (e.type === 'pick') {
      (e.seat === me ? myOpen : oppOpen).add(e.card);
    } else if (e.type === 'trade') {
      const k = e.slot;
      const bit = slotPlace(k);
      const wasFaceUp = (faceUp & (1 << k)) !== 0;
      if (e.seat === me) {
        if (e.took === null || e.card === null) return null;
        for (let c = 1; c <= 18; c++) places[c]! &= ~bit; // the slot held `took`, nothing else
        places[e.took] = 0;
        if (wasFaceUp) myOpen.add(e.took);
        if (e.from === 'open') myOpen.delete(e.card);
        slotCard[k] = e.card;
      } else {
        // Who may be the hand card: chosen from the closed hand before the take (R9).
        const allKnown = knownClosed.size === oppClosed;
        const givers: Card[] = [...knownClosed];
        if (!allKnown) for (let c = 1; c <= 18; c++) if (places[c]! & OPP_CLOSED) givers.push(c);
        // The take: the slot's card goes to the hand it came to.
        if (wasFaceUp) {
          if (e.took === null) return null;
          oppOpen.add(e.took);
        } else {
          oppClosed++;
          if (slotCard[k] !== 0) knownClosed.add(slotCard[k]!);
          for (let c = 1; c <= 18; c++) if (places[c]! & bit) places[c] = (places[c]! & ~bit) | OPP_CLOSED;
        }
        // The give.
        if (e.from === 'open') {
          if (e.card === null) return null;
          oppOpen.delete(e.card);
          slotCard[k] = e.card;
        } else {
          oppClosed--;
          slotCard[k] = 0;
          if (allKnown && givers.length === 1) {
            slotCard[k] = givers[0]!;
            knownClosed.delete(givers[0]!);
          } else {
            for (const c of givers) {
              if (knownClosed.delete(c)) places[c] = OPP_CLOSED;
              places[c]! |= bit;
            }
          }
        }
      }
      faceUp = e.from === 'open' ? faceUp | (1 << k) : faceUp & ~(1 << k);
    }
  }
  // Cards the view locates are not hidden, whatever the trace says.
  for (const c of view.opponent.closedKnown) places[c] = 0;
  if (oppClosed !== view.opponent.closedCount) return null;
  return places;
}

/** True when `card` may be at `place` (a place bit) in the hidden cards. */
export function mayBe(hidden: HiddenCards, card: Card, place: number): boolean {
  const i = hidden.cards.indexOf(card);
  return i >= 0 && (hidden.places[i]! & place) !== 0;
}
