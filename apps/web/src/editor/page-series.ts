/**
 * The editor's series: the author's bot (entrant A) against a house bot in every other seat or
 * side of the game's main table (pageSeats), at its default options: deal i of the series is played once
 * per seat rotation, as `xix play bot.ts house [house ...]` plays it (the referee's rotatedGame,
 * seatPlayers and playMatch, with the local bot-seed key). Each rotation's players are loaded once,
 * a fresh module for each seat, as `xix play` does. Played game by game from any index, so that the
 * runner can take a series up again after it stopped a worker (runner.ts).
 */
import { entrantsAt, findGame, type AnyGame } from '@xix/engine';
import { playMatch, rotatedGame, seatPlayers, seriesTable, validationTableSizes, type Player, type SeriesGame, type SeriesTable } from '@xix/referee';
import { pagePlayer, type BeforeCall, type BotModule, type SdkModule, type TimeLimits } from './page-player.ts';

export interface PageSeries {
  readonly game: string;
  /** Entrant A (the author's bot), then the other entrants. */
  readonly bots: readonly BotModule[];
  readonly seed: number;
  /** Games [first, end) of the series. */
  readonly first: number;
  readonly end: number;
  readonly limits?: TimeLimits;
}

/** The game of an id, or an error naming it. */
export function gameOf(id: string): AnyGame {
  const game = findGame(id);
  if (game === undefined) throw new RangeError(`unknown game ${JSON.stringify(id)}`);
  return game;
}

/**
 * The size of the editor's table of `game`: the table of its main leaderboard (the server's
 * mainVariant), its smallest table that seats two entrants or more.
 */
export function pageSeats(game: AnyGame): number {
  return validationTableSizes(game)[0]!;
}

/** How many entrants the editor's table of `game` seats. */
export function pageEntrants(game: AnyGame): number {
  return entrantsAt(game, pageSeats(game));
}

/** The editor's table of `game`, with the default options. */
export function pageTable(game: AnyGame): SeriesTable {
  return seriesTable(game, pageEntrants(game), pageSeats(game));
}

/**
 * The entrants of a series: the author's bot, then the house bot in each other seat or side, named
 * as `xix play` names them (a second bot of the same name is `name (2)`, and so on).
 */
export function seriesBots(author: BotModule, house: BotModule, entrants: number): BotModule[] {
  const bots: BotModule[] = [];
  for (const bot of [author, ...Array.from({ length: entrants - 1 }, () => house)]) {
    const taken = bots.filter((b) => b.name === bot.name || b.name.startsWith(`${bot.name} (`)).length;
    bots.push({ name: taken === 0 ? bot.name : `${bot.name} (${taken + 1})`, code: bot.code });
  }
  return bots;
}

/**
 * Plays games [first, end) of the series, each reported to `onGame` as it ends. `beforeCall` hears
 * of every call of a bot: which game and entrant, and the actions played so far in that game.
 */
export function playPageSeries(series: PageSeries, sdk: SdkModule, onGame: (game: SeriesGame) => void, beforeCall?: (index: number, entrant: number, call: Parameters<BeforeCall>[0], actions: readonly unknown[]) => void): void {
  const game = gameOf(series.game);
  const table = pageTable(game);
  if (series.bots.length !== table.seating.length) throw new RangeError(`${game.id} seats ${table.seating.length} entrants at its table, not ${series.bots.length}`);
  let index = series.first;
  // the actions so far of the game in play: every answer accepted so far (a refused one ends it)
  let actions: unknown[] = [];
  const tables: Player[][] = [];
  const playersOf = (rotation: number): Player[] =>
    (tables[rotation] ??= seatPlayers(table.seating, rotation, (entrant) => {
      const hook: BeforeCall | undefined = beforeCall === undefined ? undefined : (call) => beforeCall(index, entrant, call, actions);
      const player = pagePlayer(series.bots[entrant]!, sdk, series.limits, hook);
      if (beforeCall === undefined) return player;
      return { ...player, decide: (view: unknown) => {
        const decision = player.decide(view);
        if (decision.ok) actions.push(decision.action);
        return decision;
      } };
    }));
  for (; index < series.end; index++) {
    const { dealSeed, rotation } = rotatedGame(series.seed, table.seating, index);
    actions = [];
    const record = playMatch({ game, setup: game.randomSetup(dealSeed, table.seats, table.options), seed: dealSeed, players: playersOf(rotation) });
    onGame({ index, rotation, record });
  }
}
