/**
 * The continuous rated ladder (docs/ratings.md "Ladder"): short rated, mirrored series of kind
 * 'ladder' that keep the ratings moving between tournaments. The pairing choice is a pure function
 * (chooseLadderPairings); the store keeps what it needs to be fair and bounded: when each bot was
 * last scheduled, the ladder's open series (its backlog), and the lock that lets one scheduler act
 * at a time across any number of workers. The worker's scheduler (apps/worker/src/ladder.ts) drives it.
 */
import { randomInt } from 'node:crypto';
import type { Redis } from 'ioredis';
import { DEFAULT_VARIANT, type GameOptions } from '@xix/engine';
import { DEFAULT_INITIAL_RATING } from '@xix/ratings';
import type { Keys } from './keys.ts';
import { luaScript } from './lua.ts';
import { BOT_ID, StoreInputError, check } from './names.ts';
import { eloOfVersion, ratedGamesOfVersion } from './ratings.ts';
import type { Bot, EntrantRef, GameRatings, NewSeries } from './types.ts';

/** A version with fewer rated games than this is provisional: scheduled first, marked on the leaderboard. */
export const PROVISIONAL_GAMES = 20;
/** Deals of a ladder series (each played from every seat): short, so a series never holds a worker long. */
export const LADDER_DEALS = 3;
/** Who a ladder series is requested by (series.requestedBy). */
export const LADDER_REQUESTER = 'ladder';

/** A version the ladder may schedule, with what the pairing choice weighs. */
export interface LadderCandidate {
  readonly bot: string;
  readonly version: number;
  /** The version's Elo, or the rating it starts from (its previous version's, else 1500). */
  readonly elo: number;
  /** Rated games this version has played. */
  readonly games: number;
  /** When the ladder last scheduled the bot (ms), 0 if never. */
  readonly lastScheduled: number;
  /** When its active version was stored (ms): how long the field has been as it is (the ladder's pace). */
  readonly since: number;
  /**
   * Half the width of the bot's Bradley–Terry 95% interval, in Elo (its versions pooled), from the
   * games among the candidates (the store's intervalsAmong), or null when it has none or the results
   * leave an end of it open: how well the ladder knows it.
   */
  readonly interval: number | null;
}

export interface LadderChoice {
  /** Entrants of a ladder table (the worker's: the game's smallest table): each pairing has this many. */
  readonly seats: number;
  /** Most pairings to choose. */
  readonly count: number;
  /** Default PROVISIONAL_GAMES. */
  readonly provisionalGames?: number;
}

/** Ids compare as numbers (b2 before b10), so the order is the upload order. */
const byId = (a: string, b: string): number => a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);

/**
 * Chooses up to `count` pairings of `seats` distinct bots. Each pairing starts from the candidate
 * first in line: provisional versions first, then whoever has waited longest (oldest
 * lastScheduled), then fewer games, then the older bot; its opponents are the remaining candidates
 * nearest to it in Elo (ties: longest waited first). The first in line is always scheduled, so a
 * bot waits at most one round per candidate ahead of it, plus the rounds provisional versions take.
 */
export function chooseLadderPairings(candidates: readonly LadderCandidate[], choice: LadderChoice): LadderCandidate[][] {
  const { seats, count } = choice;
  const provisionalGames = choice.provisionalGames ?? PROVISIONAL_GAMES;
  if (!Number.isSafeInteger(seats) || seats < 2) throw new RangeError(`seats must be an integer of at least 2, got ${seats}`);
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`count must be a non-negative integer, got ${count}`);
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate.bot)) throw new RangeError(`bot ${candidate.bot} is a candidate twice`);
    seen.add(candidate.bot);
    if (!Number.isFinite(candidate.elo) || !Number.isFinite(candidate.lastScheduled) || !Number.isSafeInteger(candidate.games) || candidate.games < 0) {
      throw new RangeError(`candidate ${candidate.bot} needs a finite elo and lastScheduled and a whole number of games`);
    }
  }
  const provisional = (c: LadderCandidate): number => (c.games < provisionalGames ? 0 : 1);
  const waited = (a: LadderCandidate, b: LadderCandidate): number => a.lastScheduled - b.lastScheduled;
  const line = [...candidates].sort((a, b) => provisional(a) - provisional(b) || waited(a, b) || a.games - b.games || byId(a.bot, b.bot));
  const pairings: LadderCandidate[][] = [];
  while (pairings.length < count && line.length >= seats) {
    const first = line.shift()!;
    const near = [...line].sort((a, b) => Math.abs(a.elo - first.elo) - Math.abs(b.elo - first.elo) || waited(a, b) || byId(a.bot, b.bot));
    const opponents = near.slice(0, seats - 1);
    for (const opponent of opponents) line.splice(line.indexOf(opponent), 1);
    pairings.push([first, ...opponents]);
  }
  return pairings;
}

