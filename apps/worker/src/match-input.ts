/**
 * A game of a series as the store records it and live spectators see it: the pool reports bot A's
 * seat (the game's rotation), the store wants everything by seat. Entrant i of the series is bot i
 * of the pool's job.
 */
import { storedLog, type AnyGame } from '@xix/engine';
import type { HostGame } from '@xix/sandbox';
import { botInSeat, rotatedGame } from '@xix/referee';
import { matchId } from '@xix/store';
import type { CachedBot } from './bundle-cache.ts';
import type { MatchInput, StoredSeries } from './store-port.ts';

export type SeatedEntrant = MatchInput['entrants'][number];

/** The entrants by seat of a game in rotation `rotation` (bot A's seat). */
export function seatsOf(series: StoredSeries, bots: readonly CachedBot[], rotation: number): SeatedEntrant[] {
  const k = series.entrants.length;
  return Array.from({ length: k }, (_, seat) => {
    const bot = botInSeat(seat, rotation, k);
    const entrant = series.entrants[bot]!;
    return { bot: entrant.bot, version: entrant.version, name: bots[bot]!.name };
  });
}

/**
 * Game `index` of a series as the sandbox pool plays it (each deal once per seat rotation, the
 * referee's rotatedGame; for two bots, deal `seed + i` gives games 2i, bot A in seat 0, and
 * 2i + 1, bot A in seat 1): its setup and bot A's seat.
 */
export function seriesGame(game: AnyGame, series: StoredSeries, index: number): { readonly setup: unknown; readonly seatOfA: number } {
  const bots = series.entrants.length;
  const { dealSeed, rotation } = rotatedGame(series.seed, bots, index);
  return { setup: game.randomSetup(dealSeed, bots), seatOfA: rotation };
}

/** The rotation (bot A's seat) of game `index` of a series. */
export function rotationOf(series: StoredSeries, index: number): number {
  return rotatedGame(series.seed, series.entrants.length, index).rotation;
}

export function matchInput(series: StoredSeries, bots: readonly CachedBot[], game: HostGame, index: number, finishedAt: number): MatchInput {
  const entrants = seatsOf(series, bots, game.seatOfA);
  const logs = entrants.map((_, seat) => storedLog(game.record.logs.filter((log) => log.seat === seat)));
  return {
    id: matchId(series.id, index),
    seriesId: series.id,
    game: series.game,
    kind: series.kind,
    rated: series.rated,
    entrants,
    replay: game.record.replay,
    logs,
    finishedAt,
  };
}
