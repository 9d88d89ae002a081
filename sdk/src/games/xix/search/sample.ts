/**
 * Sampling where the hidden cards are: a random assignment of every hidden card to a place it may
 * be in (`HiddenCards.places`), filling the opponent's unknown closed cards, each unknown slot and
 * the discard exactly. A random-order bipartite matching: uniform when no card is constrained
 * (the usual case), and always consistent with what the seat knows.
 */
import { type Card, type Random } from '@xix/engine';
import { DISCARD, OPP_CLOSED, slotPlace, type HiddenCards } from './knowledge.ts';

export interface HiddenDeal {
  /** The opponent's unknown closed cards. */
  readonly opponentClosed: readonly Card[];
  /** The card of each unknown slot, by slot index (other entries unused). */
  readonly slots: readonly Card[];
  readonly discard: Card;
}

/** Draws a deal of the hidden cards; null only if no deal fits (an inconsistent view). */
export function sampleHidden(hidden: HiddenCards, random: Random): HiddenDeal | null {
  // One unit per card-sized hole: the opponent's unknown closed cards, the slots, the discard.
  const units: number[] = [];
  for (let i = 0; i < hidden.opponentUnknown; i++) units.push(OPP_CLOSED);
  for (const slot of hidden.unknownSlots) units.push(slotPlace(slot));
  units.push(DISCARD);
  const n = hidden.cards.length;
  if (units.length !== n) return null;
  let everywhere = 0;
  for (const u of units) everywhere |= u;
  let holder: number[]; // unit → card index
  if (hidden.places.every((p) => p === everywhere)) {
    holder = shuffledIndices(n, random); // the usual case: any card may be anywhere hidden
  } else {
    holder = new Array<number>(n).fill(-1);
    for (const card of shuffledIndices(n, random)) {
      if (!augment(card, hidden.places, units, holder, new Array<boolean>(n).fill(false), random)) return null;
    }
  }
  const opponentClosed: Card[] = [];
  const slots: Card[] = [];
  let discard = 0;
  units.forEach((place, u) => {
    const card = hidden.cards[holder[u]!]!;
    if (place === OPP_CLOSED) opponentClosed.push(card);
    else if (place === DISCARD) discard = card;
    else slots[Math.log2(place) - 1] = card;
  });
  return { opponentClosed, slots, discard };
}

/** Kuhn's augmenting path: a free unit first (so unconstrained cards land uniformly), in random order. */
function augment(card: number, places: readonly number[], units: readonly number[], holder: number[], visited: boolean[], random: Random): boolean {
  const order = shuffledIndices(units.length, random);
  for (const u of order) {
    if (holder[u] === -1 && (places[card]! & units[u]!) !== 0) {
      holder[u] = card;
      return true;
    }
  }
  for (const u of order) {
    if (visited[u] || (places[card]! & units[u]!) === 0) continue;
    visited[u] = true;
    if (augment(holder[u]!, places, units, holder, visited, random)) {
      holder[u] = card;
      return true;
    }
  }
  return false;
}

function shuffledIndices(n: number, random: Random): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = random.int(i + 1);
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}
