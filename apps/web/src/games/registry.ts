/**
 * The games the web pages know more of than the engine says, one line each (a game's web folder is
 * optional: the pages list the engine's games, and a game without a line here is named by its id
 * and drawn by the generic renderer). Adding a game's viewer: a folder games/<id>/ whose index
 * exports its WebGame, and a line here.
 */
import { genericRenderer } from '../viewer/generic-renderer.ts';
import type { Renderer } from '../viewer/renderer.ts';
import type { WebGame } from './web-game.ts';
import { nineteenTwentyThreeWebGame } from './1923/index.ts';
import { nineteenWebGame } from './nineteen/index.ts';
import { sixtyNineWebGame } from './sixty-nine/index.ts';
import { xixWebGame } from './xix/index.ts';

const WEB_GAME_LIST: readonly WebGame[] = [
  xixWebGame,
  nineteenTwentyThreeWebGame,
  nineteenWebGame,
  sixtyNineWebGame,
];

export const WEB_GAMES: ReadonlyMap<string, WebGame> = new Map(WEB_GAME_LIST.map((game) => [game.id, game]));

/** The renderer of a game's frames: its own, else the generic one. */
export function rendererOf(game: string): Renderer {
  return WEB_GAMES.get(game)?.renderer ?? genericRenderer;
}

/** A game's name for people: its web folder's, else its id. */
export function gameName(game: string): string {
  return WEB_GAMES.get(game)?.name ?? game;
}
