/**
 * What the web pages know of a game beyond the engine: its name for people and its renderer. Both
 * are optional pieces: a game with no entry in registry.ts is named by its id and drawn by the
 * generic renderer (viewer/generic-renderer.ts).
 */
import type { Renderer } from '../viewer/renderer.ts';

export interface WebGame {
  /** The game's id: its folders' name, as in the engine's registry. */
  readonly id: string;
  /** Its name for people, in titles, pickers and lists (e.g. 'XIX'). */
  readonly name: string;
  /** Draws a frame of its games in the match viewer. */
  readonly renderer?: Renderer;
}
