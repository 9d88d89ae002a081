/**
 * The shape of a bot. A bot is a TypeScript module whose default export is `defineBot({ ... })`;
 * it may import nothing but `@xix/sdk`.
 */
import type { GameResult, Seat, XixAction, XixSeatView } from '@xix/engine';

export interface GameStartInfo {
  readonly seat: Seat;
  /**
   * This bot's own seed for this game, for deterministic randomness: the same match gives the
   * same seed. It tells nothing about the deal (a bot that could redraw the deal would see the
   * opponent's hand).
   */
  readonly seed: number;
}

export interface Bot {
  /**
   * Chooses an action for the seat to move. Called only on this seat's turn, with a view that
   * holds only what the seat may know (R11). Must return one of `view.legalActions` (equal by
   * value), synchronously: the time it takes is charged to the bot.
   */
  decide(view: XixSeatView): XixAction;
  /** Optional: called once before the first decision of each game. */
  onGameStart?(info: GameStartInfo): void;
  /** Optional: called once when the game is over, with the final view. */
  onGameEnd?(view: XixSeatView, result: GameResult): void;
}

/** Declares a bot; it only gives the object its type, so editors check it as you write. */
export function defineBot<B extends Bot>(bot: B): B {
  return bot;
}
