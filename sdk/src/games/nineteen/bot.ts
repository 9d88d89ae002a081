/** The shape of a Nineteen bot: the generic bot's hooks, with Nineteen's view and actions. */
import type { NineteenAction, NineteenSeatView } from '@xix/engine';
import type { Bot } from '../../bot.ts';

/**
 * A Nineteen bot. `decide` is asked whenever the seat has a choice (N22): bid or pass, name the
 * trump, discard, play a card. A seat with a single legal action is not asked (N22).
 */
export type NineteenBot = Bot<NineteenSeatView, NineteenAction>;

/** Declares a Nineteen bot; it only gives the object its type, so editors check it as you write. */
export function defineNineteenBot<B extends NineteenBot>(bot: B): B {
  return bot;
}
