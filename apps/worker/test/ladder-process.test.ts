/**
 * The ladder in real worker processes (main.ts): off unless XIX_LADDER turns it on; with two
 * processes on, their series are played and rated and the backlog bound holds.
 */
import { LADDER_DEALS, keysFor } from '@xix/store';
import { afterEach, describe, expect, it } from 'vitest';
import { workerConfig } from '../src/config.ts';
import { HEURISTIC, RANDOM, TEST_REDIS_URL, harness, storeBot, type Harness } from './helpers.ts';
import { spawnWorker, type WorkerProcess } from './worker-process.ts';

let h: Harness | undefined;
let workers: WorkerProcess[] = [];
afterEach(async () => {
  for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
  await Promise.all(workers.map((w) => w.exited));
  await h?.close();
  workers = [];
  h = undefined;
});

describe('the ladder’s configuration', () => {
  it('is off by default; XIX_LADDER, XIX_LADDER_INTERVAL_MS, XIX_LADDER_BACKLOG and the pace (XIX_LADDER_QUIET_MS, XIX_LADDER_SETTLED_ELO) set it', () => {
    expect(workerConfig({}).ladder).toEqual({ enabled: false, intervalMs: 5_000, backlog: 4, quietMs: 600_000, settledElo: 30 });
    expect(workerConfig({ XIX_LADDER: 'on', XIX_LADDER_INTERVAL_MS: '250', XIX_LADDER_BACKLOG: '8', XIX_LADDER_QUIET_MS: '0', XIX_LADDER_SETTLED_ELO: '50' }).ladder)
      .toEqual({ enabled: true, intervalMs: 250, backlog: 8, quietMs: 0, settledElo: 50 });
    expect(() => workerConfig({ XIX_LADDER_SETTLED_ELO: '0' })).toThrow('XIX_LADDER_SETTLED_ELO must be a whole number from 1 to 10000, got "0"');
    expect(workerConfig({ XIX_LADDER: 'OFF' }).ladder.enabled).toBe(false);
    expect(() => workerConfig({ XIX_LADDER: 'maybe' })).toThrow('XIX_LADDER must be on or off, got "maybe"');
    expect(() => workerConfig({ XIX_LADDER_INTERVAL_MS: '10' })).toThrow('XIX_LADDER_INTERVAL_MS must be a whole number from 50 to 3600000, got "10"');
    expect(() => workerConfig({ XIX_LADDER_BACKLOG: '0' })).toThrow('XIX_LADDER_BACKLOG must be a whole number from 1 to 1000, got "0"');
  });
});

describe('the ladder in worker processes', () => {
  it('schedules nothing in a worker started without XIX_LADDER', async () => {
    h = harness();
    await storeBot(h.store, 'alice', 'heuristic', HEURISTIC);
    await storeBot(h.store, 'bob', 'random', RANDOM);
    const env = { REDIS_URL: TEST_REDIS_URL, XIX_PREFIX: h.prefix, XIX_LADDER: '', XIX_LADDER_INTERVAL_MS: '50' };
    const worker = spawnWorker(env);
    workers.push(worker);
    await worker.ready;
    expect(worker.output()).toContain('"ladder":false');
    // many intervals' worth
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect((await h.store.ladderBacklog('xix')).open).toEqual([]);
    expect(await h.redis.get(keysFor(h.prefix).seq('series'))).toBeNull();
  });

  it('runs in two processes with XIX_LADDER=on: their series are played and rated, the backlog bound holds', async () => {
    h = harness();
    for (const [owner, file] of [['alice', HEURISTIC], ['bob', RANDOM], ['carol', RANDOM], ['dave', HEURISTIC], ['erin', RANDOM]] as const) await storeBot(h.store, owner, 'bot', file);
    const env = { REDIS_URL: TEST_REDIS_URL, XIX_PREFIX: h.prefix, XIX_LADDER: 'on', XIX_LADDER_INTERVAL_MS: '100', XIX_LADDER_BACKLOG: '1' };
    workers.push(spawnWorker(env), spawnWorker(env));
    await Promise.all(workers.map((w) => w.ready));
    const deadline = Date.now() + 90_000;
    let rated = await h.store.ratings('xix');
    while (rated.games < 3 * 2 * LADDER_DEALS) {
      // a backlog of 1: never two ladder series queued or running at once
      expect((await h.store.ladderBacklog('xix')).open.length).toBeLessThanOrEqual(1);
      if (Date.now() > deadline) throw new Error(`only ${rated.games} rated games in 90 s:\n${workers.map((w) => w.output()).join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
      rated = await h.store.ratings('xix');
    }
    const { matches } = await h.store.listMatches({ game: 'xix', limit: 100 });
    for (const m of matches) expect(m).toMatchObject({ kind: 'ladder', rated: true });
    expect(workers.some((w) => w.output().includes('"ladder series queued"'))).toBe(true);
  });

  it('loads the fixture games in main.ts (the test-only switch, inherited): the ladder of nim plays its heads-up board (issue 16 item 7)', async () => {
    h = harness();
    for (const owner of ['alice', 'bob']) await storeBot(h.store, owner, 'bot', './fixtures/nim-first-legal.ts', 'active', 'nim');
    const env = { REDIS_URL: TEST_REDIS_URL, XIX_PREFIX: h.prefix, XIX_LADDER: 'on', XIX_LADDER_INTERVAL_MS: '100', XIX_LADDER_BACKLOG: '1' };
    const worker = spawnWorker(env);
    workers.push(worker);
    await worker.ready;
    const deadline = Date.now() + 60_000;
    while ((await h.store.ratings('nim', 'heads-up')).games < 2 * LADDER_DEALS) {
      if (Date.now() > deadline) throw new Error(`no rated nim game in 60 s:\n${worker.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await h.store.ratings('nim')).games).toBe(0);
  });
});
