/** Every game the arena knows, by id. Adding a game: a folder beside `xix/` and a line here. */
import type { AnyGame } from './game.ts';
import { xix } from './xix/index.ts';

export const GAMES: ReadonlyMap<string, AnyGame> = new Map<string, AnyGame>([[xix.id, xix]]);

export function findGame(id: string): AnyGame | undefined {
  return GAMES.get(id);
}
