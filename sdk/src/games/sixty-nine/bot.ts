/** The shape of a 69 bot: the generic bot's hooks, with 69's view and actions. */
import type { SixtyNineAction, SixtyNineSeatView } from '@xix/engine';
import type { Bot } from '../../bot.ts';

/**
 * A 69 bot. `decide` is asked whenever the seat has a choice (S18): on its turn (pass or play), on
 * a steal chance, out of turn (add cards, possibly none), and when it uses a Scramble (keep or
 * rearrange, then the rearrangement one card at a time). A seat with a single legal action is not
 * asked (S18); `view.decision` says which kind of decision this is.
 */
export type SixtyNineBot = Bot<SixtyNineSeatView, SixtyNineAction>;

/** Declares a 69 bot; it only gives the object its type, so editors check it as you write. */
export function defineSixtyNineBot<B extends SixtyNineBot>(bot: B): B {
  return bot;
}