/** The bots of a game the ladder may schedule: active, not retired, not on probation (its forfeits would be free wins). */
function schedulable(bots: readonly Bot[]): Bot[] {
  return bots.filter((bot) => bot.active !== null && !bot.retired && bot.probation === null);
}

/**
 * The candidates of a game (schedulable). `activeSince`: when each bot's active version was stored
 * (bot id → ms; 0 when not given); `intervals`: half their 95% intervals (null when not given).
 */
export function ladderCandidatesOf(
  bots: readonly Bot[], rated: GameRatings, lastScheduled: ReadonlyMap<string, number>,
  activeSince: ReadonlyMap<string, number> = new Map(), intervals: ReadonlyMap<string, number | null> = new Map(),
): LadderCandidate[] {
  return schedulable(bots)
    .map((bot) => {
      const version = bot.active!;
      const rating = rated.bots.get(bot.id);
      return {
        bot: bot.id,
        version,
        elo: eloOfVersion(rating, version) ?? DEFAULT_INITIAL_RATING,
        games: ratedGamesOfVersion(rating, version),
        lastScheduled: lastScheduled.get(bot.id) ?? 0,
        since: activeSince.get(bot.id) ?? 0,
        interval: intervals.get(bot.id) ?? null,
      };
    });
}

// KEYS: lock; ARGV: owner, ttl ms. Takes the lock if free, renews it if ours; 1 if we hold it.
export const HOLD_LOCK = `
local holder = redis.call('GET', KEYS[1])
if holder == ARGV[1] then redis.call('PEXPIRE', KEYS[1], ARGV[2]) return 1 end
if holder then return 0 end
redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2])
return 1`;

// KEYS: lock; ARGV: owner. Deletes the lock only if ours.
export const RELEASE_LOCK = `
if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) end
return 0`;

/** The table a ladder plays (the worker's choice per game): a variant's leaderboard is its own ladder. */
export interface LadderTable {
  readonly seats: number;
  readonly options: GameOptions;
  readonly variant: string;
}

export interface LadderBacklog {
  /** The ladder's series of the game still queued or running. */
  readonly open: readonly string[];
  /** The bots in them: not scheduled again until they finish. */
  readonly busy: ReadonlySet<string>;
}

