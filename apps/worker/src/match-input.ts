/**
 * A game of a series as the store records it and live spectators see it: the pool reports the
 * game's rotation, the store wants everything by seat. Entrant i of the series is bot i of the
 * pool's job; a partnership entrant sits at each seat of its side.
 */
import { findGame, storedLog, type AnyGame } from '@xix/engine';
import type { HostGame } from '@xix/sandbox';
import { rotatedGame, seriesTable, type SeriesTable } from '@xix/referee';
import { matchId } from '@xix/store';
import type { CachedBot } from './bundle-cache.ts';
import type { MatchInput, StoredSeries } from './store-port.ts';

export type SeatedEntrant = MatchInput['entrants'][number];

/** The table of a stored series: its size, options (resolved: stored series' defaults) and seating. */
export function tableOf(game: AnyGame, series: StoredSeries): SeriesTable {
  return seriesTable(game, series.entrants.length, series.seats, series.options);
}

/** The entrants by seat of game `index` of a series. */
export function seatsOf(table: SeriesTable, series: StoredSeries, bots: readonly CachedBot[], index: number): SeatedEntrant[] {
  return rotatedGame(series.seed, table.seating, index, series.dealKey).entrantBySeat.map((e) => {
    const entrant = series.entrants[e]!;
    return { bot: entrant.bot, version: entrant.version, name: bots[e]!.name };
  });
}

/**
 * Game `index` of a series as the sandbox pool plays it (each deal once per seat rotation, the
 * referee's rotatedGame; for two entrants at two seats, deal i gives games 2i, A in seat 0, and
 * 2i + 1, A in seat 1): its setup.
 */
export function seriesSetup(game: AnyGame, table: SeriesTable, series: StoredSeries, index: number): unknown {
  return game.randomSetup(rotatedGame(series.seed, table.seating, index, series.dealKey).dealSeed, table.seats, table.options);
}

export function matchInput(series: StoredSeries, bots: readonly CachedBot[], game: HostGame, index: number, finishedAt: number): MatchInput {
  const rules = findGame(series.game)!;
  const table = tableOf(rules, series);
  const entrants = seatsOf(table, series, bots, index);
  const logs = entrants.map((_, seat) => storedLog(game.record.logs.filter((log) => log.seat === seat)));
  return {
    id: matchId(series.id, index),
    seriesId: series.id,
    game: series.game,
    variant: rules.variant(table.seats, table.options),
    kind: series.kind,
    rated: series.rated,
    entrants,
    replay: game.record.replay,
    logs,
    finishedAt,
  };
}
