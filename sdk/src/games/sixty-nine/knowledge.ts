/** What a seat can work out from its view (S17): the cards it has not seen this round, the open sets. */
import { SIXTY_NINE_CARD_CODES, type Seat, type SixtyNineCardCode, type SixtyNinePublicView, type SixtyNineSeatView, type TableSetView } from '@xix/engine';

/**
 * The cards this seat has not seen this round: not in its hand, on the table or in a captured pile.
 * Each is in another seat's hand or in the deck (S17: which, the view does not say).
 */
export function unseenThisRound(view: SixtyNineSeatView): SixtyNineCardCode[] {
  const seen = new Set<string>([...view.hand, ...view.table.flatMap((set) => set.cards), ...view.captured.flat()]);
  return SIXTY_NINE_CARD_CODES.filter((code) => !seen.has(code));
}

/** S8, S12: the table positions of the open sets (complete, claimed, in a steal sequence), with `seat`'s only when given. */
export function openSets(view: SixtyNinePublicView, seat?: Seat): number[] {
  return view.table.flatMap((set: TableSetView, i) => (set.claimant !== null && (seat === undefined || set.claimant === seat) ? [i] : []));
}

/** S6: the table positions of the sets a turn may play into (1 or 2 cards, not open). */
export function incompleteSets(view: SixtyNinePublicView): number[] {
  return view.table.flatMap((set, i) => (set.claimant === null && set.cards.length < 3 ? [i] : []));
}
