/**
 * `--game ID` and `--option name=value`, as every command that plays reads them: the game from the
 * engine's registry (the default game, the registry's first, when none is named) and its options,
 * checked by the engine's rules (options.ts). Bad input ends as one line.
 */
import { GAMES, GameError, defaultGame, describeEntrantCounts, describeOption, findGame, parseOptionTexts, resolveOptions, type AnyGame, type GameOptions } from '@xix/engine';
import { fail } from './cli-error.ts';

/** The game `--game` names; fails naming the games there are. */
export function gameOption(id: string | undefined): AnyGame {
  if (id === undefined) return defaultGame();
  return findGame(id) ?? fail(`--game must be one of ${[...GAMES.keys()].join(', ')}, got ${id}`);
}

/** The options of a table of `seats` seats from `--option` texts, every default filled in; fails with the engine's message. */
export function tableOptions(game: AnyGame, seats: number, texts: readonly string[] = []): GameOptions {
  try {
    return resolveOptions(game, seats, parseOptionTexts(game, texts));
  } catch (error) {
    if (error instanceof GameError) fail(error.message);
    throw error;
  }
}

/** `--game`'s help: every registered game with the number of bots it takes, the default first. */
export function gamesHelp(): string {
  return [...GAMES.values()].map((game) => `${game.id} (${describeEntrantCounts(game)} bots)`).join(', ');
}

/** `--option`'s help: every registered game's options, or that it has none. */
export function optionsHelp(): string {
  const games = [...GAMES.values()].filter((game) => Object.keys(game.options).length > 0);
  const listed = games.map((game) => `${game.id}: ${Object.entries(game.options).map(([name, spec]) => `${name} (${describeOption(spec)})`).join(', ')}`);
  return `an option of the game, NAME=VALUE (repeatable)${listed.length === 0 ? '' : `; ${listed.join('; ')}`}`;
}

/** The options that differ from the table's defaults, as `name=value, ...` ('' for none): what a report names. */
export function changedOptions(game: AnyGame, seats: number, options: GameOptions): string {
  const defaults = resolveOptions(game, seats);
  return Object.entries(options).filter(([name, value]) => defaults[name] !== value).map(([name, value]) => `${name}=${String(value)}`).join(', ');
}
