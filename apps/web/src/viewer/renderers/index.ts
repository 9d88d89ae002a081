/**
 * Renderers by game id: the player (player.ts) knows nothing of any game; a renderer draws one
 * frame's view of its game. Adding a game's viewer: a file beside xix.ts and a line in RENDERERS.
 */
import { nineteenTwentyThreeRenderer } from './nineteen-twenty-three.ts';
import { xixRenderer } from './xix.ts';

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
  readonly forfeit: { readonly seat: number; readonly verdict: string; readonly message: string } | null;
}

export interface RenderContext {
  readonly seats: readonly SeatInfo[];
  /** The outcome when this frame is the last of a finished game, else null. */
  readonly outcome: Outcome | null;
}

export interface Renderer {
  readonly game: string;
  /** Draws `view` (the engine's spectator, seat or public view) into `root`, replacing its children. */
  render(root: HTMLElement, view: unknown, context: RenderContext): void;
}

const RENDERERS: ReadonlyMap<string, Renderer> = new Map([xixRenderer, nineteenTwentyThreeRenderer].map((renderer) => [renderer.game, renderer]));

export function findRenderer(game: string): Renderer | undefined {
  return RENDERERS.get(game);
}
