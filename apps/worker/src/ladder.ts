/**
 * The ladder's scheduler (docs/ratings.md "Ladder"): every `intervalMs` it takes or renews the
 * store's ladder lock, and only while it holds it tops each game's ladder up to `backlog` open
 * series, choosing the pairings with the store's chooseLadderPairings and enqueueing them at the
 * ladder's priority (last of all), at each ladder's pace (ladder-pace.ts: a settled ladder starts
 * at most one series a minute). Any number of workers may run one: the lock lets one act.
 */
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { pino, type Logger } from 'pino';
import { GAMES, entrantsAt, resolveOptions, type AnyGame } from '@xix/engine';
import { validationTableSizes } from '@xix/referee';
import { SERIES_JOB_OPTIONS, SERIES_JOB_PRIORITY, SERIES_QUEUE, blobDirOf, chooseLadderPairings, createStore, dataDirOf, fileBlobStore, logConnectionErrors, queuePrefix, seriesJobId, type LadderTable } from '@xix/store';
import { DEFAULT_LADDER_PACE, LadderPace, type LadderPaceOptions } from './ladder-pace.ts';
import { bounded, repeatRounds } from './rounds.ts';

export interface LadderOptions {
  readonly redisUrl: string;
  readonly prefix: string;
  /** How often the scheduler looks at the backlog (ms). */
  readonly intervalMs: number;
  /** Open ladder series per game it keeps queued or running, at most. */
  readonly backlog: number;
  /** The games (default: every game of @xix/engine's registry); each has one ladder (ladderTableOf). */
  readonly games?: readonly AnyGame[];
  readonly logger?: Logger;
  /** false: no timer, the caller calls tick() (tests). Default true. */
  readonly autorun?: boolean;
  /** When a ladder settles and how slowly it plays then; default DEFAULT_LADDER_PACE. */
  readonly pace?: Partial<LadderPaceOptions>;
}

export interface LadderTick {
  /** Whether this scheduler held the lock and acted. */
  readonly leader: boolean;
  /** The series it created, all games. */
  readonly created: readonly string[];
}

export interface LadderScheduler {
  /** This scheduler's lock owner id. */
  readonly owner: string;
  /** One round: take or renew the lock, then top the backlog up; one at a time. */
  tick(): Promise<LadderTick>;
  /** Stops the timer, waits for a running round, lets the lock go. */
  close(): Promise<void>;
}

/**
 * The table a game's ladder plays: its smallest that seats two entrants or more, at the default
 * options; its variant is the leaderboard the ladder keeps moving.
 */
export function ladderTableOf(game: AnyGame): LadderTable {
  const seats = validationTableSizes(game)[0]!;
  const options = resolveOptions(game, seats);
  return { seats, options, variant: game.variant(seats, options) };
}

/** A scheduler that missed this many rounds (stuck, or dead) loses the lock to another. */
const LOCK_ROUNDS = 3;

export function startLadder(options: LadderOptions): LadderScheduler {
  const { intervalMs, backlog } = options;
  if (!Number.isSafeInteger(intervalMs) || intervalMs < 50) throw new RangeError(`intervalMs must be an integer of at least 50, got ${String(intervalMs)}`);
  if (!Number.isSafeInteger(backlog) || backlog < 1) throw new RangeError(`backlog must be a positive integer, got ${String(backlog)}`);
  const log = options.logger ?? pino({ level: 'silent' });
  const games = options.games ?? [...GAMES.values()];
  const owner = `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  const queueRedis = new Redis(options.redisUrl, { maxRetriesPerRequest: null });
  logConnectionErrors(redis, 'ladder store', log);
  logConnectionErrors(queueRedis, 'ladder queue connection', log);
  // the ladder reads no blob; the store needs the directory all the same
  const store = createStore(redis, { prefix: options.prefix, blobs: fileBlobStore(blobDirOf(dataDirOf(process.env))) });
  const queue = new Queue(SERIES_QUEUE, { connection: queueRedis, prefix: queuePrefix(options.prefix) });
  logConnectionErrors(queue, 'ladder queue', log, { readyFrom: queueRedis });
  const enqueue = (seriesId: string) => queue.add('ladder', { seriesId }, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(seriesId), priority: SERIES_JOB_PRIORITY.ladder });
  const lockTtl = Math.max(1_000, LOCK_ROUNDS * intervalMs);
  const paceOptions: LadderPaceOptions = { ...DEFAULT_LADDER_PACE, ...options.pace };
  // one pace per ladder (a game's variant); a scheduler that takes the lock over starts afresh
  const paces = new Map<string, LadderPace>();
  const paceOf = (game: string, variant: string): LadderPace => {
    const key = `${game} ${variant}`;
    let pace = paces.get(key);
    if (pace === undefined) paces.set(key, (pace = new LadderPace(paceOptions)));
    return pace;
  };

  async function round(): Promise<LadderTick> {
    if (!(await store.holdLadderLock(owner, lockTtl))) return { leader: false, created: [] };
    const created: string[] = [];
    for (const game of games) {
      const table = ladderTableOf(game);
      const { open, busy } = await store.ladderBacklog(game.id, table.variant);
      // a series stored but never enqueued (its scheduler died in between) gets its job now; a job
      // that exists already is left as it is (same job id)
      for (const seriesId of open) await enqueue(seriesId);
      const free = backlog - open.length;
      if (free <= 0) continue;
      const all = await store.ladderCandidates(game.id, table.variant);
      const pace = paceOf(game.id, table.variant);
      const now = Date.now();
      const step = pace.step(all, now, free);
      if (step.change === 'settled') log.info({ game: game.id, variant: table.variant, widestElo: step.widestElo, everyMs: paceOptions.settledEveryMs }, 'ladder settled');
      if (step.change === 'awake') log.info({ game: game.id, variant: table.variant, reason: step.reason, widestElo: step.widestElo }, 'ladder awake');
      const candidates = all.filter((candidate) => !busy.has(candidate.bot));
      const pairings = chooseLadderPairings(candidates, { seats: entrantsAt(game, table.seats), count: step.allowed });
      pace.started(pairings.length, now);
      for (const pairing of pairings) {
        const seriesId = await store.createLadderSeries(game.id, pairing, now, table);
        await enqueue(seriesId);
        created.push(seriesId);
        log.info({ series: seriesId, game: game.id, entrants: pairing.map(({ bot, version, elo, games: played }) => ({ bot, version, elo: Math.round(elo), games: played })) }, 'ladder series queued');
      }
    }
    return { leader: true, created };
  }

  const rounds = repeatRounds(round, intervalMs, (error) => log.warn({ err: String(error) }, 'ladder round failed'), options.autorun ?? true);

  return {
    owner,
    tick: rounds.tick,
    async close() {
      // each step is bounded (the lock then simply expires)
      await bounded(rounds.stop());
      await bounded(store.releaseLadderLock(owner));
      await bounded(queue.close());
      await Promise.all([redis, queueRedis].map((connection) => bounded(connection.quit())));
      for (const connection of [redis, queueRedis]) connection.disconnect();
    },
  };
}
