/**
 * Tournaments at tables of more than two seats (1923, 2–9 seats): one series per table of the
 * schedule, standings from places, the cross table as pairwise head to head from the ranks, and
 * ratings from a ranking as pairwise results (ties shared: 1923 T13).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { StoreInputError } from '../src/index.ts';
import type { MatchEntrant, ReplayLike } from '../src/types.ts';
import { match, openWorld, upload, type World } from './world.ts';

let w: World;
let bots: MatchEntrant[];
beforeEach(async () => {
  w = await openWorld();
  bots = [];
  for (const name of ['pam', 'pat', 'peg', 'pip']) bots.push(await upload(w.store, 'alice', name, 'active', '1923'));
});
afterEach(async () => { await w.close(); });

const refs = (from = bots) => from.map(({ bot, version }) => ({ bot, version }));
/** A finished 1923 game with the game's own ranking (ties shared). */
const ranked = (ranks: number[], points: number[]): ReplayLike => ({
  format: 'xix-arena.replay', moves: [], forfeit: null, result: { winner: ranks.indexOf(1), points, reason: 'round-over', ranks },
} as ReplayLike);

describe('tournaments at tables of k seats', () => {
  it('defaults to the game\'s fewest seats and refuses seats outside its range or more than the entrants', async () => {
    const base = { game: '1923', entrants: refs(), dealsPerPairing: 1, createdBy: 'admin' };
    const two = await w.store.createTournament(base);
    expect(two.series).toHaveLength(6);
    expect((await w.store.getTournament(two.tournament))?.seats).toBe(2);
    await expect(w.store.createTournament({ ...base, seats: 10 })).rejects.toThrow(/1923 is played at 2 to 9 seats, not 10/);
    await expect(w.store.createTournament({ ...base, seats: 5 })).rejects.toThrow(/needs 5 to 64 entrants, got 4/);
    await expect(w.store.createTournament({ ...base, game: 'nope' })).rejects.toThrow(StoreInputError);
  });

  it('stores one series per 3-subset (each pair shares 2 tables), each of deals × 3 games', async () => {
    const { tournament, series } = await w.store.createTournament({ game: '1923', entrants: refs(), dealsPerPairing: 2, seats: 3, createdBy: 'admin' });
    const stored = await Promise.all(series.map((id) => w.store.getSeries(id)));
    const [a, b, c, d] = bots.map((e) => e.bot);
    expect(stored.map((s) => s?.entrants.map((e) => e.bot))).toEqual([[a, b, c], [a, b, d], [a, c, d], [b, c, d]]);
    for (const s of stored) expect(s).toMatchObject({ kind: 'tournament', rated: true, tournament, deals: 2, games: 6, seed: stored[0]!.seed });
    const report = await w.store.getTournament(tournament);
    expect(report).toMatchObject({ seats: 3, progress: { games: 24, gamesDone: 0, gamesUnplayed: 0 } });
    expect(report?.crossTable.map((cell) => cell.tables)).toEqual([[series[0], series[1]], [series[0], series[2]], [series[1], series[2]], [series[0], series[3]], [series[1], series[3]], [series[2], series[3]]]);
  });

  it('standings count first alone as a win, first shared as a draw, and average the places; the cross table says who finished ahead', async () => {
    const { tournament, series } = await w.store.createTournament({ game: '1923', entrants: refs(), dealsPerPairing: 1, seats: 3, createdBy: 'admin' });
    const [a, b, c, d] = bots as [MatchEntrant, MatchEntrant, MatchEntrant, MatchEntrant];
    const tm = { kind: 'tournament' as const, game: '1923' };
    // table abc: a and b share first, c third; then c first alone, a second, b third
    await w.store.recordMatch(match(series[0]!, 0, [a, b, c], ranked([1, 1, 3], [3, 3, 1]), tm));
    await w.store.recordMatch(match(series[0]!, 1, [c, a, b], ranked([1, 2, 3], [4, 2, 0]), tm));
    // table abd: d first, a second, b third
    await w.store.recordMatch(match(series[1]!, 0, [d, a, b], ranked([1, 2, 3], [5, 1, 0]), tm));
    await w.store.setSeriesStatus(series[1]!, 'running');
    const report = await w.store.getTournament(tournament);
    expect(report?.standings).toEqual([
      { bot: d.bot, version: 1, games: 1, wins: 1, losses: 0, draws: 0, forfeits: 0, points: 5, averagePlace: 1 },
      { bot: a.bot, version: 1, games: 3, wins: 0, losses: 2, draws: 1, forfeits: 0, points: 6, averagePlace: 5 / 3 },
      { bot: c.bot, version: 1, games: 2, wins: 1, losses: 1, draws: 0, forfeits: 0, points: 5, averagePlace: 2 },
      { bot: b.bot, version: 1, games: 3, wins: 0, losses: 2, draws: 1, forfeits: 0, points: 3, averagePlace: 7 / 3 },
    ]);
    const cell = (x: MatchEntrant, y: MatchEntrant) => report?.crossTable.find((k) => k.entrants[0]!.bot === x.bot && k.entrants[1]!.bot === y.bot);
    // a–b: tied once, a ahead twice
    expect(cell(a, b)).toMatchObject({ games: 3, wins: [2, 0], draws: 1, points: [6, 3], forfeits: [0, 0], status: 'running', error: null });
    // a–c: a ahead once, c ahead once
    expect(cell(a, c)).toMatchObject({ games: 2, wins: [1, 1], draws: 0, points: [5, 5], status: 'queued' });
    // a–d: d ahead once; c–d never met yet
    expect(cell(a, d)).toMatchObject({ games: 1, wins: [0, 1], draws: 0, points: [1, 5], status: 'running' });
    expect(cell(c, d)).toMatchObject({ games: 0, wins: [0, 0], status: 'queued' });
  });

  it('rates a 3-seat ranking with a tie as its pairwise results (T13): the tied pair even, each ahead of the third', async () => {
    const { series } = await w.store.createTournament({ game: '1923', entrants: refs(bots.slice(0, 3)), dealsPerPairing: 1, seats: 3, createdBy: 'admin' });
    const [a, b, c] = bots as [MatchEntrant, MatchEntrant, MatchEntrant];
    await w.store.recordMatch(match(series[0]!, 0, [a, b, c], ranked([1, 1, 3], [3, 3, 1]), { kind: 'tournament', game: '1923' }));
    const ratings = await w.store.ratings('1923');
    expect(ratings.games).toBe(1);
    // Elo (K 16, from 1500): each moves K/(n−1) · Σ(score − expected) over its two pairwise results
    expect(ratings.bots.get(a.bot)?.elo).toBeCloseTo(1504, 9); // 8 · (0.5 − 0.5 + 1 − 0.5)
    expect(ratings.bots.get(b.bot)?.elo).toBeCloseTo(1504, 9);
    expect(ratings.bots.get(c.bot)?.elo).toBeCloseTo(1492, 9); // 8 · (0 − 0.5 + 0 − 0.5)
    const bt = (bot: string) => ratings.bots.get(bot)?.bt?.rating ?? Number.NaN;
    expect(bt(a.bot)).toBeCloseTo(bt(b.bot), 6);
    expect(bt(a.bot)).toBeGreaterThan(bt(c.bot));
  });
});
