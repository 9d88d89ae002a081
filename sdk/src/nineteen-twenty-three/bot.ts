/** The shape of a 1923 bot: the XIX bot's hooks, with 1923's view and actions. */
import type { Action1923, SeatView1923 } from '@xix/engine';
import type { Bot } from '../bot.ts';

/**
 * A 1923 bot. `decide` is asked once per draw step while the seat has not locked (T5), and
 * answers `HIT` or `LOCK` (T16); a seat facing an empty shoe is locked without being asked.
 */
export type Bot1923 = Bot<SeatView1923, Action1923>;

/** Declares a 1923 bot; it only gives the object its type, so editors check it as you write. */
export function defineBot1923<B extends Bot1923>(bot: B): B {
  return bot;
}
