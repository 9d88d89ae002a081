/** The admin's views: bull-board's dashboard at /admin/queues and Prometheus metrics at /metrics. */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { queuePrefix, SERIES_QUEUE, type MatchEntrant } from '@xix/store';
import { REDIS_URL, fakeReplay, match, upload } from '../../store/test/world.ts';
import { ADMIN_TOKEN, openApp, type TestApp } from './app.ts';

let t: TestApp;
beforeEach(async () => { t = await openApp(); });
afterEach(async () => { await t.close(); });

const basic = (user: string, password: string) => ({ authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` });

describe('the queue dashboard', () => {
  it('answers 401 with a Basic challenge without the admin token, also to a user token or a wrong password', async () => {
    const userToken = await t.register('alice');
    for (const attempt of [{}, { token: userToken }, { headers: basic('admin', 'wrong') }, { headers: basic('admin', userToken) }]) {
      const response = await t.call({ method: 'GET', url: '/admin/queues', ...attempt });
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
      expect(response.body).not.toContain('series');
    }
    expect((await t.call({ method: 'GET', url: '/admin/queues/api/queues' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/admin/queues/static/images/logo.svg' })).statusCode).toBe(401);
  });

  it('shows the series queue to the admin (Basic auth with the token as password, or Bearer)', async () => {
    const page = await t.call({ method: 'GET', url: '/admin/queues', headers: basic('anyone', ADMIN_TOKEN) });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const asset = await t.call({ method: 'GET', url: '/admin/queues/static/images/logo.svg', headers: basic('anyone', ADMIN_TOKEN) });
    expect(asset.statusCode).toBe(200);
    await t.queue.add('challenge', { seriesId: 's1' }, { jobId: 's1' });
    const api = await t.call({ method: 'GET', url: '/admin/queues/api/queues', token: ADMIN_TOKEN });
    expect(api.statusCode).toBe(200);
    const queues = api.json<{ queues: { name: string; counts: Record<string, number> }[] }>().queues;
    expect(queues.map((queue) => queue.name)).toEqual([SERIES_QUEUE]);
    expect(queues[0]?.counts.waiting).toBe(1);
  });

  it('answers 401 to everyone when no admin token is configured', async () => {
    const noAdmin = await openApp({ adminToken: null });
    try {
      expect((await noAdmin.call({ method: 'GET', url: '/admin/queues', headers: basic('admin', '') })).statusCode).toBe(401);
      expect((await noAdmin.call({ method: 'GET', url: '/metrics', token: ADMIN_TOKEN })).statusCode).toBe(401);
    } finally {
      await noAdmin.close();
    }
  });
});

/** The value of one sample line of the text format, e.g. `xix_games_stored_total{game="xix"}`; undefined when absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

/** Checks several sample lines at once: series → expected value (undefined: absent). */
function expectSamples(text: string, expected: Readonly<Record<string, number | undefined>>): void {
  expect(Object.fromEntries(Object.keys(expected).map((series) => [series, sample(text, series)]))).toEqual(expected);
}

describe('/metrics', () => {
  const scrape = async () => {
    const response = await t.call({ method: 'GET', url: '/metrics', token: ADMIN_TOKEN });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('is for the admin only', async () => {
    expect((await t.call({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/metrics', token: await t.register('bob') })).statusCode).toBe(401);
    expect((await t.call({ method: 'GET', url: '/metrics', headers: basic('prometheus', ADMIN_TOKEN) })).statusCode).toBe(200);
  });

  it('exposes every family, with games, forfeits (R12) and decision times that move once per stored match', async () => {
    const before = await scrape();
    for (const family of ['xix_queue_jobs gauge', 'xix_queue_oldest_waiting_seconds gauge', 'xix_workers gauge', 'xix_games_stored_total counter', 'xix_forfeits_total counter', 'xix_decision_cpu_ms histogram', 'xix_queue_wait_seconds histogram']) {
      expect(before).toContain(`# TYPE ${family}`);
    }
    expectSamples(before, { 'xix_games_stored_total{game="xix"}': 0, 'xix_forfeits_total{game="xix",verdict="timeout"}': undefined, 'xix_decision_cpu_ms_count{game="xix"}': 0, 'xix_queue_wait_seconds_count{kind="validation"}': 0 });

    const { store } = t.world;
    const a: MatchEntrant = await upload(store, 'alice', 'one');
    const b: MatchEntrant = await upload(store, 'bob', 'two');
    const seriesId = await store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [a, b], deals: 5, seed: 1, requestedBy: 'alice' });
    const forfeit = { ...fakeReplay(0, { forfeitSeat: 1 }), moves: [{ seat: 0, cpuMs: 2 }, { seat: 1, cpuMs: 30 }] };
    const game = match(seriesId, 0, [a, b], forfeit);
    expect(await store.recordMatch(game)).toBe('stored');
    const moved = {
      'xix_games_stored_total{game="xix"}': 1,
      'xix_forfeits_total{game="xix",verdict="timeout"}': 1,
      'xix_decision_cpu_ms_bucket{game="xix",le="1"}': 0,
      'xix_decision_cpu_ms_bucket{game="xix",le="5"}': 1,
      'xix_decision_cpu_ms_bucket{game="xix",le="50"}': 2,
      'xix_decision_cpu_ms_bucket{game="xix",le="+Inf"}': 2,
      'xix_decision_cpu_ms_sum{game="xix"}': 32,
      'xix_decision_cpu_ms_count{game="xix"}': 2,
    };
    expectSamples(await scrape(), moved);

    expect(await store.recordMatch(game)).toBe('duplicate');
    expectSamples(await scrape(), moved);
  });

  it('reports the queue by state, the age of the oldest waiting job and the live workers', async () => {
    expectSamples(await scrape(), { 'xix_queue_jobs{queue="series",state="waiting"}': 0, 'xix_queue_oldest_waiting_seconds{queue="series"}': 0, 'xix_workers{queue="series"}': 0 });

    const hourAgo = Date.now() - 3_600_000;
    await t.queue.add('validation', { seriesId: 's1' }, { jobId: 's1', timestamp: hourAgo });
    await t.queue.add('challenge', { seriesId: 's2' }, { jobId: 's2', priority: 10 });
    await t.queue.add('challenge', { seriesId: 's3' }, { jobId: 's3', delay: 600_000 });
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const worker = new Worker(SERIES_QUEUE, async () => undefined, { connection, prefix: queuePrefix(t.world.prefix), autorun: false });
    try {
      await worker.waitUntilReady();
      const busy = await scrape();
      const states = { waiting: 1, prioritized: 1, delayed: 1, active: 0, failed: 0 };
      expectSamples(busy, { ...Object.fromEntries(Object.entries(states).map(([state, n]) => [`xix_queue_jobs{queue="series",state="${state}"}`, n])), 'xix_workers{queue="series"}': 1 });
      expect(sample(busy, 'xix_queue_oldest_waiting_seconds{queue="series"}')).toBeGreaterThanOrEqual(3600);
    } finally {
      await worker.close();
      connection.disconnect();
    }
  });
});
