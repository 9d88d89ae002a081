/**
 * Plays one stored series and stores its games as they arrive. A series of k entrants plays each
 * deal once per seat rotation (the referee's rotatedGame: deal i gives games `k·i` to
 * `k·i + k - 1`; its seed is secret, from the series' seed and deal key: deal-seed.ts). A series is resumed, not restarted: the deals whose k games are all stored
 * already are skipped, and `recordMatch` ignores a match id it has seen, so a job taken up again
 * after a crash stores every game exactly once. A tournament cancelled meanwhile stops its series
 * between deals (its status is read once per deal): the games stored are kept.
 *
 * A validation series first has its version type-checked (version-check.ts) and plays only while
 * the version is validating: it stops at the version's first forfeit (which rejects it: issue 17
 * item 4, a looping bot is rejected at its first timeout), and between deals once another of its
 * series rejected it. A series stopped so, or never played, is failed with the reason.
 */
import { UnrecoverableError } from 'bullmq';
import { findGame } from '@xix/engine';
import type { SeriesTable } from '@xix/referee';
import type { SandboxLimits, SandboxPool } from '@xix/sandbox';
import type { BundleCache, CachedBot } from './bundle-cache.ts';
import type { LivePublisher } from './live-publisher.ts';
import { cancelledSeriesReason, matchId } from '@xix/store';
import { matchInput, tableOf } from './match-input.ts';
import type { MatchInput, StoredSeries, WorkerStore } from './store-port.ts';
import type { VersionCheck } from './version-check.ts';

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
  readonly validation: 'checking' | 'validating' | 'active' | 'rejected' | null;
}

export interface RunContext {
  readonly store: WorkerStore;
  readonly pool: SandboxPool;
  readonly bundles: BundleCache;
  /** Publishes the games to live spectators as they are played; none when absent. */
  readonly live?: LivePublisher;
  /** The type-check of a validation series' version, its first step. */
  readonly checkVersion: VersionCheck;
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
  const validates = series.kind === 'validation' ? series.validates : null;
  /** Why the series is to stop before its next deal, or null: its tournament cancelled, its version no longer validating. */
  const stopReason = async (): Promise<string | null> => {
    if (tournament !== null) return (await store.tournamentStatus(tournament)) === 'cancelled' ? cancelledSeriesReason(tournament) : null;
    if (validates === null) return null;
    const state = (await store.getVersion(validates.bot, validates.version))?.state ?? 'missing';
    return state === 'validating' ? null : notValidatingReason(validates, state);
  };
  /** The series stops here: the games stored are kept, its tournament stays cancelled, its version's validation is settled. */
  const stop = async (reason: string, played: number, duplicates: number, skippedDeals: number, hostDeaths = 0): Promise<SeriesRun> => {
    await store.setSeriesStatus(seriesId, 'failed', reason);
    if (tournament !== null && played > 0) context.live?.tournamentChanged(tournament);
    const validation = validates === null ? null : await store.completeValidation(seriesId);
    return { seriesId, played, duplicates, skippedDeals, hostDeaths, validation };
  };
  // Done but not yet acknowledged (a worker died between the two): only the bookkeeping is left.
  if (series.status === 'done') return finish(0, 0, series.deals);
  const firstDeal = firstUnstoredDeal(series);
  if (firstDeal === series.deals) return finish(0, 0, firstDeal);
  if (validates !== null) {
    let state = await context.checkVersion(validates);
    // a forfeit stored before a crash has decided it already
    if (state === 'validating') state = await store.completeValidation(seriesId);
    if (state !== 'validating') return stop(notValidatingReason(validates, state), 0, 0, firstDeal);
  }
  // A cancelled tournament plays no further game, in a series not started or in a retry.
  const before = await stopReason();
  if (before !== null) return stop(before, 0, 0, firstDeal);

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
  // Set (in the chain of writes) when the series is to stop: why.
  let stopped: string | null = null;
  const lastGame = (series.deals - firstDeal) * k - 1;
  const abort = new AbortController();
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
      dealKey: series.dealKey,
    },
    (game) => {
      const input = matchInput(series, bots, game, firstGame + game.index, now());
      live?.played(game);
      writes = writes
        .then(async () => {
          // a game the pool delivered before it was stopped is past the last whole deal
          if (storeFailure !== null || stopped !== null) return;
          played++;
          if ((await store.recordMatch(input)) === 'duplicate') duplicates++;
          live?.stored(game);
          if (tournament !== null) context.live?.tournamentChanged(tournament);
          // after the last game there is nothing left to stop
          if (game.index === lastGame) return;
          if (validates !== null && forfeitedBy(input, validates)) stopped = `stopped at the first forfeit of ${validates.bot} version ${validates.version}, which it validates (match ${input.id})`;
          // games k·i to k·i + k - 1 are deal i: the status is read once per deal but the last
          else if (game.index % k === k - 1) stopped = await stopReason();
          if (stopped !== null) abort.abort();
        })
        .catch((error: unknown) => {
          storeFailure ??= error;
        });
    },
    live && ((progress) => live.progress(progress)),
    { signal: abort.signal },
  );
  await writes;
  if (storeFailure !== null) throw storeFailure;
  if (stopped !== null) return stop(stopped, played, duplicates, firstDeal, outcome.hostDeaths.length);
  // A host killed by a bot is that bot's forfeit game, already stored: only the platform's own
  // troubles (hosts that cannot start, a closed pool) fail the series.
  if (!outcome.ok) throw new InfrastructureError(`the sandbox could not finish series ${seriesId}: ${outcome.error}`);
  return finish(played, duplicates, firstDeal, outcome.hostDeaths.length);
}

/** Why a validation series does not play (on): its version is not validating. */
function notValidatingReason(version: { readonly bot: string; readonly version: number }, state: string): string {
  const what = state === 'rejected' ? 'was rejected' : state === 'missing' ? 'does not exist' : `is ${state}`;
  return `not played on: ${version.bot} version ${version.version}, which it validates, ${what}`;
}

/** The game was forfeited by the version (a seat it plays). */
function forfeitedBy(match: MatchInput, version: { readonly bot: string; readonly version: number }): boolean {
  const seat = match.replay.forfeit?.seat;
  if (seat === undefined || seat === null) return false;
  const entrant = match.entrants[seat];
  return entrant?.bot === version.bot && entrant.version === version.version;
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
