/**
 * Determinized worlds: the engine state of the view's position with the hidden cards dealt one
 * way (`HiddenDeal`). The first world is built and checked by the engine (`positionState`); the
 * rest are clones of it with only the hidden cards swapped, which costs a few bit operations.
 */
import { positionState, setOf, xix, type XixPosition, type XixSeatView, type XixState } from '@xix/engine';
import type { HiddenCards } from './knowledge.ts';

type XixSeat = 0 | 1;
import type { HiddenDeal } from './sample.ts';

/** The complete position of the view with the hidden cards placed as in `deal`. */
export function positionOf(view: XixSeatView, deal: HiddenDeal): XixPosition {
  const me = view.seat as XixSeat;
  const mine = { closed: view.hand.closed, open: view.hand.open };
  const theirs = { closed: [...view.opponent.closedKnown, ...deal.opponentClosed], open: view.opponent.open };
  if (view.phase === 'over' || view.toMove === null) throw new RangeError('the game is over: there is no position to search');
  return {
    phase: view.phase,
    toMove: view.toMove as XixSeat,
    leader: view.leader as XixSeat,
    hands: me === 0 ? [mine, theirs] : [theirs, mine],
    strikeRow: view.strikeRow.map((slot, i) => ({ card: slot.card ?? deal.slots[i]!, faceUp: slot.faceUp })),
    discard: deal.discard,
    pool: view.pool,
    led: view.led,
    strikes: [view.strikes[0]!, view.strikes[1]!],
    points: [view.points[0]!, view.points[1]!],
    exchangeWinner: view.exchangeWinner as XixSeat | null,
    exchange: view.exchange,
  };
}

export interface WorldMaker {
  /** A fresh state of the position with the hidden cards dealt as in `deal`. */
  world(deal: HiddenDeal): XixState;
}

/** Checks the position once (with `first`), then makes worlds by cloning. */
export function worldMaker(view: XixSeatView, hidden: HiddenCards, first: HiddenDeal): WorldMaker {
  const template = positionState(positionOf(view, first));
  const opponent = 1 - view.seat;
  const knownClosed = setOf(view.opponent.closedKnown);
  const slots = hidden.unknownSlots;
  return {
    world(deal) {
      const s = xix.clone(template);
      s.closed[opponent] = knownClosed | setOf(deal.opponentClosed);
      for (const slot of slots) s.row[slot] = deal.slots[slot]!;
      return s;
    },
  };
}
