/**
 * The ladder's scheduler on a real Redis: one of two schedulers acts at a time, the backlog bound
 * holds however often they run, its series wait behind a tournament's, and a worker plays them so
 * that the ratings move.
 */
import { findGame, parseReplay, verifyReplay } from '@xix/engine';
import { LADDER_DEALS, SERIES_JOB_PRIORITY, keysFor } from '@xix/store';
import { afterEach, describe, expect, it } from 'vitest';
import { startWorker, type SeriesWorker } from '../src/index.ts';
import { ladderTableOf, startLadder, type LadderScheduler } from '../src/ladder.ts';
import { until } from '../../store/test/until.ts';
import { HEURISTIC, RANDOM, TEST_REDIS_URL, harness, storeBot, type Harness } from './helpers.ts';

let h: Harness | undefined;
let worker: SeriesWorker | undefined;
let ladders: LadderScheduler[] = [];
afterEach(async () => {
  await Promise.all(ladders.map((ladder) => ladder.close()));
  await worker?.close();
  await h?.close();
  ladders = [];
  worker = undefined;
  h = undefined;
});

const ladderOf = (prefix: string, options: { intervalMs?: number; backlog: number; autorun?: boolean }): LadderScheduler => {
  const ladder = startLadder({ redisUrl: TEST_REDIS_URL, prefix, intervalMs: options.intervalMs ?? 60_000, backlog: options.backlog, autorun: options.autorun ?? false });
  ladders.push(ladder);
  return ladder;
};

/** Four active bots of different owners. */
async function fourBots(harnessed: Harness) {
  return [
    await storeBot(harnessed.store, 'alice', 'heuristic', HEURISTIC),
    await storeBot(harnessed.store, 'bob', 'random', RANDOM),
    await storeBot(harnessed.store, 'carol', 'random', RANDOM),
    await storeBot(harnessed.store, 'dave', 'heuristic', HEURISTIC),
  ];
}

async function ladderJobs(harnessed: Harness) {
  return (await harnessed.queue.getJobs(['prioritized', 'waiting', 'active', 'completed', 'failed', 'delayed'])).filter((job) => job.name === 'ladder');
}

const WAIT = { timeoutMs: 90_000 };

