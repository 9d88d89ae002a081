/** The shape of a 1923 bot: the generic bot's hooks, with 1923's view and actions. */
import type { NineteenTwentyThreeAction, NineteenTwentyThreeSeatView } from '@xix/engine';
import type { Bot } from '../../bot.ts';

/**
 * A 1923 bot. `decide` is asked once per draw step while the seat has not locked (T5), and
 * answers `HIT` or `LOCK` (T16); a seat facing an empty shoe is locked without being asked.
 */
export type NineteenTwentyThreeBot = Bot<NineteenTwentyThreeSeatView, NineteenTwentyThreeAction>;

/** Declares a 1923 bot; it only gives the object its type, so editors check it as you write. */
export function defineNineteenTwentyThreeBot<B extends NineteenTwentyThreeBot>(bot: B): B {
  return bot;
}
