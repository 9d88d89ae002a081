/**
 * Tournaments in the store: one rated series per pair of entrants, and progress, standings and the
 * cross table computed from the matches those series stored.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreInputError, cancelledSeriesReason } from '../src/index.ts';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, openWorld, upload, type World } from './world.ts';

let w: World;
let bots: MatchEntrant[];
beforeEach(async () => {
  w = await openWorld();
  bots = [await upload(w.store, 'alice', 'ann'), await upload(w.store, 'bob', 'ben'), await upload(w.store, 'carol', 'cat')];
});
afterEach(async () => { await w.close(); });

const refs = () => bots.map(({ bot, version }) => ({ bot, version }));
const create = (dealsPerPairing = 2) => w.store.createTournament({ game: 'xix', entrants: refs(), dealsPerPairing, seats: 2, createdBy: 'admin' });

describe('createTournament', () => {
  it('stores one rated tournament series per unordered pair, all on the same deals', async () => {
    const { tournament, series } = await create(2);
    expect(tournament).toBe('t1');
    expect(series).toHaveLength(3);
    const stored = await Promise.all(series.map((id) => w.store.getSeries(id)));
    const pairs = stored.map((s) => s?.entrants.map((e) => e.bot));
    expect(pairs).toEqual([[bots[0]!.bot, bots[1]!.bot], [bots[0]!.bot, bots[2]!.bot], [bots[1]!.bot, bots[2]!.bot]]);
    for (const s of stored) expect(s).toMatchObject({ kind: 'tournament', rated: true, tournament: 't1', deals: 2, games: 4, status: 'queued', seed: stored[0]!.seed });
    const report = await w.store.getTournament(tournament);
    expect(report).toMatchObject({ id: 't1', game: 'xix', status: 'queued', entrants: refs(), dealsPerPairing: 2, createdBy: 'admin', series, progress: { games: 12, gamesDone: 0 } });
    expect(await w.store.listTournaments({ game: 'xix' })).toHaveLength(1);
    expect(await w.store.listTournaments({ game: 'other' })).toEqual([]);
  });

  it('stores the largest round robin (64 entrants, 2016 pairings) in one step, every pairing listed and unfinished', async () => {
    const many = [...refs()];
    for (let k = many.length; k < 64; k++) {
      const { bot, version } = await upload(w.store, 'dave', `bot-${k}`);
      many.push({ bot, version });
    }
    const { tournament, series } = await w.store.createTournament({ game: 'xix', entrants: many, dealsPerPairing: 1, seats: 2, createdBy: 'admin' });
    expect(series).toHaveLength((64 * 63) / 2);
    expect(new Set(series).size).toBe(series.length);
    expect((await w.store.getTournament(tournament))?.series).toEqual(series);
    expect((await w.store.unfinishedSeries()).map((s) => s.id)).toEqual(series);
    const last = await w.store.getSeries(series.at(-1)!);
    expect(last).toMatchObject({ kind: 'tournament', tournament, status: 'queued', entrants: [many[62], many[63]], games: 2, error: null });
    expect(last?.botSeedKey).toMatch(/^[0-9a-f]{64}$/);
  });

  it('refuses bad setups with a clear error', async () => {
    const base = { game: 'xix', dealsPerPairing: 1, seats: 2, createdBy: 'admin' };
    await expect(w.store.createTournament({ ...base, entrants: refs().slice(0, 1) })).rejects.toThrow(StoreInputError);
    await expect(w.store.createTournament({ ...base, entrants: [refs()[0]!, refs()[0]!] })).rejects.toThrow(/once/);
    await expect(w.store.createTournament({ ...base, entrants: refs(), dealsPerPairing: 501 })).rejects.toThrow(/dealsPerPairing/);
    await expect(w.store.createTournament({ ...base, entrants: refs(), seats: 3 })).rejects.toThrow(/xix is played at 2 to 2 seats, not 3/);
    expect(await w.store.getTournament('t1')).toBeNull();
    expect(await w.store.getTournament('nope')).toBeNull();
  });
});

describe('getTournament', () => {
  it('computes progress, standings and the cross table from the recorded matches', async () => {
    const { tournament, series } = await create(1);
    const [ab, ac] = series as [string, string, string];
    const [a, b, c] = bots as [MatchEntrant, MatchEntrant, MatchEntrant];
    const tm = { kind: 'tournament' as const };
    // a vs b: a wins in seat 0, then b forfeits in seat 0 (a wins again)
    await w.store.recordMatch(match(ab, 0, [a, b], fakeReplay(0), tm));
    await w.store.recordMatch(match(ab, 1, [b, a], fakeReplay(1, { forfeitSeat: 0, points: [0, 19] }), tm));
    // a vs c: c wins once (points 7 to 19)
    await w.store.recordMatch(match(ac, 0, [a, c], fakeReplay(1), tm));
    const report = await w.store.getTournament(tournament);
    expect(report?.progress).toEqual({ games: 6, gamesDone: 3, gamesUnplayed: 0 });
    expect(report?.failures).toEqual([]);
    expect(report?.standings).toEqual([
      { bot: a.bot, version: 1, games: 3, wins: 2, losses: 1, draws: 0, forfeits: 0, points: 19 + 19 + 7, averagePlace: 4 / 3 },
      { bot: c.bot, version: 1, games: 1, wins: 1, losses: 0, draws: 0, forfeits: 0, points: 19, averagePlace: 1 },
      { bot: b.bot, version: 1, games: 2, wins: 0, losses: 2, draws: 0, forfeits: 1, points: 7, averagePlace: 2 },
    ]);
    expect(report?.crossTable).toEqual([
      { series: ab, tables: [ab], entrants: [{ bot: a.bot, version: 1 }, { bot: b.bot, version: 1 }], status: 'queued', error: null, games: 2, wins: [2, 0], draws: 0, points: [38, 7], forfeits: [0, 1] },
      { series: ac, tables: [ac], entrants: [{ bot: a.bot, version: 1 }, { bot: c.bot, version: 1 }], status: 'queued', error: null, games: 1, wins: [0, 1], draws: 0, points: [7, 19], forfeits: [0, 0] },
      { series: series[2], tables: [series[2]], entrants: [{ bot: b.bot, version: 1 }, { bot: c.bot, version: 1 }], status: 'queued', error: null, games: 0, wins: [0, 0], draws: 0, points: [0, 0], forfeits: [0, 0] },
    ]);
  });

  it('counts a game whose seats share the best rank as a draw for each', async () => {
    const { tournament, series } = await create(1);
    const [a, b] = bots as [MatchEntrant, MatchEntrant];
    await w.store.recordMatch(match(series[0]!, 0, [a, b], fakeReplay(-1, { points: [10, 10] }), { kind: 'tournament' }));
    const report = await w.store.getTournament(tournament);
    expect(report?.crossTable[0]).toMatchObject({ games: 1, wins: [0, 0], draws: 1, points: [10, 10] });
    expect(report?.standings.find((s) => s.bot === a.bot)).toMatchObject({ games: 1, draws: 1, wins: 0, losses: 0 });
  });
});

describe('standings of two-entrant tables (issue 17 item 14)', () => {
  it('rank by results, a draw half a win, before points: many narrow wins beat a few big ones', async () => {
    const { tournament, series } = await create(1);
    const [ab, ac, bc] = series as [string, string, string];
    const [a, b, c] = bots as [MatchEntrant, MatchEntrant, MatchEntrant];
    const tm = { kind: 'tournament' as const };
    // a beats b twice by little; c beats a once by much; b and c draw
    await w.store.recordMatch(match(ab, 0, [a, b], fakeReplay(0, { points: [19, 17] }), tm));
    await w.store.recordMatch(match(ab, 1, [b, a], fakeReplay(1, { points: [17, 19] }), tm));
    await w.store.recordMatch(match(ac, 0, [a, c], fakeReplay(1, { points: [0, 60] }), tm));
    await w.store.recordMatch(match(bc, 0, [b, c], fakeReplay(-1, { points: [10, 10] }), tm));
    const standings = (await w.store.getTournament(tournament))?.standings ?? [];
    // results 2, 1½, ½; by points it would be c (70), b (44), a (38)
    expect(standings.map((s) => [s.bot, s.wins, s.draws, s.points])).toEqual([[a.bot, 2, 0, 38], [c.bot, 1, 1, 70], [b.bot, 0, 1, 44]]);
  });

  it('break equal results by points', async () => {
    const { tournament, series } = await create(1);
    const [ab, ac] = series as [string, string, string];
    const [a, b, c] = bots as [MatchEntrant, MatchEntrant, MatchEntrant];
    const tm = { kind: 'tournament' as const };
    // one win each for a and c, a's by more points; b none
    await w.store.recordMatch(match(ab, 0, [a, b], fakeReplay(0, { points: [40, 0] }), tm));
    await w.store.recordMatch(match(ac, 0, [a, c], fakeReplay(1, { points: [0, 19] }), tm));
    const standings = (await w.store.getTournament(tournament))?.standings ?? [];
    expect(standings.map((s) => s.bot)).toEqual([a.bot, c.bot, b.bot]);
  });
});

describe('status', () => {
  it('settles to running when a series starts and to done when every series is done or failed', async () => {
    const { tournament, series } = await create(1);
    expect(await w.store.settleTournament(tournament)).toBe('queued');
    await w.store.setSeriesStatus(series[0]!, 'running');
    expect(await w.store.settleTournament(tournament)).toBe('running');
    await w.store.setSeriesStatus(series[0]!, 'done');
    await w.store.setSeriesStatus(series[1]!, 'failed', 'infrastructure');
    expect(await w.store.settleTournament(tournament)).toBe('running');
    await w.store.setSeriesStatus(series[2]!, 'done');
    expect(await w.store.settleTournament(tournament)).toBe('done');
    // idempotent, and a done tournament cannot be cancelled
    expect(await w.store.settleTournament(tournament)).toBe('done');
    expect(await w.store.cancelTournament(tournament)).toMatchObject({ before: 'done' });
    expect(await w.store.tournamentStatus(tournament)).toBe('done');
  });

  it('cancel marks it cancelled, names the series not started, and settling keeps it cancelled', async () => {
    const { tournament, series } = await create(1);
    await w.store.setSeriesStatus(series[0]!, 'running');
    expect(await w.store.cancelTournament(tournament)).toEqual({ before: 'queued', queuedSeries: [series[1], series[2]] });
    await w.store.setSeriesStatus(series[0]!, 'done');
    expect(await w.store.settleTournament(tournament)).toBe('cancelled');
    expect(await w.store.cancelTournament('t99')).toBeNull();
  });
});

describe('failures', () => {
  it('a pairing that failed after its retries is reported with its reason, and the tournament still finishes', async () => {
    const { tournament, series } = await create(1);
    const [ab, ac, bc] = series as [string, string, string];
    const [a, b] = bots as [MatchEntrant, MatchEntrant];
    await w.store.setSeriesStatus(ab, 'running');
    // one game stored before the infrastructure gave way: it counts
    await w.store.recordMatch(match(ab, 0, [a, b], fakeReplay(0), { kind: 'tournament' }));
    const before = Date.now();
    await w.store.setSeriesStatus(ab, 'failed', 'bundle storage unreachable');
    await w.store.setSeriesStatus(ac, 'done');
    await w.store.setSeriesStatus(bc, 'done');
    expect(await w.store.settleTournament(tournament)).toBe('done');
    const report = await w.store.getTournament(tournament);
    expect(report?.status).toBe('done');
    expect(report?.failures).toEqual([
      { series: ab, entrants: [{ bot: a.bot, version: 1 }, { bot: b.bot, version: 1 }], reason: 'bundle storage unreachable', at: expect.any(Number), gamesDone: 1 },
    ]);
    expect(report!.failures[0]!.at).toBeGreaterThanOrEqual(before);
    expect(report?.crossTable.map((cell) => [cell.status, cell.error])).toEqual([['failed', 'bundle storage unreachable'], ['done', null], ['done', null]]);
    expect(report?.crossTable[0]?.games).toBe(1);
    // ab's 2 games: 1 stored, 1 never to be played
    expect(report?.progress).toEqual({ games: 6, gamesDone: 1, gamesUnplayed: 1 });
  });

  it('a pairing not played because the tournament was cancelled is cancelled, not a failure', async () => {
    const { tournament, series } = await create(1);
    const { queuedSeries } = (await w.store.cancelTournament(tournament))!;
    for (const id of queuedSeries) await w.store.setSeriesStatus(id, 'failed', cancelledSeriesReason(tournament));
    const report = await w.store.getTournament(tournament);
    expect(report?.failures).toEqual([]);
    expect(report?.crossTable.map((cell) => cell.status)).toEqual(series.map(() => 'cancelled'));
    expect(report?.progress).toEqual({ games: 6, gamesDone: 0, gamesUnplayed: 6 });
    // the exact text of another tournament's cancel is a failure here
    expect(cancelledSeriesReason('t2')).not.toBe(cancelledSeriesReason(tournament));
  });
});

describe('tournamentProgress', () => {
  /** Both reads agree: the lobby's progress is the report's. */
  async function expectSameAsReport(tournament: string, progress: { games: number; gamesDone: number; gamesUnplayed: number }, status: string) {
    const report = await w.store.getTournament(tournament);
    expect(report?.progress).toEqual(progress);
    expect(report?.status).toBe(status);
    expect(await w.store.tournamentProgress(tournament)).toEqual({ status, progress });
  }

  it('answers the status and progress getTournament reports, during and after a tournament', async () => {
    const { tournament, series } = await create(1);
    const [ab, ac, bc] = series as [string, string, string];
    const [a, b, c] = bots as [MatchEntrant, MatchEntrant, MatchEntrant];
    const tm = { kind: 'tournament' as const };
    await expectSameAsReport(tournament, { games: 6, gamesDone: 0, gamesUnplayed: 0 }, 'queued');
    await w.store.setSeriesStatus(ab, 'running');
    await w.store.settleTournament(tournament);
    await w.store.recordMatch(match(ab, 0, [a, b], fakeReplay(0), tm));
    await expectSameAsReport(tournament, { games: 6, gamesDone: 1, gamesUnplayed: 0 }, 'running');
    await w.store.recordMatch(match(ab, 1, [b, a], fakeReplay(1), tm));
    await w.store.setSeriesStatus(ab, 'done');
    await w.store.recordMatch(match(ac, 0, [a, c], fakeReplay(1), tm));
    await w.store.setSeriesStatus(ac, 'failed', 'bundle storage unreachable');
    await w.store.setSeriesStatus(bc, 'done');
    await w.store.settleTournament(tournament);
    // ac: one game stored, one never to be played
    await expectSameAsReport(tournament, { games: 6, gamesDone: 3, gamesUnplayed: 1 }, 'done');
  });

  it('counts the games of pairings a cancel left unplayed, as getTournament does', async () => {
    const { tournament } = await create(2);
    const { queuedSeries } = (await w.store.cancelTournament(tournament))!;
    for (const id of queuedSeries) await w.store.setSeriesStatus(id, 'failed', cancelledSeriesReason(tournament));
    await expectSameAsReport(tournament, { games: 12, gamesDone: 0, gamesUnplayed: 12 }, 'cancelled');
  });

  it('answers null for an unknown or malformed tournament id', async () => {
    expect(await w.store.tournamentProgress('t99')).toBeNull();
    expect(await w.store.tournamentProgress('nope')).toBeNull();
    expect(await w.store.tournamentProgress('')).toBeNull();
  });
});

describe('unfinishedSeries', () => {
  it('lists the series neither done nor failed, oldest first, and forgets each as it finishes', async () => {
    const { series } = await create(1);
    const [ab, ac, bc] = series as [string, string, string];
    expect(await w.store.unfinishedSeries()).toEqual(series.map((id) => ({ id, kind: 'tournament', status: 'queued' })));
    await w.store.setSeriesStatus(ab, 'running');
    await w.store.setSeriesStatus(ac, 'done');
    await w.store.setSeriesStatus(bc, 'failed', 'gone');
    expect(await w.store.unfinishedSeries()).toEqual([{ id: ab, kind: 'tournament', status: 'running' }]);
    await w.store.setSeriesStatus(ab, 'done');
    expect(await w.store.unfinishedSeries()).toEqual([]);
  });
});
