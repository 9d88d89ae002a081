/**
 * The platform's background SPRT (issue 21, docs/sprt.md "On the platform"): when a version becomes
 * active, it is tested against the author's previous active version, a chunk of unrated games at a
 * time, each chunk a series job at the lowest priority of the queue (SERIES_JOB_PRIORITY.sprt:
 * behind validations, tournaments, challenges and the ladder, so a worker plays it only when nothing
 * else waits). The store keeps the test (store sprt.ts); this starts it and moves it on:
 * - after a validation series leaves its version active (the worker's afterSeries), it starts the
 *   version's test;
 * - after a chunk's series is done (afterSeries again), it folds the chunk in and enqueues the next;
 * - every `intervalMs`, a round does the same for every running test: what a dead worker or a Redis
 *   restart left half done (a chunk played but not folded, a chunk created but not enqueued) is
 *   finished then. Every step is idempotent, so any number of workers may run one.
 */
import { randomInt } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { entrantsAt, findGame } from '@xix/engine';
import { DEFAULT_SPRT_SETTINGS, SERIES_JOB_OPTIONS, SERIES_JOB_PRIORITY, SERIES_QUEUE, blobDirOf, checkSprtSettings, createStore, dataDirOf, fileBlobStore, logConnectionErrors, queuePrefix, seriesJobId, type EntrantRef, type SeriesJobName, type SprtSettings, type Store } from '@xix/store';
import { ladderTableOf } from './ladder.ts';
import { bounded, repeatRounds } from './rounds.ts';
import type { SeriesRun } from './run-series.ts';

/** The user whose bots are the house bots, and the one whose bots fill the other seats of a test through a field. */
const HOUSE = 'house';
const FIELD_BOT = 'heuristic';

export interface SprtRunnerOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  /** The tests' settings; default DEFAULT_SPRT_SETTINGS (elo0 0, elo1 10, alpha = beta = 0.05, 20,000 games). */
  readonly settings?: Partial<SprtSettings>;
  /** How often a round advances every running test (ms); default 10 s. */
  readonly intervalMs?: number;
  readonly logger?: Logger;
  /** false: no timer, the caller calls tick() (tests). Default true. */
  readonly autorun?: boolean;
}

export interface SprtRunner {
  /** The worker's hook after each series it played: starts a test, or moves one on. */
  afterSeries(name: SeriesJobName, run: SeriesRun): Promise<void>;
  /** Starts the test of a version just active against the bot's previous active version (if any). */
  versionActivated(bot: string, version: number): Promise<boolean>;
  /** One round: every running test moved on. */
  tick(): Promise<void>;
  close(): Promise<void>;
}

export function startSprtRunner(options: SprtRunnerOptions): SprtRunner {
  const settings = checkSprtSettings({ ...DEFAULT_SPRT_SETTINGS, ...options.settings });
  const intervalMs = options.intervalMs ?? 10_000;
  if (!Number.isSafeInteger(intervalMs) || intervalMs < 50) throw new RangeError(`intervalMs must be an integer of at least 50, got ${String(intervalMs)}`);
  const log = options.logger ?? pino({ level: 'silent' });
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queueRedis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  logConnectionErrors(redis, 'sprt store', log);
  logConnectionErrors(queueRedis, 'sprt queue connection', log);
  const store: Store = createStore(redis, { prefix: options.prefix, blobs: fileBlobStore(blobDirOf(dataDirOf(process.env))) });
  const queue = new Queue(SERIES_QUEUE, { connection: queueRedis, prefix: queuePrefix(options.prefix) });
  logConnectionErrors(queue, 'sprt queue', log, { readyFrom: queueRedis });

  const enqueue = async (seriesIds: readonly string[]): Promise<void> => {
    for (const seriesId of seriesIds) await queue.add('sprt', { seriesId }, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(seriesId), priority: SERIES_JOB_PRIORITY.sprt });
  };

  /** Moves a test on: folds a finished chunk, enqueues the current one; says when it is decided. */
  const advance = async (bot: string, version: number): Promise<void> => {
    const before = await store.getSprt(bot, version);
    if (before === null || before.status !== 'running') return;
    const owner = await store.getBot(bot);
    if (owner === null || owner.retired) {
      await store.stopSprt(bot, version, 'the bot was retired');
      return;
    }
    // a newer version active supersedes it, even where its own test did not start
    if (owner.active !== null && owner.active > version) {
      await store.stopSprt(bot, version, `superseded by version ${owner.active}`);
      return;
    }
    const step = await store.advanceSprt(bot, version);
    await enqueue(step.enqueue);
    if (step.status !== 'running') {
      const test = await store.getSprt(bot, version);
      log.info({ bot, version, base: test?.base, status: test?.status, games: test?.games, llr: test?.llr, elo: test?.elo, reason: test?.reason }, 'sprt decided');
    }
  };

  const versionActivated = async (bot: string, version: number): Promise<boolean> => {
    const detail = await store.getBotWithVersions(bot);
    // a version validated after a newer one became active is not the bot's current one: no test
    if (detail === null || detail.retired || detail.active !== version) return false;
    const base = detail.versions.filter((v) => v.version < version && v.state === 'active').at(-1);
    if (base === undefined) return false;
    const game = findGame(detail.game);
    if (game === undefined) return false;
    const table = ladderTableOf(game);
    const entrants = entrantsAt(game, table.seats);
    let field: EntrantRef[] = [];
    if (entrants > 2) {
      const house = (await store.listBots({ owner: HOUSE, game: game.id })).find((one) => one.active !== null && (one.name === FIELD_BOT || one.name.startsWith(`${FIELD_BOT}-`)));
      if (house === undefined || house.active === null) {
        log.warn({ bot, version, game: game.id }, `no sprt: the game has no house ${FIELD_BOT} bot to fill the other seats`);
        return false;
      }
      field = Array.from({ length: entrants - 1 }, () => ({ bot: house.id, version: house.active! }));
    }
    const started = await store.startSprt({ bot, version, base: base.version, game: game.id, seats: table.seats, options: table.options, field, seed: randomInt(2 ** 31), settings });
    if (started) log.info({ bot, version, base: base.version, elo0: settings.elo0, elo1: settings.elo1, maxGames: settings.maxGames }, 'sprt started');
    await advance(bot, version);
    return started;
  };

  const advanceAll = async (): Promise<void> => {
    for (const { bot, version } of await store.runningSprts()) await advance(bot, version);
  };

  const afterSeries = async (name: SeriesJobName, run: SeriesRun): Promise<void> => {
    if (name === 'validation' && run.validation === 'active') {
      const series = await store.getSeries(run.seriesId);
      if (series?.validates) await versionActivated(series.validates.bot, series.validates.version);
    }
    // the chunk just played belongs to one of them: each is moved on now (advancing twice is harmless)
    if (name === 'sprt') await advanceAll();
  };

  const rounds = repeatRounds(advanceAll, intervalMs, (error) => log.warn({ err: String(error) }, 'sprt round failed'), options.autorun ?? true);

  return {
    afterSeries,
    versionActivated,
    tick: rounds.tick,
    async close() {
      await bounded(rounds.stop());
      await bounded(queue.close());
      await Promise.all([redis, queueRedis].map((connection) => bounded(connection.quit())));
      for (const connection of [redis, queueRedis]) connection.disconnect();
    },
  };
}
