/**
 * What the player (player.ts) asks of a game's renderer: draw one frame's view. The player knows
 * nothing of any game; each game's renderer is in its web folder (games/<id>/, listed in
 * games/registry.ts), and a game without one is drawn by the generic renderer (generic-renderer.ts).
 */

/** A seat as the page names it: the bot's name, and its id for a link when known. */
export interface SeatInfo {
  readonly name: string;
  readonly bot: string | null;
}

/** How a finished game came out, for the last frame (a forfeit is not in any view). */
export interface Outcome {
  readonly winner: number;
  readonly points: readonly number[];
  readonly reason: string;
  /** Each seat's place (1 = first) when the game ranks more than two seats. */
  readonly ranks?: readonly number[];
  readonly forfeit: { readonly seat: number; readonly verdict: string; readonly message: string } | null;
}

export interface RenderContext {
  /** The game's id (its folder's name). */
  readonly game: string;
  readonly seats: readonly SeatInfo[];
  /** The moves applied so far in this frame (0: the deal), to number what the view lists. */
  readonly move: number;
  /** The outcome when this frame is the last of a finished game, else null. */
  readonly outcome: Outcome | null;
}

export interface Renderer {
  /**
   * Draws `view` (the engine's spectator, seat or public view) into `root`, replacing its
   * children. It draws from `view` alone: whatever the view does not hold stays off the page.
   */
  render(root: HTMLElement, view: unknown, context: RenderContext): void;
}
