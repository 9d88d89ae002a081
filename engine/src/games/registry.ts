/**
 * Every game the arena knows, by id, in the order the platform lists them (the first is the
 * default game of the CLI and the pages). Adding a game: a folder `games/<id>/` and a line here.
 */
import type { AnyGame } from '../game.ts';
import { nineteenTwentyThree } from './1923/index.ts';
import { nineteen } from './nineteen/index.ts';
import { sixtyNine } from './sixty-nine/index.ts';
import { xix } from './xix/index.ts';

const GAME_LIST: readonly AnyGame[] = [
  xix,
  nineteenTwentyThree,
  nineteen,
  sixtyNine,
];

export const GAMES: ReadonlyMap<string, AnyGame> = new Map(GAME_LIST.map((game) => [game.id, game]));

export function findGame(id: string): AnyGame | undefined {
  return GAMES.get(id);
}

/** The game a command or a page uses when none is named: the registry's first. */
export function defaultGame(): AnyGame {
  return GAMES.values().next().value!;
}

/**
 * The one test-only switch: with `XIX_FIXTURE_GAMES=1` in its environment a process registers the
 * fixture games (`games/nim/`: a game that exists to prove a game is a module). Every process's
 * entry point awaits `loadFixtureGames()` before it reads the registry; nothing else loads them.
 */
export const FIXTURE_GAMES_SWITCH = 'XIX_FIXTURE_GAMES';

export function fixtureGamesOn(): boolean {
  const env = (globalThis as { process?: { env?: Record<string, string | undefined> } }).process?.env;
  return env?.[FIXTURE_GAMES_SWITCH] === '1';
}

export async function loadFixtureGames(): Promise<void> {
  if (!fixtureGamesOn()) return;
  const { nim } = await import('./nim/index.ts');
  (GAMES as Map<string, AnyGame>).set(nim.id, nim);
}
