/**
 * A series of k entrants resumes at deal granularity (a deal is k games, one per seat rotation): the
 * pool is asked for the deals from the first one with a game not stored, whole, from its seed on.
 * The pool here only records what it is asked; the store is the worker's port, in memory.
 */
import type { SandboxPool, SeriesJob } from '@xix/sandbox';
import { describe, expect, it } from 'vitest';
import { nineteenTwentyThree } from '@xix/engine';
import { rotatedGame, seatingOf } from '@xix/referee';
import { runSeries } from '../src/index.ts';
import type { StoredSeries, WorkerStore } from '../src/store-port.ts';

function seriesOf(entrants: number, matches: readonly number[], dealKey = ''): StoredSeries {
  return {
    id: 's7', game: '1923', kind: 'challenge', rated: false,
    entrants: Array.from({ length: entrants }, (_, i) => ({ bot: `b${i + 1}`, version: 1 })),
    seats: entrants, options: {},
    deals: 3, seed: 40, limits: null, botSeedKey: 'key', dealKey, status: 'queued', tournament: null, validates: null,
    matches: matches.map((index) => `s7.${index}`),
  };
}

/** Runs the series against a pool that plays nothing; answers the run and the jobs the pool got. */
async function resume(series: StoredSeries): Promise<{ run: Awaited<ReturnType<typeof runSeries>>; jobs: SeriesJob[] }> {
  const jobs: SeriesJob[] = [];
  const pool = { runSeries: async (job: SeriesJob) => (jobs.push(job), { ok: true, games: [], hostDeaths: [] }) } as unknown as SandboxPool;
  const store = {
    getSeries: async () => series,
    setSeriesStatus: async () => undefined,
    completeValidation: async () => 'validating',
  } as unknown as WorkerStore;
  const bundles = { get: async (bot: string) => ({ name: bot, code: `// ${bot}` }), size: 0 };
  const checkVersion = async (): Promise<string> => { throw new Error('not a validation series'); };
  const run = await runSeries({ store, pool, bundles, checkVersion }, series.id);
  return { run, jobs };
}

describe('resuming a series of three entrants', () => {
  it('starts again at the first deal with a game of its three rotations not stored', async () => {
    // deal 0 is games 0-2 (all stored), deal 1 is games 3-5 (game 5 missing)
    const { run, jobs } = await resume(seriesOf(3, [0, 1, 2, 3, 4]));
    expect(run).toMatchObject({ skippedDeals: 1, played: 0 });
    expect(jobs).toHaveLength(1);
    expect(jobs[0]).toMatchObject({ game: '1923', seed: 41, deals: 2 });
    expect(jobs[0]?.bots.map((bot) => bot.name)).toEqual(['b1', 'b2', 'b3']);
    // a series stored before tables and options (issue 16): one seat an entrant, the game's default options
    expect(jobs[0]).toMatchObject({ seats: 3, options: { decks: 1 } });
  });

  it('replays deal 0 when only two of its three games are stored (not a two-game deal)', async () => {
    const { run, jobs } = await resume(seriesOf(3, [0, 1, 3, 4, 5]));
    expect(run.skippedDeals).toBe(0);
    expect(jobs[0]).toMatchObject({ seed: 40, deals: 3 });
  });

  it('asks the pool for nothing when every game of every deal is stored', async () => {
    const { run, jobs } = await resume(seriesOf(3, [0, 1, 2, 3, 4, 5, 6, 7, 8]));
    expect(run).toMatchObject({ skippedDeals: 3, played: 0 });
    expect(jobs).toEqual([]);
  });

  it('keeps every deal of a series with a secret deal key: the resumed job plays the seeds the whole series would (issue 19)', async () => {
    const series = seriesOf(3, [0, 1, 2], 'secret deal key');
    const { jobs } = await resume(series);
    expect(jobs[0]).toMatchObject({ seed: 41, deals: 2, dealKey: 'secret deal key' });
    const seating = seatingOf(nineteenTwentyThree, 3);
    for (let index = 0; index < 6; index++) {
      expect(rotatedGame(jobs[0]!.seed, seating, index, jobs[0]!.dealKey).dealSeed).toBe(rotatedGame(series.seed, seating, index + 3, series.dealKey).dealSeed);
    }
  });
});
