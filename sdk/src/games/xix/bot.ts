/** The shape of a XIX bot: the generic bot's hooks, with XIX's view and actions. */
import type { XixAction, XixSeatView } from '@xix/engine';
import type { Bot } from '../../bot.ts';

/**
 * A XIX bot. `decide` is asked whenever the seat is to move: play a card, answer a strike (raise
 * or abandon), pick from the pool or trade (R1–R12).
 */
export type XixBot = Bot<XixSeatView, XixAction>;

/** Declares a XIX bot; it only gives the object its type, so editors check it as you write. */
export function defineXixBot<B extends XixBot>(bot: B): B {
  return bot;
}
