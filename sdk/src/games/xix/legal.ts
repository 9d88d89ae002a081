/**
 * Filters over `view.legalActions`. Always answer with one of those objects (or an equal value):
 * anything else forfeits the game (R12).
 */
import type { AbandonAction, Card, PickAction, PlayAction, RaiseAction, TradeAction, XixAction, XixSeatView } from '@xix/engine';

const ofType =
  <A extends XixAction>(type: A['type']) =>
  (view: XixSeatView): A[] =>
    view.legalActions.filter((a): a is A => a.type === type);

/** The legal plays (phase `play`). */
export const plays: (view: XixSeatView) => PlayAction[] = ofType<PlayAction>('play');
/** The legal picks (phase `draft`). */
export const picks: (view: XixSeatView) => PickAction[] = ofType<PickAction>('pick');
/** The legal trades (phase `trade`): every card of either hand for every slot (R9a). */
export const trades: (view: XixSeatView) => TradeAction[] = ofType<TradeAction>('trade');

/** The raise action when it is legal (phase `strike`), else null. */
export function raiseAction(view: XixSeatView): RaiseAction | null {
  return ofType<RaiseAction>('raise')(view)[0] ?? null;
}

/** The abandon action when it is legal (phase `strike`), else null. */
export function abandonAction(view: XixSeatView): AbandonAction | null {
  return ofType<AbandonAction>('abandon')(view)[0] ?? null;
}

/** The legal play of `card`, or null when `card` cannot be played now. */
export function playOf(view: XixSeatView, card: Card): PlayAction | null {
  return plays(view).find((a) => a.card === card) ?? null;
}

/** The legal pick of `card`, or null. */
export function pickOf(view: XixSeatView, card: Card): PickAction | null {
  return picks(view).find((a) => a.card === card) ?? null;
}

/** The legal trade of `card` for `slot`, or null. */
export function tradeOf(view: XixSeatView, card: Card, slot: number): TradeAction | null {
  return trades(view).find((a) => a.card === card && a.slot === slot) ?? null;
}

/** Is `action` (any value) equal to one of the legal actions? */
export function isLegal(view: XixSeatView, action: unknown): boolean {
  return legalMatch(view, action) !== null;
}

/** The legal action equal by value to `action`, or null. */
export function legalMatch(view: XixSeatView, action: unknown): XixAction | null {
  if (typeof action !== 'object' || action === null) return null;
  const a = action as Record<string, unknown>;
  const keys = Object.keys(a).length;
  const same = (l: XixAction): boolean =>
    l.type === a.type && Object.keys(l).length === keys && (!('card' in l) || l.card === a.card) && (!('slot' in l) || l.slot === a.slot);
  return view.legalActions.find(same) ?? null;
}
