/**
 * Plays one stored series and stores its games as they arrive. A series of k entrants plays each
 * deal once per seat rotation (the referee's rotatedGame: deal `seed + i` gives games `k·i` to
 * `k·i + k - 1`). A series is resumed, not restarted: the deals whose k games are all stored
 * already are skipped, and `recordMatch` ignores a match id it has seen, so a job taken up again
 * after a crash stores every game exactly once. A tournament cancelled meanwhile stops its series
 * between deals (its status is read once per deal): the games stored are kept.
 */
import { UnrecoverableError } from 'bullmq';
import { findGame } from '@xix/engine';
import type { SeriesTable } from '@xix/referee';
import type { SandboxLimits, SandboxPool } from '@xix/sandbox';
import type { BundleCache, CachedBot } from './bundle-cache.ts';
import type { LivePublisher } from './live-publisher.ts';
import { cancelledSeriesReason, matchId } from '@xix/store';
import { matchInput, tableOf } from './match-input.ts';
import type { StoredSeries, WorkerStore } from './store-port.ts';

export interface SeriesRun {
  readonly seriesId: string;
  /** Games played by this run, and how many of them the store already had. */
  readonly played: number;
  readonly duplicates: number;
  /** Deals skipped because all their games were stored before this run. */
  readonly skippedDeals: number;
  /** Sandbox hosts its bots killed (each a forfeit game, or a game that stands). */
  readonly hostDeaths: number;
  /** For a validation series, the version's state afterwards. */
  readonly validation: 'validating' | 'active' | 'rejected' | null;
}

export interface RunContext {
  readonly store: WorkerStore;
  readonly pool: SandboxPool;
  readonly bundles: BundleCache;
  /** Publishes the games to live spectators as they are played; none when absent. */
  readonly live?: LivePublisher;
  readonly now?: () => number;
}

/** The sandbox pool gave up on a series for a reason that is no bot's fault. */
export class InfrastructureError extends Error {
  override name = 'InfrastructureError';
}

export async function runSeries(context: RunContext, seriesId: string): Promise<SeriesRun> {
  const { store, pool, bundles } = context;
  const now = context.now ?? Date.now;
  const series = await store.getSeries(seriesId);
  if (series === null) throw new UnrecoverableError(`series ${seriesId} does not exist`);
  const table = checkPlayable(series);
  const tournament = series.tournament;
  const finish = async (played: number, duplicates: number, skippedDeals: number, hostDeaths = 0): Promise<SeriesRun> => {
    await store.setSeriesStatus(seriesId, 'done');
    const validation = series.kind === 'validation' ? await store.completeValidation(seriesId) : null;
    if (tournament !== null) {
      await store.settleTournament(tournament);
      context.live?.tournamentChanged(tournament);
    }
    return { seriesId, played, duplicates, skippedDeals, hostDeaths, validation };
  };
  const cancelled = async (): Promise<boolean> => tournament !== null && (await store.tournamentStatus(tournament)) === 'cancelled';
  /** The series stops here: the games stored are kept, the tournament stays cancelled. */
  const stopCancelled = async (played: number, duplicates: number, skippedDeals: number, hostDeaths = 0): Promise<SeriesRun> => {
    await store.setSeriesStatus(seriesId, 'failed', cancelledSeriesReason(tournament!));
    if (played > 0) context.live?.tournamentChanged(tournament!);
    return { seriesId, played, duplicates, skippedDeals, hostDeaths, validation: null };
  };
  // Done but not yet acknowledged (a worker died between the two): only the bookkeeping is left.
  if (series.status === 'done') return finish(0, 0, series.deals);
  const firstDeal = firstUnstoredDeal(series);
  if (firstDeal === series.deals) return finish(0, 0, firstDeal);
  // A cancelled tournament plays no further game, in a series not started or in a retry.
  if (await cancelled()) return stopCancelled(0, 0, firstDeal);

  await store.setSeriesStatus(seriesId, 'running');
  if (tournament !== null) await store.settleTournament(tournament);

  const k = series.entrants.length;
  const bots: CachedBot[] = [];
  for (const entrant of series.entrants) bots.push(await bundles.get(entrant.bot, entrant.version));
  const firstGame = firstDeal * k;
  const live = context.live?.series(series, bots, firstGame);
  let played = 0;
  let duplicates = 0;
  let storeFailure: unknown = null;
  // Set (in the chain of writes) when a deal is stored and the tournament is found cancelled.
  let stopped = false;
  const lastGame = (series.deals - firstDeal) * k - 1;
  const stop = new AbortController();
  // onGame is synchronous: the writes are chained so they reach the store in game order.
  let writes = Promise.resolve();
  const outcome = await pool.runSeries(
    {
      game: series.game,
      seed: series.seed + firstDeal,
      deals: series.deals - firstDeal,
      bots: bots.map((bot) => ({ name: bot.name, code: bot.code })),
      seats: table.seats,
      options: table.options,
      ...(series.limits !== null && { limits: series.limits as Partial<SandboxLimits> }),
      botSeedKey: series.botSeedKey,
    },
    (game) => {
      const input = matchInput(series, bots, game, firstGame + game.index, now());
      live?.played(game);
      writes = writes
        .then(async () => {
          // a game the pool delivered before it was stopped is past the last whole deal
          if (storeFailure !== null || stopped) return;
          played++;
          if ((await store.recordMatch(input)) === 'duplicate') duplicates++;
          live?.stored(game);
          if (tournament !== null) context.live?.tournamentChanged(tournament);
          // games k·i to k·i + k - 1 are deal i: the status is read once per deal but the last
          if (game.index % k === k - 1 && game.index < lastGame && (await cancelled())) {
            stopped = true;
            stop.abort();
          }
        })
        .catch((error: unknown) => {
          storeFailure ??= error;
        });
    },
    live && ((progress) => live.progress(progress)),
    { signal: stop.signal },
  );
  await writes;
  if (storeFailure !== null) throw storeFailure;
  if (stopped) return stopCancelled(played, duplicates, firstDeal, outcome.hostDeaths.length);
  // A host killed by a bot is that bot's forfeit game, already stored: only the platform's own
  // troubles (hosts that cannot start, a closed pool) fail the series.
  if (!outcome.ok) throw new InfrastructureError(`the sandbox could not finish series ${seriesId}: ${outcome.error}`);
  return finish(played, duplicates, firstDeal, outcome.hostDeaths.length);
}

/** The first deal with a game not yet stored (`deals` when all are): where a run resumes. */
export function firstUnstoredDeal(series: StoredSeries): number {
  const stored = new Set(series.matches);
  const k = series.entrants.length;
  for (let deal = 0; deal < series.deals; deal++) {
    for (let rotation = 0; rotation < k; rotation++) if (!stored.has(matchId(series.id, deal * k + rotation))) return deal;
  }
  return series.deals;
}

/** A series the pool cannot play will never become playable: no retries. Answers its table. */
function checkPlayable(series: StoredSeries): SeriesTable {
  const game = findGame(series.game);
  if (game === undefined) throw new UnrecoverableError(`series ${series.id} is of an unknown game ${JSON.stringify(series.game)}`);
  if (!Number.isSafeInteger(series.deals) || series.deals < 1) throw new UnrecoverableError(`series ${series.id} has no deals to play (deals = ${String(series.deals)})`);
  try {
    return tableOf(game, series);
  } catch (error) {
    throw new UnrecoverableError(`series ${series.id} cannot be played: ${(error as Error).message}`);
  }
}
