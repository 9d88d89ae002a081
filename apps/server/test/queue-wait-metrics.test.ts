/**
 * End to end: a real worker plays jobs, and /metrics shows how long they waited in the queue as a
 * Prometheus histogram per queue kind, counted once per job (at its first start, not per retry).
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { QUEUE_KINDS, QUEUE_WAIT_BUCKETS_S, SERIES_JOB_OPTIONS, createStore, seriesJobId, type Series } from '@xix/store';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { RANDOM, storeBot } from '../../worker/test/helpers.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { ADMIN_TOKEN, openApp, type TestApp } from './app.ts';

let t: TestApp;
let worker: SeriesWorker;
/** The series whose first game's first store fails, as a lost connection would: its job is retried. */
let flaky = '';
let failures = 0;
/** The worker's warnings, as JSON lines. */
let warnings: string[] = [];
beforeEach(async () => {
  t = await openApp();
  warnings = [];
  worker = startWorker({
    redisUrl: REDIS_URL,
    prefix: t.world.prefix,
    logger: pino({ level: 'warn' }, { write: (line: string) => { warnings.push(line); } }),
    createStore: (redis: Redis, options) => {
      const store = createStore(redis, options);
      return {
        ...store,
        async recordMatch(match) {
          if (match.seriesId === flaky && failures++ === 0) throw new Error('connection lost while storing');
          return store.recordMatch(match);
        },
      };
    },
  });
  await worker.ready;
});
afterEach(async () => {
  await worker.close();
  await t.close();
});

/** The samples of one metric family, series (name and labels) → value. */
function samples(text: string, family: string): Map<string, number> {
  const lines = text.split('\n').filter((line) => line.startsWith(family) && !line.startsWith('#'));
  return new Map(lines.map((line) => {
    const space = line.lastIndexOf(' ');
    return [line.slice(0, space), Number(line.slice(space + 1))];
  }));
}

async function untilDone(id: string): Promise<Series> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const series = await t.world.store.getSeries(id);
    if (series?.status === 'done') return series;
    if (Date.now() > deadline) throw new Error(`series ${id} not done: ${JSON.stringify({ status: series?.status, error: series?.error })}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it('counts each job played by a real worker once into its kind\'s queue-wait histogram, a retry not again', async () => {
  const a = await storeBot(t.world.store, 'alice', 'one', RANDOM);
  const b = await storeBot(t.world.store, 'bob', 'two', RANDOM);
  const enqueue = async (timestamp?: number, jobName = 'challenge') => {
    const id = await t.world.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, b], deals: 1, seed: 3, requestedBy: 'alice' });
    await t.queue.add(jobName, { seriesId: id }, { ...SERIES_JOB_OPTIONS, attempts: 2, backoff: { type: 'fixed', delay: 20 }, jobId: seriesJobId(id), ...(timestamp !== undefined && { timestamp }) });
    return id;
  };
  // enqueued ten minutes ago: it waited from 600 s (le 900, not le 300); the others waited less than the test runs
  const aged = await enqueue(Date.now() - 600_000);
  const fresh = await enqueue();
  flaky = await enqueue();
  // a job of no known kind cannot be counted: that is logged, and its series is still played
  const unknownKind = await enqueue(undefined, 'rematch');
  const ids = [aged, fresh, flaky, unknownKind];
  for (const id of ids) await untilDone(id);
  const jobs = await Promise.all(ids.map((id) => t.queue.getJob(id)));
  expect(jobs.map((job) => job?.attemptsStarted), 'the third job was retried').toEqual([1, 1, 2, 1]);
  expect(warnings.filter((line) => line.includes('cannot count the queue wait') && line.includes('got rematch'))).toHaveLength(1);

  const response = await t.call({ method: 'GET', url: '/metrics', token: ADMIN_TOKEN });
  expect(response.statusCode).toBe(200);
  expect(response.body).toContain('# TYPE xix_queue_wait_seconds histogram');
  const wait = samples(response.body, 'xix_queue_wait_seconds');
  const challenge = (le: number | string) => wait.get(`xix_queue_wait_seconds_bucket{kind="challenge",le="${le}"}`);
  // three jobs started, the retry not counted again
  expect(wait.get('xix_queue_wait_seconds_count{kind="challenge"}')).toBe(3);
  expect(challenge('+Inf')).toBe(3);
  expect([challenge(300), challenge(900)]).toEqual([2, 3]);
  const cumulative = [...QUEUE_WAIT_BUCKETS_S, '+Inf'].map(challenge);
  expect(cumulative.every((count, i) => i === 0 || count! >= cumulative[i - 1]!), `cumulative: ${cumulative.join(' ')}`).toBe(true);
  const sum = wait.get('xix_queue_wait_seconds_sum{kind="challenge"}')!;
  expect(sum).toBeGreaterThanOrEqual(600);
  expect(sum).toBeLessThan(900);
  for (const kind of QUEUE_KINDS.filter((k) => k !== 'challenge')) {
    expect([wait.get(`xix_queue_wait_seconds_count{kind="${kind}"}`), wait.get(`xix_queue_wait_seconds_bucket{kind="${kind}",le="+Inf"}`)], kind).toEqual([0, 0]);
  }
});
