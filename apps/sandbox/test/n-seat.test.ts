/**
 * Series of more than two bots in the pool (1923, 2–9 seats): each deal once per seat rotation,
 * each bot with an isolate per rotation (R11), replays that verify, and a host death in an N-seat
 * series costing only the game in play.
 */
import { findGame, verifyReplay } from '@xix/engine';
import { rotatedGame, seatingOf } from '@xix/referee';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPool, type BotEntry, type HostGame, type SandboxPool } from '../src/index.ts';
import { entry } from './bot-entry.ts';

let pool: SandboxPool;
let random: BotEntry;

/** The games of a k-bot series as the rotations place the bots: names by seat, one setup per deal. */
function expectRotated(games: readonly HostGame[], bots: readonly BotEntry[], seed: number, deals: number): void {
  const k = bots.length;
  expect(games.map((g) => g.index)).toEqual(Array.from({ length: deals * k }, (_, i) => i));
  for (const game of games) {
    const { dealSeed, rotation, entrantBySeat } = rotatedGame(seed, seatingOf(findGame('1923')!, k), game.index);
    const { replay } = game.record;
    expect(game.rotation).toBe(rotation);
    expect(replay.seed).toBe(dealSeed);
    expect(replay.seats.map((s) => s.name)).toEqual(entrantBySeat.map((b) => bots[b]!.name));
    // The deal's setup, with the lots the game drew recorded (T9).
    const setup = replay.setup as { lots: unknown };
    expect(setup).toEqual({ ...findGame('1923')!.randomSetup(dealSeed, k), lots: setup.lots });
    expect(verifyReplay(replay)).toMatchObject({ ok: true });
  }
}

beforeAll(async () => {
  pool = createSandboxPool({ hosts: 1, graceMs: 200 });
  random = await entry('../../../sdk/examples/1923/random.ts', 'random');
});
afterAll(() => pool.close());

describe('a series of N bots in the sandbox pool (1923)', () => {
  for (const k of [3, 4]) {
    it(`plays ${k} bots: every deal once per rotation, each bot once in each seat, replays verify`, async () => {
      const bots = Array.from({ length: k }, (_, i) => ({ ...random, name: `random ${i + 1}` }));
      const seen: HostGame[] = [];
      const outcome = await pool.runSeries({ game: '1923', seed: 30, deals: 2, bots }, (g) => seen.push(g));
      expect(outcome).toMatchObject({ ok: true, hostDeaths: [] });
      expect(seen).toEqual(outcome.games);
      expectRotated(outcome.games, bots, 30, 2);
      expect(outcome.games.every((g) => g.record.replay.forfeit === null)).toBe(true);
    });
  }

  it('gives each bot an isolate per rotation: no isolate plays two games of a deal (R11)', async () => {
    const counter = await entry('./fixtures/count-games-1923.ts', 'counter');
    const bots = [0, 1, 2].map((i) => ({ ...counter, name: `counter ${i + 1}` }));
    const outcome = await pool.runSeries({ game: '1923', seed: 12, deals: 3, bots });
    expect(outcome.ok).toBe(true);
    expectRotated(outcome.games, bots, 12, 3);
    for (const game of outcome.games) {
      const deal = Math.floor(game.index / 3);
      // Every seat's isolate is in its (deal + 1)-th game: one game per deal, whatever the rotation.
      expect(new Set(game.record.logs.map((log) => `${log.seat}: ${log.text.trim()}`))).toEqual(new Set([0, 1, 2].map((seat) => `${seat}: games started: ${deal + 1}`)));
    }
  });

  it('turns a host death in a 3-seat game into the forfeit of the bot that ran, and plays the other rotations on a new host', async () => {
    const staller = await entry('./fixtures/stall-1923-in-seat-1.ts', 'staller');
    const bots = [random, staller, { ...random, name: 'random 2' }];
    const restarts = pool.stats().restarts;
    // A short load allowance keeps the host's lease (see lease-writer.ts) well under the stall.
    const outcome = await pool.runSeries({ game: '1923', seed: 8, deals: 1, bots, limits: { decisionMs: 20, bankMs: 20, memoryMb: 256, loadMs: 50 } });
    expect(outcome.ok).toBe(true);
    expectRotated(outcome.games, bots, 8, 1);
    // Rotation 0 puts the staller (bot B) in seat 1, where it stalls; in the others it plays.
    expect(outcome.games.map((g) => g.record.replay.forfeit?.verdict ?? null)).toEqual(['timeout', null, null]);
    expect(outcome.games[0]!.record.replay.forfeit?.seat).toBe(1);
    expect(outcome.games[0]!.record.replay.result.ranks?.[1]).toBe(3);
    expect(outcome.hostDeaths).toMatchObject([{ game: 0, bot: 1, verdict: 'timeout', forfeited: true }]);
    expect(pool.stats().restarts).toBe(restarts + 1);
  });

  it('refuses a table the game does not seat', () => {
    const bots = (n: number): BotEntry[] => Array.from({ length: n }, () => random);
    expect(() => pool.runSeries({ game: 'xix', seed: 1, deals: 1, bots: bots(3) })).toThrow('xix is played by 2 entrants, not 3');
    expect(() => pool.runSeries({ game: '1923', seed: 1, deals: 1, bots: bots(10) })).toThrow('1923 is played by 2–9 entrants, not 10');
    expect(() => pool.runSeries({ game: '1923', seed: 1, deals: 1, bots: bots(1) })).toThrow('job.bots must be at least two');
    expect(() => pool.runSeries({ game: '1923', seed: 1, deals: 1, bots: bots(3), seats: 4 })).toThrow('a table of 4 seats of 1923 seats 4 entrants, not 3');
    expect(() => pool.runSeries({ game: '1923', seed: 1, deals: 1, bots: bots(3), options: { decks: 7 } })).toThrow(/option decks of 1923 takes/);
  });
});
