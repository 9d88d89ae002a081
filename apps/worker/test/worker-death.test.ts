/**
 * A worker process killed in the middle of a series (SIGKILL: no goodbye) leaves its job locked;
 * once the lock expires, another worker's stalled-job check puts the job back and that worker
 * finishes the series from where the stored games end. Every game is stored exactly once: the
 * match ids are the series' own, and the bots' rated records count each game once. A worker killed
 * after a game's blob is written and before its record is (issue 24) leaves no game behind; the
 * retry writes the blob again and stores the game once.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startWorker, type SeriesWorker } from '../src/index.ts';
import { RANDOM, SLOW, TEST_REDIS_URL, harness, storeBot, finished } from './helpers.ts';
import { TEST_BLOB_DIR } from '../../store/test/world.ts';
import { spawnWorker, type WorkerProcess } from './worker-process.ts';
import { until } from '../../store/test/until.ts';

describe('a worker that dies mid-series', () => {
  const h = harness();
  const workers: WorkerProcess[] = [];
  let inProcess: SeriesWorker | undefined;
  afterAll(async () => {
    await inProcess?.close();
    for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
    await Promise.all(workers.map((w) => w.exited));
    await h.close();
  });
  // Short locks so the test does not wait BullMQ's default 30 s for the stall.
  const env = { REDIS_URL: TEST_REDIS_URL, XIX_PREFIX: h.prefix, XIX_LOCK_DURATION_MS: '1000', XIX_STALLED_INTERVAL_MS: '500' };

  it('is replaced by another worker that completes the series, storing each game once', async () => {
    const a = await storeBot(h.store, 'gina', 'slow-a', SLOW);
    const b = await storeBot(h.store, 'hank', 'slow-b', SLOW);
    const first = spawnWorker(env);
    workers.push(first);
    await first.ready;
    const deals = 6;
    const id = await h.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals, seed: 21 });

    const midway = await h.waitFor(id, (s) => s.matches.length >= 3);
    first.child.kill('SIGKILL');
    expect(await first.exited).toMatchObject({ signal: 'SIGKILL' });
    const atDeath = (await h.store.getSeries(id))!;
    expect(atDeath.status).toBe('running');
    expect(atDeath.matches.length).toBeLessThan(2 * deals);

    const second = spawnWorker(env);
    workers.push(second);
    const done = await h.waitFor(id, finished, 90_000);
    expect(done).toMatchObject({ status: 'done', games: 2 * deals, gamesDone: 2 * deals });
    expect([...done.matches].sort()).toEqual(Array.from({ length: 2 * deals }, (_, i) => `${id}.${i}`).sort());
    for (const stored of midway.matches) expect(done.matches).toContain(stored);
    for (const bot of [a.bot, b.bot]) expect((await h.store.getBot(bot))?.record.games).toBe(2 * deals);
    const page = await h.store.listMatches({ series: id, limit: 100 });
    expect(page.matches).toHaveLength(2 * deals);
    expect(second.output()).toContain(`"series":"${id}"`);
    // Only the next test's workers may take its series.
    second.child.kill('SIGTERM');
    expect(await second.exited).toMatchObject({ code: 0 });
  });

  it('resumes a series whose worker is SIGKILLed three times, and stores each game once (issue 17 item 15)', { timeout: 120_000 }, async () => {
    const a = await storeBot(h.store, 'olga', 'slow-o', SLOW);
    const b = await storeBot(h.store, 'pete', 'slow-p', SLOW);
    const deals = 4;
    // two workers up at any time: the one left takes the job up as soon as it is found stalled
    const alive = [spawnWorker(env), spawnWorker(env)];
    workers.push(...alive);
    try {
      await Promise.all(alive.map((w) => w.ready));
      const id = await h.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals, seed: 23 });
      // three deaths, each of the worker playing it as soon as it has taken the job: a worker that
      // died is never a failed attempt (the old limit failed the job at its third stall)
      for (let death = 1; death <= 3; death++) {
        const holder = await until('a worker to take the series', async () => alive.find((w) => w.output().includes('"msg":"series started"')), (w) => w !== undefined, { timeoutMs: 60_000, everyMs: 20 });
        holder.child.kill('SIGKILL');
        await holder.exited;
        alive.splice(alive.indexOf(holder), 1);
        const spare = spawnWorker(env);
        workers.push(spare);
        alive.push(spare);
      }
      const done = await h.waitFor(id, finished, 90_000);
      expect(done).toMatchObject({ status: 'done', gamesDone: 2 * deals, error: null });
      expect([...done.matches].sort()).toEqual(Array.from({ length: 2 * deals }, (_, i) => `${id}.${i}`).sort());
      for (const bot of [a.bot, b.bot]) expect((await h.store.getBot(bot))?.record.games).toBe(2 * deals);
      expect((await h.queue.getJob(id))?.stalledCounter).toBe(3);
    } finally {
      // only the next test's workers may take its series
      for (const w of alive) w.child.kill('SIGTERM');
      await Promise.all(alive.map((w) => w.exited));
    }
  });

  it('killed between a game\'s blob write and its Redis write, leaves no game counted without its replay; the retry stores it once (issue 24)', async () => {
    const a = await storeBot(h.store, 'rita', 'rand-r', RANDOM);
    const b = await storeBot(h.store, 'sam', 'rand-s', RANDOM);
    // the test-only pause (matches.ts): the worker says it is there by writing this file, then waits to be killed
    const paused = path.join(mkdtempSync(path.join(tmpdir(), 'xix-pause-')), 'paused');
    const dying = spawnWorker({ ...env, XIX_TEST_PAUSE_AFTER_BLOB: paused });
    workers.push(dying);
    let second: WorkerProcess | undefined;
    try {
      await dying.ready;
      const rated = (await h.store.ratings('xix')).games;
      const deals = 2;
      const id = await h.enqueue({ kind: 'challenge', rated: true, entrants: [a, b], deals, seed: 24 });
      await until('the worker to pause after the first blob', async () => existsSync(paused), (found) => found, { timeoutMs: 60_000, everyMs: 20 });
      // the blob is durable, the record is not written: no game exists yet
      const blobs = readdirSync(path.join(TEST_BLOB_DIR, h.prefix), { recursive: true }).map((name) => path.basename(String(name))).filter((name) => name.startsWith(`${id}.`));
      expect(blobs).toEqual([`${id}.0.json.gz`]);
      expect(await h.store.getMatch(`${id}.0`)).toBeNull();
      expect(await h.store.getSeries(id)).toMatchObject({ gamesDone: 0, matches: [] });
      dying.child.kill('SIGKILL');
      expect(await dying.exited).toMatchObject({ signal: 'SIGKILL' });

      second = spawnWorker(env);
      workers.push(second);
      const done = await h.waitFor(id, finished, 90_000);
      expect(done).toMatchObject({ status: 'done', gamesDone: 2 * deals });
      expect([...done.matches].sort()).toEqual(Array.from({ length: 2 * deals }, (_, i) => `${id}.${i}`).sort());
      for (const match of done.matches) expect(await h.store.getReplay(match)).toMatchObject({ moves: expect.any(Array) });
      for (const bot of [a.bot, b.bot]) expect((await h.store.getBot(bot))?.record.games).toBe(2 * deals);
      expect((await h.store.ratings('xix')).games).toBe(rated + 2 * deals);
    } finally {
      // only the next test's workers may take its series
      dying.child.kill('SIGKILL');
      second?.child.kill('SIGTERM');
      await Promise.all([dying.exited, second?.exited]);
      rmSync(path.dirname(paused), { recursive: true, force: true });
    }
  });

  it('marks the series failed when its job stalls more often than a maxStalledCount set (not the default: unlimited)', async () => {
    const a = await storeBot(h.store, 'nina', 'slow-n', SLOW);
    const dying = spawnWorker(env);
    workers.push(dying);
    await dying.ready;
    const id = await h.enqueue({ kind: 'challenge', rated: false, entrants: [a, a], deals: 6, seed: 22 });
    await h.waitFor(id, (s) => s.matches.length >= 1);
    dying.child.kill('SIGKILL');
    await dying.exited;
    // No stall allowed: BullMQ's stall check fails the job itself, with no processor to see it.
    inProcess = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, lockDuration: 1000, stalledInterval: 500, maxStalledCount: 0 });
    const failed = await h.waitFor(id, finished, 60_000);
    expect(failed).toMatchObject({ status: 'failed', error: 'job stalled more than allowable limit' });
    expect(await (await h.queue.getJob(id))?.getState()).toBe('failed');
  });
});