describe('the ladder scheduler', () => {
  it('acts in one of two instances at a time and fills the backlog once; the other takes over when it stops', async () => {
    h = harness();
    const bots = await fourBots(h);
    const [first, second] = [ladderOf(h.prefix, { backlog: 2 }), ladderOf(h.prefix, { backlog: 2 })] as const;
    const ticks = await Promise.all([first.tick(), second.tick()]);
    expect(ticks.filter((tick) => tick.leader)).toHaveLength(1);
    expect(ticks.flatMap((tick) => tick.created)).toHaveLength(2);
    const leader = ticks[0]!.leader ? first : second;
    const other = leader === first ? second : first;
    // full: nothing more, however often either runs
    for (let i = 0; i < 3; i++) expect((await Promise.all([first.tick(), second.tick()])).flatMap((tick) => tick.created)).toEqual([]);

    const jobs = await ladderJobs(h);
    expect(jobs).toHaveLength(2);
    expect(jobs.map((job) => job.opts.priority)).toEqual([SERIES_JOB_PRIORITY.ladder, SERIES_JOB_PRIORITY.ladder]);
    const series = await Promise.all(jobs.map((job) => h!.store.getSeries(job.data.seriesId)));
    // four bots, two pairings: every bot once, all new (provisional), each series rated and mirrored
    expect(series.flatMap((s) => s!.entrants.map((e) => e.bot)).sort()).toEqual(bots.map((b) => b.bot).sort());
    for (const s of series) expect(s).toMatchObject({ kind: 'ladder', rated: true, deals: LADDER_DEALS, games: 2 * LADDER_DEALS, status: 'queued' });

    await leader.close();
    ladders = ladders.filter((ladder) => ladder !== leader);
    expect(await other.tick()).toEqual({ leader: true, created: [] });
  });

  it('keeps to the backlog bound with two instances running on timers', async () => {
    h = harness();
    await fourBots(h);
    await storeBot(h.store, 'erin', 'random', RANDOM);
    await storeBot(h.store, 'frank', 'random', RANDOM);
    ladderOf(h.prefix, { intervalMs: 50, backlog: 2, autorun: true });
    ladderOf(h.prefix, { intervalMs: 50, backlog: 2, autorun: true });
    const { open } = await until('two ladder series', () => h!.store.ladderBacklog('xix'), (backlog) => backlog.open.length >= 2, WAIT);
    // many more rounds: each renews the leader's lock (its time to live goes up again)
    const lock = keysFor(h.prefix).ladderLock();
    let ttl = await h.redis.pttl(lock);
    let renewals = 0;
    const renewed = async (): Promise<number> => {
      const now = await h!.redis.pttl(lock);
      if (now > ttl) renewals++;
      ttl = now;
      return renewals;
    };
    await until('ten more ladder rounds', renewed, (count) => count >= 10, { timeoutMs: 30_000, everyMs: 60 });
    // and no third series (without a worker none finishes)
    expect((await h.store.ladderBacklog('xix')).open).toHaveLength(2);
    expect(await ladderJobs(h)).toHaveLength(2);
    // still acting: a finished series makes room for exactly one more
    await h.store.setSeriesStatus(open[0]!, 'done');
    const refilled = await until('a ladder series in its place', () => h!.store.ladderBacklog('xix'), (backlog) => backlog.open.length === 2 && !backlog.open.includes(open[0]!), WAIT);
    expect(refilled.open).toContain(open[1]);
    expect(await ladderJobs(h)).toHaveLength(3);
  });

  it('queues its series behind a tournament’s: a worker plays the tournament pairing first', async () => {
    h = harness();
    const bots = await fourBots(h);
    const ladder = ladderOf(h.prefix, { backlog: 2 });
    const { created } = await ladder.tick();
    expect(created).toHaveLength(2);
    const pairing = await h.enqueue({ kind: 'tournament', rated: true, entrants: [bots[0]!, bots[1]!], deals: 1, seed: 7 }, { priority: SERIES_JOB_PRIORITY.tournament });
    worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, concurrency: 1 });
    const finishedAt = async (seriesId: string) => {
      const done = await h!.waitFor(seriesId, (s) => s.status === 'done', 90_000);
      return Promise.all(done.matches.map(async (id) => (await h!.store.getMatch(id))!.finishedAt));
    };
    const tournamentTimes = await finishedAt(pairing);
    const ladderTimes = (await Promise.all(created.map(finishedAt))).flat();
    expect(ladderTimes).toHaveLength(2 * 2 * LADDER_DEALS);
    expect(Math.max(...tournamentTimes)).toBeLessThanOrEqual(Math.min(...ladderTimes));
  });

  it('is played by a worker: rated ladder games whose replays verify, and ratings that move', async () => {
    h = harness();
    const bots = [await storeBot(h.store, 'alice', 'heuristic', HEURISTIC), await storeBot(h.store, 'bob', 'random', RANDOM), await storeBot(h.store, 'carol', 'random', RANDOM)];
    worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, concurrency: 1 });
    const ladder = ladderOf(h.prefix, { intervalMs: 100, backlog: 2, autorun: true });
    // three bots: one pairing open at a time (a bot plays one ladder series at a time); three series played
    const rated = await until('18 rated games', () => h!.store.ratings('xix'), (ratings) => ratings.games >= 3 * 2 * LADDER_DEALS, WAIT);
    // no more series: taking turns, no bot can have reached PROVISIONAL_GAMES yet
    await ladder.close();
    ladders = [];
    const { matches } = await h.store.listMatches({ game: 'xix', limit: 100 });
    expect(matches.length).toBeGreaterThanOrEqual(3 * 2 * LADDER_DEALS);
    for (const m of matches) expect(m).toMatchObject({ kind: 'ladder', rated: true });
    for (const m of matches.slice(0, 4)) expect(verifyReplay(parseReplay(await h.store.getReplay(m.id)))).toMatchObject({ ok: true });
    // every bot played (whoever waited longest goes next), and the ratings left 1500
    expect([...rated.bots.keys()].sort()).toEqual(bots.map((b) => b.bot).sort());
    expect([...rated.bots.values()].some((r) => Math.abs(r.elo - 1500) > 1)).toBe(true);
    const rows = await h.store.leaderboard('xix');
    expect(rows).toHaveLength(3);
    for (const row of rows) expect(row).toMatchObject({ elo: expect.any(Number), provisional: true });
  });
});

describe('the ladder of Nineteen (issue 18)', () => {
  const FIRST_LEGAL = '../../sandbox/test/fixtures/partner-leak.ts';

  it('plays its main variant, heads up at 2 seats with the default rules (docs/architecture.md "Ladder")', async () => {
    expect(ladderTableOf(findGame('nineteen')!)).toEqual({ seats: 2, options: { shortSuit: false, reneging: false }, variant: 'heads-up' });
    h = harness();
    const bots = [await storeBot(h.store, 'alice', 'first-a', FIRST_LEGAL, 'active', 'nineteen'), await storeBot(h.store, 'bob', 'first-b', FIRST_LEGAL, 'active', 'nineteen')];
    const ladder = ladderOf(h.prefix, { backlog: 1 });
    const { created } = await ladder.tick();
    expect(created).toHaveLength(1);
    expect(await h.store.getSeries(created[0]!)).toMatchObject({ game: 'nineteen', kind: 'ladder', rated: true, seats: 2, games: 2 * LADDER_DEALS });
    worker = startWorker({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, concurrency: 1 });
    await h.waitFor(created[0]!, (s) => s.status === 'done', 90_000);
    const rated = await h.store.ratings('nineteen', 'heads-up');
    expect(rated.games).toBe(2 * LADDER_DEALS);
    expect([...rated.bots.keys()].sort()).toEqual(bots.map((b) => b.bot).sort());
    expect((await h.store.leaderboard('nineteen', 'heads-up')).map((row) => row.games)).toEqual([2 * LADDER_DEALS, 2 * LADDER_DEALS]);
  });
});
