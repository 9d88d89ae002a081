/**
 * Helpers of the secrecy tests (R11): which cards a seat has never seen, and the same state with
 * such cards renamed, so a view that must not depend on them can be checked not to.
 */
import { ALL_CARDS, ROW_SIZE, cardsOf, createRandom, setOf, shuffled, xix, type HistoryEvent, type XixPublicView, type XixSeatView, type XixState } from '../../../src/index.ts';
import { TRADE_BASE, tradeId } from '../../../src/games/xix/actions.ts';
import { entryActionId, entrySeat, entryTook, logEntry } from '../../../src/games/xix/log.ts';

/** The cards a history names. */
function historyCards(history: readonly HistoryEvent[]): number[] {
  return history.flatMap((event) => {
    if (event.type === 'play' || event.type === 'pick') return [event.card];
    if (event.type === 'trade') return [event.card, event.took].filter((card): card is number => card !== null);
    return [];
  });
}

/** Every card a public view names, wherever it names one, as a set. */
export function cardsNamed(view: XixPublicView): number {
  const slots = view.strikeRow.flatMap((slot) => (slot.card === null ? [] : [slot.card]));
  return setOf([...view.hands.flatMap((hand) => hand.open), ...view.pool, ...(view.led === null ? [] : [view.led]), ...slots, ...historyCards(view.history)]);
}

/** Every card a seat's view shows it, as a set: what it holds, sees face up, followed or saw played. */
export function cardsSeenIn(view: XixSeatView): number {
  const slots = view.strikeRow.flatMap((slot) => (slot.card === null ? [] : [slot.card]));
  const hands = [...view.hand.closed, ...view.hand.open, ...view.opponent.open, ...view.opponent.closedKnown];
  return setOf([...hands, ...view.pool, ...(view.led === null ? [] : [view.led]), ...slots, ...historyCards(view.history)]);
}

/** The cards no seat's view shows now (R11): the discard, unseen face-down strike cards. */
export function hiddenFromEverySeat(state: XixState): number {
  return ALL_CARDS & ~cardsSeenIn(xix.view(state, 0)) & ~cardsSeenIn(xix.view(state, 1));
}

/** A random prefix of a game, and per seat the cards it has ever seen (held or seen face up). */
export function prefixWithSightings(deal: number, actions: number, steps: number): { state: XixState; seen: [number, number] } {
  const random = createRandom(actions);
  const state = xix.start(xix.randomSetup(deal, 2));
  const seen: [number, number] = [0, 0];
  const look = () => {
    for (const seat of [0, 1] as const) {
      const v = xix.view(state, seat);
      const cards = [...v.hand.closed, ...v.hand.open, ...v.opponent.open, ...v.pool, ...(v.led ? [v.led] : [])];
      for (const slot of v.strikeRow) if (slot.faceUp && slot.card !== null) cards.push(slot.card);
      for (const c of cards) seen[seat] |= 1 << c;
    }
  };
  look();
  for (let i = 0; i < steps && xix.toMove(state) !== null; i++) {
    const legal = xix.legalActions(state);
    xix.apply(state, legal[random.int(legal.length)]!);
    look();
  }
  return { state, seen };
}

/** The cards hidden from `seat` now: never seen, and not followed to their place (R11a). */
export function hiddenFrom(state: XixState, seen: readonly number[], seat: 0 | 1): number {
  return ALL_CARDS & ~seen[seat]! & ~state.known[seat];
}

/**
 * A renaming that sends every card of `hidden` to another card of `hidden` (a shuffle, then a
 * rotation by one), leaving other cards alone; null when fewer than two cards are hidden.
 */
export function permutationOf(hidden: number, seed: number): ((card: number) => number) | null {
  const cards = cardsOf(hidden);
  if (cards.length < 2) return null;
  const order = shuffled(cards, createRandom(seed));
  return (c) => {
    const i = order.indexOf(c);
    return i < 0 ? c : order[(i + 1) % order.length]!;
  };
}

/** The same state with cards renamed by `rename` everywhere they appear. */
export function renameCards(s: XixState, rename: (card: number) => number): XixState {
  const set = (mask: number) => cardsOf(mask).reduce((out, c) => out | (1 << rename(c)), 0);
  const copy = xix.clone(s);
  copy.closed = [set(s.closed[0]), set(s.closed[1])];
  copy.open = [set(s.open[0]), set(s.open[1])];
  copy.known = [set(s.known[0]), set(s.known[1])];
  copy.row = s.row.map(rename);
  copy.log = s.log.map((entry) => {
    const id = entryActionId(entry);
    if (id < TRADE_BASE) return entry;
    const card = Math.floor((id - TRADE_BASE) / ROW_SIZE) + 1;
    const slot = (id - TRADE_BASE) % ROW_SIZE;
    const flags = entry & ~(0x7f << 1) & ~1 & ((1 << 11) - 1);
    return logEntry(entrySeat(entry) as 0 | 1, tradeId(rename(card), slot), flags, rename(entryTook(entry)));
  });
  return {
    ...copy,
    setup: {
      hands: [s.setup.hands[0].map(rename), s.setup.hands[1].map(rename)],
      strikeRow: s.setup.strikeRow.map(rename),
      discard: rename(s.setup.discard),
      firstLeader: s.setup.firstLeader,
    },
  };
}
