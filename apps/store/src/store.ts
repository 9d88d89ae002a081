/** createStore: every operation of the platform's system of record, on one Redis connection. */
import type { Redis } from 'ioredis';
import { prefixedBlobStore, type BlobStore } from './blobs.ts';
import { botOps } from './bots.ts';
import { broadcastHoldOps } from './broadcast-holds.ts';
import { dealPublicityOps } from './deal-publicity.ts';
import { headToHeadOps } from './head-to-head.ts';
import { keysFor } from './keys.ts';
import { ladderOps } from './ladder.ts';
import { leaderboardOps } from './leaderboard.ts';
import { liveOps } from './live.ts';
import { matchOps, type MatchIndexLimits } from './matches.ts';
import { migrationOps } from './migrate-storage.ts';
import { rateCounterOps } from './rate-counters.ts';
import { ratingOps } from './ratings.ts';
import { retentionOps, storageLockOps } from './retention.ts';
import { seriesOps } from './series.ts';
import { tokenOps } from './tokens.ts';
import { tournamentOps } from './tournaments.ts';
import { userOps } from './users.ts';
import { validationOps } from './validation.ts';

export interface StoreOptions {
  /** Every key starts with `<prefix>:`; tests use their own. */
  readonly prefix: string;
  /**
   * Where replays and logs are kept (`fileBlobStore(blobDirOf(dataDir))`); several processes and
   * prefixes may share it: this store's blobs are under `<prefix>/`.
   */
  readonly blobs: BlobStore;
  /** How many of the newest matches the match indexes keep; default MATCH_INDEX_RECENT and BOT_INDEX_RECENT. */
  readonly matchIndexLimits?: MatchIndexLimits;
  /**
   * How long (ms) a leaderboard read may be reused; default 0: every read goes to Redis. The server
   * keeps it for a second (XIX_LEADERBOARD_CACHE_MS): docs/benchmarks.md says why that is fine.
   */
  readonly leaderboardCacheMs?: number;
}

export type Store = ReturnType<typeof createStore>;

export function createStore(redis: Redis, options: StoreOptions) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(options.prefix)) throw new RangeError(`store prefix ${JSON.stringify(options.prefix)} must be 1–64 letters, digits, _ or -`);
  const keys = keysFor(options.prefix);
  const blobs = prefixedBlobStore(options.blobs, options.prefix);
  const bots = botOps(redis, keys, options.prefix);
  const matches = matchOps(redis, keys, blobs, options.matchIndexLimits);
  const series = seriesOps(redis, keys, options.prefix, matches.seriesMatchIds);
  const { ratings, ratingHistory, intervalsAmong } = ratingOps(redis, keys);
  const { leaderboard, forgetLeaderboards } = leaderboardOps(redis, keys, options.leaderboardCacheMs ?? 0, ratings);
  return {
    prefix: options.prefix,
    redis,
    ...userOps(redis, keys),
    ...tokenOps(redis, keys),
    ...rateCounterOps(redis, keys),
    ...bots,
    async retireBot(id: string): Promise<boolean> {
      const retired = await bots.retireBot(id);
      // a bot retired through this store leaves its cached leaderboard at once
      forgetLeaderboards();
      return retired;
    },
    ...series,
    ...tournamentOps(redis, keys, options.prefix, matches),
    ...matches,
    ...retentionOps(redis, keys, blobs),
    ...migrationOps(redis, keys, blobs),
    ...storageLockOps(redis, keys),
    ...headToHeadOps(matches.listMatches),
    ...validationOps(redis, keys, options.prefix),
    ...liveOps(redis, keys),
    ...broadcastHoldOps(redis, keys),
    ...dealPublicityOps(redis, keys),
    ...ladderOps(redis, keys, { listBots: bots.listBots, ratings, intervalsAmong, createSeries: series.createSeries }),
    leaderboard,
    ratings,
    ratingHistory,
  };
}
