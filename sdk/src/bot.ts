/**
 * The shape of a bot of any game. A bot is a TypeScript module whose default export is its game's
 * define function applied to it (`defineXixBot({ ... })`, `defineNineteenTwentyThreeBot({ ... })`:
 * each game's SDK module, sdk/src/games/<id>/, exports one); it may import nothing but `@xix/sdk`.
 * The runner knows the game; a bot sees it in `view.game` too.
 */
import type { GameResult, Seat } from '@xix/engine';

export interface GameStartInfo {
  readonly seat: Seat;
  /**
   * This bot's own seed for this game, for deterministic randomness: the same match gives the
   * same seed. It tells nothing about the deal (a bot that could redraw the deal would see the
   * opponent's hand).
   */
  readonly seed: number;
}

/**
 * A bot of one game, by its seat view and action types. No defaults: no game is the default one
 * here; each game's SDK module names its own (`XixBot`, `NineteenTwentyThreeBot`, ...).
 */
export interface Bot<View, Action> {
  /**
   * Chooses an action for the seat to move. Called only on this seat's turn, with a view that
   * holds only what the seat may know (R11). Must return one of `view.legalActions` (equal by
   * value), synchronously: the time it takes is charged to the bot.
   */
  decide(view: View): Action;
  /** Optional: called once before the first decision of each game. */
  onGameStart?(info: GameStartInfo): void;
  /** Optional: called once when the game is over, with the final view. */
  onGameEnd?(view: View, result: GameResult): void;
}

/**
 * A bot of any game, for runners that hand it views as plain data (the referee, the sandbox): every
 * game's bot is one, and a runner calls `decide(view as never)`.
 */
export type AnyBot = Bot<never, unknown>;
