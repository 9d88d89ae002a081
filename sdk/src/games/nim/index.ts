/**
 * The SDK's part for nim, the fixture game that proves a game is a module (engine/src/games/nim/).
 *
 * Nim is registered only under the test-only switch, so this module takes nothing of the engine's
 * nim at run time: its types are imported with `import type` (erased: no bot bundle, no process
 * loads the engine's nim through the SDK), and `defineNimBot` is the SDK's own identity function.
 * That keeps one way to write a bot of every game, nim included: `defineXxxBot` from `@xix/sdk`
 * (a bot may import nothing else), without a generic `defineBot` beside each game's.
 *
 * The types come from the engine's nim module by path because `@xix/engine`'s index exports only
 * the games that are always registered.
 */
import type { NimAction, NimSeatView } from '@xix/engine';
import type { Bot } from '../../bot.ts';

export type { NimAction, NimSeatView };

/** A nim bot: on its turn, take 1, 2 or 3 stones (`view.legalActions`); whoever takes the last stone wins. */
export type NimBot = Bot<NimSeatView, NimAction>;

/** Declares a nim bot; it only gives the object its type, so editors check it as you write. */
export function defineNimBot<B extends NimBot>(bot: B): B {
  return bot;
}
