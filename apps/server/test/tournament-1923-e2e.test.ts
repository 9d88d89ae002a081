/**
 * A 4-seat 1923 tournament end to end: created over HTTP by the admin, its tables played through
 * the queue by a real worker, then read back. Five entrants (the house random-1923 and
 * heuristic-1923 and three copies) make C(5, 4) = 5 tables; every pair shares C(3, 2) = 3 of them;
 * each table plays each deal once per seat rotation (4 games a deal); the standings and the cross
 * table agree with the stored matches (ranks by seat, ties shared: 1923 T13); the 1923 leaderboard
 * rates every entrant (Elo and Bradley–Terry from the rankings' pairwise results).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseReplay, verifyReplay } from '@xix/engine';
import type { CrossTableCell, EntrantRef, LeaderboardRow, Match, TournamentReport } from '@xix/store';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { HEURISTIC_1923, RANDOM_1923, storeBot } from '../../worker/test/helpers.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { until } from '../../store/test/until.ts';
import { registerHouseBots } from '../src/index.ts';
import { ADMIN_TOKEN, openApp, type TestApp } from './app.ts';

const SEATS = 4;
const DEALS = 1;

let t: TestApp;
let worker: SeriesWorker;
let entrants: EntrantRef[];
beforeAll(async () => {
  t = await openApp();
  const house = await registerHouseBots(t.world.store, '1923');
  const houseIds = ['random-1923', 'heuristic-1923'].map((name) => house.find((bot) => bot.name === name)!.bot);
  const copies = [
    await storeBot(t.world.store, 'alice', 'random-copy', RANDOM_1923, 'active', '1923'),
    await storeBot(t.world.store, 'bob', 'heuristic-copy', HEURISTIC_1923, 'active', '1923'),
    await storeBot(t.world.store, 'carol', 'random-again', RANDOM_1923, 'active', '1923'),
  ];
  entrants = [...houseIds.map((bot) => ({ bot, version: 1 })), ...copies];
  worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
  await worker.ready;
}, 60_000);
afterAll(async () => {
  await worker?.close();
  await t?.close();
});

const key = (a: string, b: string): string => [a, b].sort().join(' ');

describe('a 4-seat 1923 tournament of 5 entrants', () => {
  it('plays every table once per seat rotation, reports standings and a cross table that agree with the games, and rates every entrant', async () => {
    const response = await t.call({ method: 'POST', url: '/api/tournaments', token: ADMIN_TOKEN, payload: { game: '1923', seats: SEATS, dealsPerPairing: DEALS, bots: entrants.map((e) => e.bot) } });
    expect(response.statusCode, response.body).toBe(201);
    const { tournament, series, seats } = response.json<{ tournament: string; series: string[]; seats: number }>();
    expect(seats).toBe(SEATS);
    expect(series).toHaveLength(5);

    const report = await until(`tournament ${tournament} done`, async () => (await t.call({ method: 'GET', url: `/api/tournaments/${tournament}` })).json<TournamentReport>(), (r) => r.status === 'done', { timeoutMs: 120_000 });
    expect(report).toMatchObject({ seats: SEATS, failures: [], progress: { games: 5 * DEALS * SEATS, gamesDone: 5 * DEALS * SEATS, gamesUnplayed: 0 } });

    // the tables: distinct 4-subsets, every pair sharing 3 of them
    const shared = new Map<string, number>();
    const tables = new Set<string>();
    const matches: Match[] = [];
    for (const id of series) {
      const stored = (await t.world.store.getSeries(id))!;
      expect(stored).toMatchObject({ game: '1923', kind: 'tournament', rated: true, tournament, status: 'done', games: DEALS * SEATS, gamesDone: DEALS * SEATS });
      const table = stored.entrants.map((e) => e.bot);
      expect(new Set(table).size).toBe(SEATS);
      tables.add([...table].sort().join(' '));
      table.forEach((a, i) => table.slice(i + 1).forEach((b) => shared.set(key(a, b), (shared.get(key(a, b)) ?? 0) + 1)));
      // each deal once per seat rotation: every entrant in every seat once, the same cards each time
      expect([...stored.matches].sort()).toEqual(Array.from({ length: DEALS * SEATS }, (_, i) => `${id}.${i}`).sort());
      const seatings = new Set<string>();
      const setups = new Set<string>();
      for (const matchId of stored.matches) {
        const match = (await t.world.store.getMatch(matchId))!;
        matches.push(match);
        expect([...match.entrants.map((e) => e.bot)].sort()).toEqual([...table].sort());
        seatings.add(match.entrants.map((e) => e.bot).join(' '));
        const replay = parseReplay(await t.world.store.getReplay(matchId));
        expect(verifyReplay(replay)).toMatchObject({ ok: true });
        expect(match.ranks).toEqual(replay.result.ranks);
        // the deal: the setup but the lots each game drew (T9), which rotations of a deal need not share
        setups.add(JSON.stringify({ ...(replay.setup as object), lots: [] }));
      }
      expect(seatings.size).toBe(SEATS);
      for (let seat = 0; seat < SEATS; seat++) expect(new Set([...seatings].map((s) => s.split(' ')[seat])).size).toBe(SEATS);
      expect(setups.size).toBe(DEALS);
    }
    expect(tables.size).toBe(5);
    expect(shared.size).toBe(10);
    for (const times of shared.values()) expect(times).toBe(3);

    // standings from the matches: W first alone, D first shared, average place
    for (const row of report.standings) {
      const seated = matches.flatMap((m) => m.entrants.map((e, seat) => ({ m, seat, bot: e.bot })).filter((s) => s.bot === row.bot));
      const firsts = seated.filter(({ m, seat }) => m.ranks[seat] === 1);
      const alone = firsts.filter(({ m }) => m.ranks.filter((rank) => rank === 1).length === 1).length;
      expect(row, row.bot).toMatchObject({
        games: seated.length, wins: alone, draws: firsts.length - alone, losses: seated.length - firsts.length,
        points: seated.reduce((sum, { m, seat }) => sum + m.points[seat]!, 0),
      });
      expect(row.averagePlace).toBeCloseTo(seated.reduce((sum, { m, seat }) => sum + m.ranks[seat]!, 0) / seated.length, 9);
      expect(row.games).toBe(4 * DEALS * SEATS); // 4 of the 5 tables
    }
    expect(report.standings.map((s) => s.bot).sort()).toEqual(entrants.map((e) => e.bot).sort());
    const places = report.standings.map((s) => s.averagePlace!);
    expect(places).toEqual([...places].sort((a, b) => a - b));

    // the cross table: one cell per pair, who finished ahead of whom in the games they shared
    expect(report.crossTable).toHaveLength(10);
    for (const cell of report.crossTable as CrossTableCell[]) {
      const [a, b] = cell.entrants.map((e) => e.bot) as [string, string];
      const together = matches.filter((m) => m.entrants.some((e) => e.bot === a) && m.entrants.some((e) => e.bot === b));
      const rank = (m: Match, bot: string) => m.ranks[m.entrants.findIndex((e) => e.bot === bot)]!;
      expect(cell.tables).toHaveLength(3);
      expect(cell, `${a} ${b}`).toMatchObject({
        status: 'done', error: null, games: together.length,
        wins: [together.filter((m) => rank(m, a) < rank(m, b)).length, together.filter((m) => rank(m, b) < rank(m, a)).length],
        draws: together.filter((m) => rank(m, a) === rank(m, b)).length,
      });
      expect(cell.games).toBe(3 * DEALS * SEATS);
    }

    // the 1923 leaderboard: every entrant with an Elo and a Bradley–Terry rating
    const board = await until('the 1923 leaderboard rates every entrant', async () => (await t.call({ method: 'GET', url: '/api/leaderboard/1923' })).json<{ rows: LeaderboardRow[] }>().rows,
      (rows) => entrants.every((e) => rows.find((row) => row.bot === e.bot)?.elo !== null && rows.find((row) => row.bot === e.bot)?.elo !== undefined), { timeoutMs: 10_000 });
    for (const { bot } of entrants) {
      const row = board.find((r) => r.bot === bot)!;
      expect(Number.isFinite(row.elo), bot).toBe(true);
      expect(row.bt, bot).not.toBeNull();
      expect(Number.isFinite(row.bt!.rating)).toBe(true);
      expect(row.games).toBe(4 * DEALS * SEATS);
    }
  }, 180_000);
});
