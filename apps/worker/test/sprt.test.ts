/**
 * The background SPRT (issue 21 item 2): a version that becomes active is tested against the bot's
 * previous active version in chunks of unrated mirrored pairs at the queue's lowest priority, until
 * the LLR crosses a bound; a chunk counts once whoever folds it; a newer version supersedes the test.
 */
import { SERIES_JOB_OPTIONS, SERIES_JOB_PRIORITY, seriesJobId, type SprtTest } from '@xix/store';
import { afterEach, describe, expect, it } from 'vitest';
import { startSprtRunner, type SprtRunner } from '../src/sprt-runner.ts';
import { HEURISTIC, RANDOM, TEST_REDIS_URL, finished, storeBot, workerForAll } from './helpers.ts';

/** A bound crossed in a few chunks: heuristic against random wins nearly every pair. */
const FAST = { elo0: 0, elo1: 200, alpha: 0.05, beta: 0.05, maxGames: 200, chunkDeals: 4 };

describe('the background SPRT of a new version', () => {
  let runner: SprtRunner | undefined;
  const w = workerForAll({ afterSeries: (name, run) => runner?.afterSeries(name, run) ?? Promise.resolve() });
  afterEach(async () => {
    await runner?.close();
    runner = undefined;
  });

  const waitForTest = async (bot: string, version: number, done: (test: SprtTest) => boolean, timeoutMs = 60_000): Promise<SprtTest> => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const test = await w.h.store.getSprt(bot, version);
      if (test !== null && done(test)) return test;
      if (Date.now() > deadline) throw new Error(`the test of ${bot} version ${version} did not get there in ${timeoutMs} ms: ${JSON.stringify(test)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('tests a version that becomes active against the previous one until H1, unrated and unlisted', async () => {
    runner = startSprtRunner({ redisUrl: TEST_REDIS_URL, prefix: w.h.prefix, settings: FAST, autorun: false });
    const house = await storeBot(w.h.store, 'house', 'random', RANDOM);
    const old = await storeBot(w.h.store, 'erin', 'climber', RANDOM);
    const fresh = await storeBot(w.h.store, 'erin', 'climber', HEURISTIC, 'validating');
    expect(fresh).toEqual({ bot: old.bot, version: 2 });
    const validation = await w.h.enqueue({ kind: 'validation', rated: false, entrants: [fresh, house], deals: 1, seed: 3, validates: fresh });
    await w.h.waitFor(validation, finished);
    const test = await waitForTest(fresh.bot, 2, (t) => t.status !== 'running');
    expect(test).toMatchObject({ status: 'H1', version: 2, base: 1, model: 'pentanomial', elo0: 0, elo1: 200, reason: null, chunkSeries: [] });
    expect(test.llr).toBeGreaterThanOrEqual(test.upper);
    // every pair is two games, and every game of every chunk is counted once
    const pairs = test.counts.reduce((sum, count) => sum + count, 0);
    expect(test.games).toBe(2 * pairs);
    expect(test.chunks).toBe(Math.ceil(pairs / FAST.chunkDeals));
    expect(test.score).toBeGreaterThan(0.5);
    if (test.elo !== null) expect(test.elo).toBeGreaterThan(0);
    // the chunks' games are in no record, board, rating or match list of the bot
    expect((await w.h.store.getBot(fresh.bot))?.record.games).toBe(0);
    const listed = [...(await w.h.store.listMatches({ bot: fresh.bot, limit: 100 })).matches, ...(await w.h.store.listMatches({ limit: 100 })).matches];
    expect(listed.length).toBeGreaterThan(0);
    expect(new Set(listed.map((match) => match.kind))).toEqual(new Set(['validation']));
    expect((await w.h.store.ratings('xix')).bots.has(fresh.bot)).toBe(false);
    // nor shown live: the lobby heard of the validation's games only
    const lobby = (await w.h.store.readLobby('0')).map((entry) => JSON.stringify(entry));
    expect(lobby.some((text) => text.includes(`"${validation}.`))).toBe(true);
    expect(lobby.filter((text) => /"match":"s\d+\.\d+"/.test(text) && !text.includes(`"${validation}.`))).toEqual([]);
    expect(await w.h.store.runningSprts()).toEqual([]);
  });

  it('folds a chunk once however many workers fold it, and enqueues the next at the lowest priority', async () => {
    runner = startSprtRunner({ redisUrl: TEST_REDIS_URL, prefix: w.h.prefix, settings: { ...FAST, elo1: 5 }, autorun: false });
    const old = await storeBot(w.h.store, 'fay', 'twin', RANDOM);
    const fresh = await storeBot(w.h.store, 'fay', 'twin', RANDOM);
    await w.h.store.startSprt({ bot: fresh.bot, version: 2, base: 1, game: 'xix', seats: 2, options: {}, field: [], seed: 11, settings: { ...FAST, elo1: 5 } });
    expect(old.version).toBe(1);
    // the chunk is played by a worker, but nobody folds it (no job of kind 'sprt' is enqueued by the test's runner)
    const first = await w.h.store.advanceSprt(fresh.bot, 2);
    expect(first.enqueue).toHaveLength(1);
    expect(await w.h.store.advanceSprt(fresh.bot, 2)).toEqual(first);
    const [chunk] = first.enqueue;
    await w.h.queue.add('validation', { seriesId: chunk! }, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(chunk!) });
    const played = await w.h.waitFor(chunk!, finished);
    expect(played).toMatchObject({ status: 'done', kind: 'sprt', rated: false, games: 8 });
    const steps = await Promise.all([1, 2, 3].map(() => w.h.store.advanceSprt(fresh.bot, 2)));
    const test = await w.h.store.getSprt(fresh.bot, 2);
    expect(test).toMatchObject({ status: 'running', chunks: 1, games: 8 });
    expect(test!.counts.reduce((sum, count) => sum + count, 0)).toBe(4);
    // one next chunk, the same for every caller
    for (const step of steps) expect(step.enqueue).toEqual(test!.chunkSeries);
    expect(test!.chunkSeries).toHaveLength(1);
    await runner.tick();
    const job = await w.h.queue.getJob(test!.chunkSeries[0]!);
    expect(job?.name).toBe('sprt');
    expect(job?.opts.priority).toBe(SERIES_JOB_PRIORITY.sprt);
    expect(SERIES_JOB_PRIORITY.sprt).toBeGreaterThan(Math.max(SERIES_JOB_PRIORITY.ladder, SERIES_JOB_PRIORITY.tournament, SERIES_JOB_PRIORITY.challenge));
    await w.h.store.stopSprt(fresh.bot, 2, 'test over');
  });

  it('through a field: the two tables play the same deals with the same bot seeds, each game one paired placing', async () => {
    const field = await storeBot(w.h.store, 'house', 'heuristic', HEURISTIC);
    const old = await storeBot(w.h.store, 'ida', 'placer', RANDOM);
    const fresh = await storeBot(w.h.store, 'ida', 'placer', HEURISTIC);
    const settings = { ...FAST, chunkDeals: 2 };
    await w.h.store.startSprt({ bot: fresh.bot, version: fresh.version, base: old.version, game: 'xix', seats: 2, options: {}, field: [field], seed: 5, settings });
    const { enqueue } = await w.h.store.advanceSprt(fresh.bot, fresh.version);
    expect(enqueue).toHaveLength(2);
    const [mine, theirs] = await Promise.all(enqueue.map((id) => w.h.store.getSeries(id)));
    expect(mine!.entrants).toEqual([{ bot: fresh.bot, version: 2 }, field]);
    expect(theirs!.entrants).toEqual([{ bot: old.bot, version: 1 }, field]);
    expect([theirs!.seed, theirs!.deals, theirs!.botSeedKey, theirs!.dealKey]).toEqual([mine!.seed, mine!.deals, mine!.botSeedKey, mine!.dealKey]);
    expect(mine!.dealKey).not.toBe('');
    for (const id of enqueue) await w.h.queue.add('validation', { seriesId: id }, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(id) });
    for (const id of enqueue) await w.h.waitFor(id, finished);
    await w.h.store.advanceSprt(fresh.bot, fresh.version);
    const test = await w.h.store.getSprt(fresh.bot, fresh.version);
    // 2 deals, each once per seat rotation at each table: 4 paired placings, 8 games
    expect(test).toMatchObject({ model: 'trinomial', chunks: 1, games: 8 });
    expect(test!.counts).toHaveLength(3);
    expect(test!.counts.reduce((sum, count) => sum + count, 0)).toBe(4);
    await w.h.store.stopSprt(fresh.bot, fresh.version, 'test over');
  });

  it('stops a test when a newer version starts its own', async () => {
    const bot = await storeBot(w.h.store, 'gus', 'mover', RANDOM);
    await storeBot(w.h.store, 'gus', 'mover', RANDOM);
    await storeBot(w.h.store, 'gus', 'mover', RANDOM);
    const input = { bot: bot.bot, game: 'xix', seats: 2, options: {}, field: [], seed: 1, settings: FAST };
    expect(await w.h.store.startSprt({ ...input, version: 2, base: 1 })).toBe(true);
    expect(await w.h.store.startSprt({ ...input, version: 2, base: 1 })).toBe(false);
    expect(await w.h.store.startSprt({ ...input, version: 3, base: 2 })).toBe(true);
    expect(await w.h.store.getSprt(bot.bot, 2)).toMatchObject({ status: 'stopped', reason: 'superseded by version 3' });
    expect(await w.h.store.runningSprts()).toEqual([{ bot: bot.bot, version: 3 }]);
    expect((await w.h.store.sprtsOfBot(bot.bot)).map((t) => [t.version, t.status])).toEqual([[2, 'stopped'], [3, 'running']]);
    await expect(w.h.store.startSprt({ ...input, version: 4, base: 4 })).rejects.toThrow('the old version (4) must be older than the new (4)');
    await expect(w.h.store.startSprt({ ...input, version: 4, base: 3, settings: { ...FAST, elo1: 0 } })).rejects.toThrow('elo0 must be below elo1');
    await expect(w.h.store.startSprt({ ...input, version: 4, base: 3, settings: { ...FAST, elo1: 1500 } })).rejects.toThrow('both from -1000 to 1000, got 0 and 1500');
    await w.h.store.stopSprt(bot.bot, 3, 'test over');
  });
});