export function ladderOps(
  redis: Redis, keys: Keys,
  deps: {
    readonly listBots: (filter: { game: string }) => Promise<Bot[]>;
    readonly ratings: (game: string, variant: string) => Promise<GameRatings>;
    readonly intervalsAmong: (game: string, variant: string, bots: ReadonlySet<string>) => Promise<ReadonlyMap<string, number | null>>;
    readonly createSeries: (input: NewSeries) => Promise<string>;
  },
) {
  const lockOwner = (owner: string): string => {
    if (!/^[\w.:@-]{1,200}$/.test(owner)) throw new StoreInputError(`a lock owner is 1–200 letters, digits or _.:@-, got ${JSON.stringify(owner)}`);
    return owner;
  };
  const holdLockScript = luaScript(redis, HOLD_LOCK);
  const releaseLockScript = luaScript(redis, RELEASE_LOCK);
  return {
    /** Takes or renews the ladder's scheduler lock for `ttlMs`; true while `owner` holds it. */
    async holdLadderLock(owner: string, ttlMs: number): Promise<boolean> {
      if (!Number.isSafeInteger(ttlMs) || ttlMs < 100) throw new StoreInputError(`ttlMs must be an integer of at least 100, got ${ttlMs}`);
      return (await holdLockScript([keys.ladderLock()], [lockOwner(owner), ttlMs])) === 1;
    },

    /** Lets the lock go at once (if `owner` holds it), so another scheduler takes over without waiting for its expiry. */
    async releaseLadderLock(owner: string): Promise<boolean> {
      return (await releaseLockScript([keys.ladderLock()], [lockOwner(owner)])) === 1;
    },

    /** The candidates for the ladder of a variant of the game now (ladderCandidatesOf). */
    async ladderCandidates(game: string, variant: string = DEFAULT_VARIANT): Promise<LadderCandidate[]> {
      const [bots, rated, last] = await Promise.all([deps.listBots({ game }), deps.ratings(game, variant), redis.zrange(keys.ladderLast(game, variant), '0', '-1', 'WITHSCORES')]);
      const lastScheduled = new Map<string, number>();
      for (let i = 0; i + 1 < last.length; i += 2) lastScheduled.set(last[i]!, Number(last[i + 1]));
      const field = schedulable(bots);
      const pipeline = redis.pipeline();
      for (const bot of field) pipeline.hget(keys.version(bot.id, bot.active!), 'createdAt');
      const stamps = field.length === 0 ? [] : ((await pipeline.exec()) ?? []);
      const activeSince = new Map(field.map((bot, i) => [bot.id, Number(stamps[i]?.[1] ?? 0)]));
      const intervals = await deps.intervalsAmong(game, variant, new Set(field.map((bot) => bot.id)));
      return ladderCandidatesOf(bots, rated, lastScheduled, activeSince, intervals);
    },

    /** The ladder's open series of a variant of a game; forgets the finished ones (done, failed or gone). */
    async ladderBacklog(game: string, variant: string = DEFAULT_VARIANT): Promise<LadderBacklog> {
      const ids = await redis.smembers(keys.ladderOpen(game, variant));
      if (ids.length === 0) return { open: [], busy: new Set() };
      const pipeline = redis.pipeline();
      for (const id of ids) pipeline.hmget(keys.series(id), 'status', 'entrants');
      const replies = (await pipeline.exec()) ?? [];
      const open: string[] = [];
      const finished: string[] = [];
      const busy = new Set<string>();
      ids.forEach((id, i) => {
        const [error, fields] = replies[i] ?? [];
        if (error) throw error;
        const [status, entrants] = (fields ?? []) as (string | null)[];
        if (status === 'queued' || status === 'running') {
          open.push(id);
          for (const entrant of JSON.parse(entrants ?? '[]') as EntrantRef[]) busy.add(entrant.bot);
        } else finished.push(id);
      });
      if (finished.length > 0) await redis.srem(keys.ladderOpen(game, variant), ...finished);
      return { open: open.sort(byId), busy };
    },

    /**
     * Stores a ladder series (rated, mirrored, LADDER_DEALS deals) of these versions, counts it in
     * the backlog and marks its bots scheduled at `now`; answers its id. The caller enqueues it.
     */
    async createLadderSeries(game: string, entrants: readonly EntrantRef[], now: number = Date.now(), table?: LadderTable): Promise<string> {
      entrants.forEach((entrant) => check(BOT_ID, entrant.bot, 'bot id'));
      if (new Set(entrants.map((entrant) => entrant.bot)).size !== entrants.length) throw new StoreInputError('a bot may be one entrant of a ladder series');
      const variant = table?.variant ?? DEFAULT_VARIANT;
      const id = await deps.createSeries({
        game, kind: 'ladder', rated: true, entrants: entrants.map(({ bot, version }) => ({ bot, version })), deals: LADDER_DEALS, seed: randomInt(2 ** 31), requestedBy: LADDER_REQUESTER,
        ...(table !== undefined && { seats: table.seats, options: table.options }),
      });
      const scheduled = redis.multi().sadd(keys.ladderOpen(game, variant), id);
      for (const entrant of entrants) scheduled.zadd(keys.ladderLast(game, variant), now, entrant.bot);
      await scheduled.exec();
      return id;
    },
  };
}
