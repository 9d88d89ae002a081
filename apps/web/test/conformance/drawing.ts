/** What the conformance page (page.ts, in the browser) answers for one drawing of a view. */
export interface Drawing {
  readonly move: number;
  /** The viewer's perspective (`all`, `seat-N`), or `public` for a live game's view. */
  readonly perspective: string;
  /** Every text a node of the drawing holds alone, and every card it names (data-card). */
  readonly shown: readonly string[];
  /** What the renderer threw, or null. */
  readonly error: string | null;
  /** Did the generic renderer draw it? */
  readonly generic: boolean;
}
