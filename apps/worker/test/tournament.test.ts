/**
 * A round robin through the real worker and sandbox: three bots, one deal per pairing, every game
 * stored once with a replay that verifies, standings and status settled by the worker. A pairing
 * whose tournament was cancelled before it started is not played; one cancelled while it runs stops
 * after the deal in play, keeping the games stored.
 */
import { parseReplay, verifyReplay } from '@xix/engine';
import { SERIES_JOB_OPTIONS, SERIES_JOB_PRIORITY, cancelledSeriesReason, matchId, seriesJobId, type Store } from '@xix/store';
import type { Queue } from 'bullmq';
import { describe, expect, it } from 'vitest';
import { HEURISTIC, RANDOM, SLOW, closedAfterEach, storeBot } from './helpers.ts';

const opened = closedAfterEach();

/** Creates a 3-bot tournament and enqueues its pairings as the server does. */
async function tournamentOf(store: Store, queue: Queue, entrants?: { bot: string; version: number }[], dealsPerPairing = 1): Promise<{ tournament: string; series: string[] }> {
  entrants ??= [await storeBot(store, 'alice', 'heuristic', HEURISTIC), await storeBot(store, 'bob', 'random', RANDOM), await storeBot(store, 'carol', 'random', RANDOM)];
  const created = await store.createTournament({ game: 'xix', entrants, dealsPerPairing, seats: 2, createdBy: 'admin' });
  for (const id of created.series) await queue.add('tournament', { seriesId: id }, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(id), priority: SERIES_JOB_PRIORITY.tournament });
  return created;
}

async function waitForStatus(store: Store, id: string, wanted: string, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const report = await store.getTournament(id);
    if (report?.status === wanted) return report;
    if (Date.now() > deadline) throw new Error(`tournament ${id} is not ${wanted}: ${JSON.stringify(report)}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('a tournament', () => {
  it('is played end to end: done, 4 games per bot, every replay verifies', async () => {
    const h = opened.harness();
    const worker = opened.worker(h);
    await worker.ready;
    const { tournament, series } = await tournamentOf(h.store, h.queue);
    const report = await waitForStatus(h.store, tournament, 'done');
    expect(report.progress).toEqual({ games: 6, gamesDone: 6, gamesUnplayed: 0 });
    expect(report.standings.map((s) => s.games)).toEqual([4, 4, 4]);
    expect(report.standings.reduce((sum, s) => sum + s.wins, 0) + report.standings.reduce((sum, s) => sum + s.draws, 0) / 2).toBe(6);
    expect(report.crossTable.map((cell) => cell.games)).toEqual([2, 2, 2]);
    for (const id of series) {
      const stored = await h.store.getSeries(id);
      expect(stored).toMatchObject({ status: 'done', gamesDone: 2, error: null });
      for (const matchId of stored?.matches ?? []) {
        expect(await h.store.getMatch(matchId)).toMatchObject({ kind: 'tournament', rated: true });
        expect(verifyReplay(parseReplay(await h.store.getReplay(matchId)))).toMatchObject({ ok: true });
      }
    }
  });

  it('is not played once cancelled: the worker marks its pairings failed and plays no game', async () => {
    const h = opened.harness();
    const { tournament, series } = await tournamentOf(h.store, h.queue);
    // cancelled in the store only: the jobs stay queued, as for a job a worker took during a cancel
    await h.store.cancelTournament(tournament);
    const worker = opened.worker(h);
    await worker.ready;
    for (const id of series) {
      const stored = await h.waitFor(id, (s) => s.status === 'failed');
      expect(stored).toMatchObject({ gamesDone: 0, matches: [], error: `not played: tournament ${tournament} was cancelled` });
    }
    expect(await h.store.tournamentStatus(tournament)).toBe('cancelled');
  });

  it('stops a running pairing once cancelled: no further deal, the whole deals stored are kept', async () => {
    const h = opened.harness();
    const worker = opened.worker(h);
    await worker.ready;
    const slow = [await storeBot(h.store, 'dora', 'slow', SLOW), await storeBot(h.store, 'erin', 'slow', SLOW)];
    const deals = 100;
    const { tournament, series } = await tournamentOf(h.store, h.queue, slow, deals);
    const seriesId = series[0]!;
    await h.waitFor(seriesId, (s) => s.gamesDone >= 3);
    // as the cancel route does: the running pairing is left to its worker
    expect(await h.store.cancelTournament(tournament)).toEqual({ before: 'running', queuedSeries: [] });

    const stopped = await h.waitFor(seriesId, (s) => s.status !== 'running');
    expect(stopped).toMatchObject({ status: 'failed', error: cancelledSeriesReason(tournament) });
    const kept = stopped.matches.length;
    expect(kept % 2).toBe(0); // whole deals: each deal from both seats
    expect(kept).toBeGreaterThanOrEqual(4);
    expect(kept).toBeLessThan(deals * 2);
    expect(stopped.gamesDone).toBe(kept);
    expect([...stopped.matches].sort()).toEqual(Array.from({ length: kept }, (_, i) => matchId(seriesId, i)).sort());
    for (const id of stopped.matches) expect(verifyReplay(parseReplay(await h.store.getReplay(id)))).toMatchObject({ ok: true });

    await worker.close();
    expect((await h.store.getSeries(seriesId))?.matches).toHaveLength(kept);
    const report = await h.store.getTournament(tournament);
    expect(report).toMatchObject({ status: 'cancelled', progress: { games: deals * 2, gamesDone: kept, gamesUnplayed: deals * 2 - kept } });
    expect(report?.crossTable[0]).toMatchObject({ status: 'cancelled', games: kept });
  });
});
