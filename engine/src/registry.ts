/** Every game the arena knows, by id. Adding a game: a folder beside `xix/` and a line here. */
import type { AnyGame } from './game.ts';
import { nineteenTwentyThree } from './nineteen-twenty-three/index.ts';
import { xix } from './xix/index.ts';

export const GAMES: ReadonlyMap<string, AnyGame> = new Map<string, AnyGame>([
  [xix.id, xix],
  [nineteenTwentyThree.id, nineteenTwentyThree],
]);

export function findGame(id: string): AnyGame | undefined {
  return GAMES.get(id);
}
