/**
 * A game of a series as the store records it and live spectators see it: the pool reports bot A's
 * seat, the store wants everything by seat.
 */
import type { AnyGame } from '@xix/engine';
import type { HostGame } from '@xix/sandbox';
import { rotatedGame } from '@xix/referee';
import { matchId } from '@xix/store';
import type { CachedBot } from './bundle-cache.ts';
import type { MatchInput, SeriesEntrant, StoredSeries } from './store-port.ts';

export type SeatedEntrant = MatchInput['entrants'][number];

/** The entrants by seat of a game where bot A sits in `seatOfA`. */
export function seatsOf(series: StoredSeries, bots: readonly [CachedBot, CachedBot], seatOfA: number): SeatedEntrant[] {
  const [a, b] = series.entrants as readonly [SeriesEntrant, SeriesEntrant];
  const entrantA = { bot: a.bot, version: a.version, name: bots[0].name };
  const entrantB = { bot: b.bot, version: b.version, name: bots[1].name };
  return seatOfA === 0 ? [entrantA, entrantB] : [entrantB, entrantA];
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

export function matchInput(series: StoredSeries, bots: readonly [CachedBot, CachedBot], game: HostGame, index: number, finishedAt: number): MatchInput {
  const entrants = seatsOf(series, bots, game.seatOfA);
  const logs = entrants.map((_, seat) =>
    game.record.logs
      .filter((log) => log.seat === seat)
      .map((log) => `[move ${log.move}] ${log.text}`)
      .join('\n'),
  );
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
