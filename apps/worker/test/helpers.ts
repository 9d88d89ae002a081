/**
 * What the worker's tests share: a store under a unique prefix on the test Redis (deleted
 * afterwards), bots compiled from files and stored as active versions, series enqueued as the
 * server enqueues them, and waiting for a series to reach a state.
 */
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { Queue, type JobsOptions } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll } from 'vitest';
import { compileBot } from '@xix/sandbox';
import { deletePrefix, testBlobs } from '../../store/test/world.ts';
import { SERIES_JOB_OPTIONS, SERIES_QUEUE, createStore, queuePrefix, seriesJobId, type NewSeries, type Series, type Store } from '@xix/store';
import { startWorker, type SeriesWorker, type StartWorkerOptions } from '../src/index.ts';

export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export function testPrefix(): string {
  return `t-${randomBytes(6).toString('hex')}`;
}


const compiled = new Map<string, string>();

/** A bot file compiled once per test file; paths are relative to this folder. */
export async function compiledBot(file: string): Promise<string> {
  const path = fileURLToPath(new URL(file, import.meta.url));
  const hit = compiled.get(path);
  if (hit !== undefined) return hit;
  const result = await compileBot({ entry: path });
  if (!result.ok) throw new Error(result.message);
  compiled.set(path, result.code);
  return result.code;
}

export const RANDOM = '../../../sdk/examples/xix/random.ts';
export const HEURISTIC = '../../../sdk/examples/xix/heuristic.ts';
export const SLOW = './fixtures/slow-first-legal.ts';
export const THROWS = './fixtures/throws.ts';
export const LOOPS = './fixtures/loops.ts';
export const RANDOM_1923 = '../../../sdk/examples/1923/random.ts';
export const HEURISTIC_1923 = '../../../sdk/examples/1923/heuristic.ts';

/** Stores a bot of `owner` for `game` as a version in the given state; returns its id and version. */
export async function storeBot(store: Store, owner: string, name: string, file: string, state: 'active' | 'validating' = 'active', game = 'xix'): Promise<{ bot: string; version: number }> {
  await store.ensureUser(owner);
  const code = await compiledBot(file);
  const put = await store.putVersion({ owner, name, game, entry: 'bot.ts', files: { 'bot.ts': '// compiled in the test' }, bundle: code, bytes: code.length, compileMs: 1, state });
  if (!put.ok) throw new Error(`cannot store ${name}: ${put.reason}`);
  return { bot: put.bot, version: put.version };
}

export interface Harness {
  readonly prefix: string;
  readonly redis: Redis;
  readonly store: Store;
  readonly queue: Queue;
  /** Creates a series (of XIX unless told) and enqueues its job as the server does. */
  enqueue(series: Omit<NewSeries, 'requestedBy' | 'game'> & { readonly game?: string }, options?: JobsOptions): Promise<string>;
  /** Polls the series until `done(series)`; throws with its last state after `timeoutMs`. */
  waitFor(id: string, done: (series: Series) => boolean, timeoutMs?: number): Promise<Series>;
  close(): Promise<void>;
}

export function harness(redisUrl = TEST_REDIS_URL, prefix = testPrefix()): Harness {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const store = createStore(redis, { prefix, blobs: testBlobs });
  const queueRedis = redis.duplicate();
  const queue = new Queue(SERIES_QUEUE, { connection: queueRedis, prefix: queuePrefix(prefix) });
  return {
    prefix,
    redis,
    store,
    queue,
    async enqueue(series, options = {}) {
      const id = await store.createSeries({ game: 'xix', requestedBy: 'tester', ...series });
      await queue.add(series.kind, { seriesId: id }, { ...SERIES_JOB_OPTIONS, ...options, jobId: seriesJobId(id) });
      return id;
    },
    async waitFor(id, done, timeoutMs = 60_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const series = await store.getSeries(id);
        if (series !== null && done(series)) return series;
        if (Date.now() > deadline) throw new Error(`series ${id} did not get there in ${timeoutMs} ms: ${JSON.stringify({ ...series, botSeedKey: undefined })}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
    async close() {
      await queue.close();
      await deletePrefix(redis, prefix).catch(() => undefined);
      await Promise.all([redis.quit(), queueRedis.quit()]);
    },
  };
}

export const finished = (series: Series): boolean => series.status === 'done' || series.status === 'failed';

/**
 * Registers an afterEach closing what a test opened through it, the worker before its harness:
 * `const h = opened.harness(); const worker = opened.worker(h);`.
 */
export function closedAfterEach(): { harness(): Harness; worker(h: Harness): SeriesWorker } {
  let h: Harness | undefined;
  let worker: SeriesWorker | undefined;
  afterEach(async () => {
    await worker?.close();
    await h?.close();
    worker = undefined;
    h = undefined;
  });
  return {
    harness: () => (h = harness()),
    worker: (of) => (worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: of.prefix })),
  };
}

/**
 * A harness and a started worker for every test of the file (or describe block) it is called in,
 * closed after them, the worker before its harness: `const w = workerForAll(); … w.h.store`.
 * `options` go to startWorker (e.g. the pool's).
 */
export function workerForAll(options: Partial<StartWorkerOptions> = {}): { readonly h: Harness } {
  let h: Harness | undefined;
  let worker: SeriesWorker | undefined;
  beforeAll(async () => {
    h = harness();
    worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, ...options });
    await worker.ready;
  });
  afterAll(async () => {
    await worker?.close();
    await h?.close();
  });
  return {
    get h() {
      if (h === undefined) throw new Error('workerForAll: used outside a test');
      return h;
    },
  };
}
