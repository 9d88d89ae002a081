/**
 * A game from the sandbox pool as the store records it: the pool reports bot A's seat, the store
 * wants everything by seat.
 */
import type { HostGame } from '@xix/sandbox';
import { matchId } from '@xix/store';
import type { CachedBot } from './bundle-cache.ts';
import type { MatchInput, SeriesEntrant, StoredSeries } from './store-port.ts';

export function matchInput(series: StoredSeries, bots: readonly [CachedBot, CachedBot], game: HostGame, index: number, finishedAt: number): MatchInput {
  const [a, b] = series.entrants as readonly [SeriesEntrant, SeriesEntrant];
  const entrantA = { bot: a.bot, version: a.version, name: bots[0].name };
  const entrantB = { bot: b.bot, version: b.version, name: bots[1].name };
  const entrants = game.seatOfA === 0 ? [entrantA, entrantB] : [entrantB, entrantA];
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
