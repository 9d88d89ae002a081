/** createStore: every operation of the platform's system of record, on one Redis connection. */
import type { Redis } from 'ioredis';
import { botOps } from './bots.ts';
import { keysFor } from './keys.ts';
import { leaderboardOps } from './leaderboard.ts';
import { matchOps } from './matches.ts';
import { seriesOps } from './series.ts';
import { userOps } from './users.ts';
import { validationOps } from './validation.ts';

export interface StoreOptions {
  /** Every key starts with `<prefix>:`; tests use their own. */
  readonly prefix: string;
}

export type Store = ReturnType<typeof createStore>;

export function createStore(redis: Redis, options: StoreOptions) {
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(options.prefix)) throw new RangeError(`store prefix ${JSON.stringify(options.prefix)} must be 1–64 letters, digits, _ or -`);
  const keys = keysFor(options.prefix);
  return {
    prefix: options.prefix,
    redis,
    ...userOps(redis, keys),
    ...botOps(redis, keys, options.prefix),
    ...seriesOps(redis, keys, options.prefix),
    ...matchOps(redis, keys),
    ...validationOps(redis, keys, options.prefix),
    ...leaderboardOps(redis, keys),
  };
}
