/**
 * Tournaments end to end (issue 10): real Redis, the real server on a real port, real worker
 * processes. A user uploads four bots over HTTP, they validate, an admin runs a round robin, and
 * what the API then shows (standings, cross table, leaderboard, ratings, replays, the game
 * counter) is checked against the stored games (tournament-checks.ts). The same must hold when a
 * worker process is SIGKILLed in the middle of a pairing (the other worker takes the stalled job
 * up and resumes it) and when Redis itself (the test's own redis-server, AOF fsynced on every
 * write) is SIGKILLed and started again in the middle of one.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { freePort, startRedisServer, type OwnRedis } from '../src/redis-server.ts';
import { TEST_REDIS_URL } from '../../worker/test/helpers.ts';
import { checkTournament } from './tournament-checks.ts';
import {
  WAIT_MS, createTournament, finishedTournament, matchesOfSeries, midSeries, openPlatform, seriesLog, seriesOf, until, uploadEntrants, type Platform,
} from './tournament-platform.ts';

/** Four deals per pairing: 8 games a pairing, 48 in all, each deal from both seats. */
const DEALS = 4;

// Each test waits up to WAIT_MS for the validations and again for the tournament (a loaded
// machine); a quiet one runs the three in about 20 s.
describe('a round-robin tournament end to end', { timeout: 3 * WAIT_MS }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'xix-tournament-e2e-'));
  let platform: Platform | undefined;
  let ownRedis: OwnRedis | undefined;
  afterEach(async () => {
    await platform?.close();
    platform = undefined;
    await ownRedis?.stop();
    ownRedis = undefined;
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('four uploaded bots play it: standings, cross table, leaderboard and every replay agree with the games', async () => {
    platform = await openPlatform(TEST_REDIS_URL);
    await platform.startWorker({ WORKER_CONCURRENCY: '2' });
    const entrants = await uploadEntrants(platform.http);
    const created = await createTournament(platform.http, entrants, DEALS);
    expect(created.series).toHaveLength(6);
    const report = await finishedTournament(platform, created.tournament);
    await checkTournament(platform.http, entrants, created.series, report);
  });

  it('a worker SIGKILLed in the middle of a pairing: the other resumes the stalled job, every game counted once', async () => {
    // Short locks: the dead worker's job is found stalled within ~4 s, not the worker's default ~90 s;
    // renewed every 1.5 s, long enough that a live worker on a loaded machine keeps its own.
    platform = await openPlatform(TEST_REDIS_URL, { XIX_LOCK_DURATION_MS: '3000', XIX_STALLED_INTERVAL_MS: '1000' });
    const workers = [await platform.startWorker(), await platform.startWorker()];
    const entrants = await uploadEntrants(platform.http);
    const slow = entrants.find((e) => e.name === 'ponder')!.bot;
    const created = await createTournament(platform.http, entrants, DEALS);

    const series = await midSeries(platform.http, created.tournament, slow);
    const [victim] = await until(`the worker playing ${series}`, async () => workers.filter((w) => seriesLog(w, series, 'series started').length > 0), (found) => found.length === 1);
    const survivor = workers.find((w) => w !== victim)!;
    victim!.child.kill('SIGKILL');
    expect(await victim!.exited).toMatchObject({ signal: 'SIGKILL' });
    // read before the lock expires: what the dead worker stored, and nothing since
    const atDeath = await seriesOf(platform.http, series);
    // from the store: the API lists these games only once every table has played their deals (deal publicity)
    const stored = (await platform.store.listMatches({ series, limit: 100 })).matches;
    expect(atDeath.status).toBe('running');
    expect(stored.length).toBeLessThan(2 * DEALS);

    const report = await finishedTournament(platform, created.tournament);
    const matches = await checkTournament(platform.http, entrants, created.series, report);
    // the games stored before the kill stand as they were: not lost, not stored a second time
    for (const match of stored) {
      expect(matches.has(match.id)).toBe(true);
      expect(await platform.store.getMatch(match.id)).toEqual(match);
    }
    // the survivor took the series up at the first deal not stored from both seats (run-series.ts)
    expect(seriesLog(victim!, series, 'series done')).toEqual([]);
    const resumed = seriesLog(survivor, series, 'series done');
    expect(resumed).toHaveLength(1);
    const { skippedDeals, played, duplicates } = resumed[0] as { skippedDeals: number; played: number; duplicates: number };
    expect(skippedDeals).toBe(Math.floor(stored.length / 2));
    expect(2 * skippedDeals + played).toBe(2 * DEALS);
    // a deal's first game stored before the kill is played again with its second, and not stored again
    expect(duplicates).toBe(stored.length % 2);
  });

  it('Redis SIGKILLed and restarted in the middle of a pairing: no finished result lost, every game counted once', async () => {
    const port = await freePort();
    ownRedis = await startRedisServer({ dir, port, fsyncAlways: true });
    // A lock longer than the outage: the job stays with its worker across the restart.
    platform = await openPlatform(ownRedis.url, { XIX_LOCK_DURATION_MS: '10000' });
    await platform.startWorker();
    const entrants = await uploadEntrants(platform.http);
    const slow = entrants.find((e) => e.name === 'ponder')!.bot;
    const created = await createTournament(platform.http, entrants, DEALS);

    await midSeries(platform.http, created.tournament, slow);
    const before = (await Promise.all(created.series.map((id) => matchesOfSeries(platform!.http, id)))).flat();
    expect(before.length).toBeLessThan(6 * 2 * DEALS);
    // SIGKILL: no shutdown save; only what the AOF already holds survives.
    ownRedis.process.kill('SIGKILL');
    await new Promise((resolve) => ownRedis!.process.once('exit', resolve));
    ownRedis = await startRedisServer({ dir, port, fsyncAlways: true });

    const report = await finishedTournament(platform, created.tournament);
    const matches = await checkTournament(platform.http, entrants, created.series, report);
    for (const match of before) expect(matches.get(match.id)).toEqual(match);
  });
});
