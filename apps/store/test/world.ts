/** A test's own world in the shared Redis: a unique prefix, and every key of it deleted after. */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { blobDirOf, createStore, dataDirOf, fileBlobStore, queuePrefix, type Store } from '../src/index.ts';
import type { MatchEntrant, NewMatch, ReplayLike } from '../src/types.ts';

export interface World {
  readonly redis: Redis;
  readonly store: Store;
  readonly prefix: string;
  /** Every key of this world (store and queue). */
  keys(): Promise<string[]>;
  close(): Promise<void>;
}

export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** The tests' blob directory (XIX_DATA_DIR of vitest.config.ts): a store keeps its blobs under its prefix there. */
export const TEST_BLOB_DIR = blobDirOf(dataDirOf(process.env));
export const testBlobs = fileBlobStore(TEST_BLOB_DIR);

export async function openWorld(): Promise<World> {
  const prefix = `t-${randomBytes(6).toString('hex')}`;
  const redis = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  return {
    redis,
    store: createStore(redis, { prefix, blobs: testBlobs }),
    prefix,
    keys: () => prefixKeys(redis, prefix),
    async close() {
      await deletePrefix(redis, prefix);
      redis.disconnect();
    },
  };
}

/** Every key of a store prefix: the store's (`P:…`) and its queues' (`{P}:…`). */
export async function prefixKeys(redis: Redis, prefix: string): Promise<string[]> {
  return [...(await scan(redis, `${prefix}:*`)), ...(await scan(redis, `${queuePrefix(prefix)}:*`))];
}

/** Deletes every key of a store prefix (a test's or a benchmark's own world) and its blobs in TEST_BLOB_DIR. */
export async function deletePrefix(redis: Redis, prefix: string): Promise<void> {
  await rm(join(TEST_BLOB_DIR, prefix), { recursive: true, force: true });
  const all = await prefixKeys(redis, prefix);
  for (let i = 0; i < all.length; i += 1000) await redis.del(...all.slice(i, i + 1000));
}

async function scan(redis: Redis, pattern: string): Promise<string[]> {
  const found: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    cursor = next;
    found.push(...batch);
  } while (cursor !== '0');
  return found;
}

/** A finished two-seat game in the shape the store reads (the rest of a replay is opaque to it). */
export function fakeReplay(winner: number, options: { forfeitSeat?: number; points?: number[] } = {}): ReplayLike & Record<string, unknown> {
  const forfeit = options.forfeitSeat === undefined ? null : { seat: options.forfeitSeat, verdict: 'timeout', message: 'took too long' };
  return {
    format: 'xix-arena.replay',
    moves: [{ seat: 0, action: { type: 'play', card: 3 } }],
    forfeit,
    result: { winner, points: options.points ?? [winner === 0 ? 19 : 7, winner === 1 ? 19 : 7], reason: forfeit === null ? 'exactly-19' : 'forfeit' },
  };
}

export function match(seriesId: string, index: number, entrants: readonly MatchEntrant[], replay: ReplayLike, extra: Partial<NewMatch> = {}): NewMatch {
  return {
    id: `${seriesId}.${index}`,
    seriesId,
    game: 'xix',
    kind: 'challenge',
    rated: true,
    entrants,
    replay,
    logs: entrants.map((e, seat) => `log of ${e.name} in seat ${seat}`),
    finishedAt: 1_000_000 + index,
    ...extra,
  };
}

/** Uploads a version (state as given) of a bot of `game` and returns its entrant reference. */
export async function upload(store: Store, owner: string, name: string, state: 'validating' | 'active' = 'active', game = 'xix'): Promise<MatchEntrant> {
  const put = await store.putVersion({ owner, name, game, entry: 'bot.ts', files: { 'bot.ts': `// ${name}` }, bundle: `/* ${name} */`, bytes: 10, compileMs: 5, state });
  if (!put.ok) throw new Error(`upload refused: ${put.reason}`);
  return { bot: put.bot, version: put.version, name };
}

/** Alice's bot `one` and Bob's bot `two`, and a rated challenge series of 50 deals between them. */
export async function ratedPair(world: World): Promise<{ a: MatchEntrant; b: MatchEntrant; seriesId: string }> {
  const a = await upload(world.store, 'alice', 'one');
  const b = await upload(world.store, 'bob', 'two');
  const seriesId = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [a, b], deals: 50, seed: 1, requestedBy: 'alice' });
  return { a, b, seriesId };
}
