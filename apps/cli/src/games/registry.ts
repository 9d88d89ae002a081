/**
 * The games with their own text in the terminal (games/<id>/), one line a game. A game not listed
 * here is printed by the generic fallback (game-text.ts): nothing to add for a new game until it
 * wants its own text.
 */
import type { AnyGame } from '@xix/engine';
import { genericText, type FullGameText, type GameText } from './game-text.ts';
import { nineteenText } from './nineteen/index.ts';
import { sixtyNineText } from './sixty-nine/index.ts';
import { xixText } from './xix/index.ts';

const GAME_TEXTS: ReadonlyMap<string, GameText> = new Map([
  xixText,
  nineteenText,
  sixtyNineText,
].map((text) => [text.id, text]));

/** The text of `game`: its own pieces, the generic fallback for the rest. */
export function textOf(game: AnyGame): FullGameText {
  return { ...genericText(game), ...GAME_TEXTS.get(game.id) };
}
