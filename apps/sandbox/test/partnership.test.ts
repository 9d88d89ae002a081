/**
 * Partnerships in the sandbox pool (issue 18, N21): one entrant plays every seat of its side, each
 * seat in an isolate of its own, with nothing shared between them but the public record. A bot
 * that writes its cards into every channel it can reach (tests/fixtures/partner-leak.ts: globals,
 * module state, prototypes, Math.random, the clocks, console, its host process) and reads them all
 * before each move never finds its partner's; each seat has its own seeded Math.random and its own
 * logs. The control: one isolate for two seats, which the platform never makes, does carry it.
 */
import { findGame, verifyReplay } from '@xix/engine';
import { playMatch, type Player } from '@xix/referee';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandboxPool, sandboxedPlayer, type BotEntry, type SandboxPool } from '../src/index.ts';
import { entry } from './bot-entry.ts';

const CHANNELS = 11;

let pool: SandboxPool;
let leaker: BotEntry;

beforeAll(async () => {
  pool = createSandboxPool({ hosts: 1 });
  leaker = await entry('./fixtures/partner-leak.ts', 'leaker');
});
afterAll(() => pool.close());

describe('a partnership in the sandbox pool (Nineteen at 4 seats)', () => {
  it('gives each seat its own isolate: no channel carries a seat\'s cards to its partner; own Math.random, own logs', async () => {
    const bots = [{ ...leaker, name: 'A' }, { ...leaker, name: 'B' }];
    const outcome = await pool.runSeries({ game: 'nineteen', seed: 4, deals: 1, seats: 4, bots });
    expect(outcome).toMatchObject({ ok: true, hostDeaths: [] });
    // the deal twice, sides swapped: A at the even seats, then at the odd ones
    expect(outcome.games.map((g) => g.record.replay.seats.map((s) => s.name))).toEqual([['A', 'B', 'A', 'B'], ['B', 'A', 'B', 'A']]);
    expect(outcome.games[1]!.record.replay.setup).toEqual(outcome.games[0]!.record.replay.setup);
    for (const { record } of outcome.games) {
      expect(record.replay.forfeit, record.replay.forfeit?.message).toBeNull();
      expect(verifyReplay(record.replay)).toMatchObject({ ok: true });
      const logOf = (seat: number): string => record.logs.filter((log) => log.seat === seat).map((log) => log.text).join('');
      for (let seat = 0; seat < 4; seat++) {
        expect(logOf(seat)).toContain(`seat ${seat}: read ${CHANNELS} channels, no other seat's cards`);
        expect(logOf(seat)).not.toMatch(/leak:|leak through/);
      }
      // a seat's log holds its own notes only
      for (const log of record.logs) {
        for (const [, note] of log.text.matchAll(/xix-partner-leak (\{.*\})/g)) expect((JSON.parse(note!) as { seat: number }).seat).toBe(log.seat);
      }
      // each seat's Math.random is its own stream, seeded for its seat
      const draws = [0, 1, 2, 3].map((seat) => /first random (\S+)/.exec(logOf(seat))?.[1]);
      expect(draws.every((draw) => draw !== undefined)).toBe(true);
      expect(new Set(draws).size).toBe(4);
    }
  });

  it('the control: one isolate at both seats of a side does carry the cards, and the bot says so', () => {
    const game = findGame('nineteen')!;
    const shared = sandboxedPlayer(game, leaker.code, 'shared');
    const others = [sandboxedPlayer(game, leaker.code, 'B1'), sandboxedPlayer(game, leaker.code, 'B2')];
    const players: Player[] = [shared, others[0]!, shared, others[1]!];
    try {
      const { replay } = playMatch({ game, setup: game.randomSetup(4, 4), seed: 4, players });
      expect(replay.forfeit?.verdict).toBe('error');
      expect([0, 2]).toContain(replay.forfeit?.seat);
      expect(replay.forfeit?.message).toMatch(/leak through a global: seat [02] read seat [02]'s cards/);
    } finally {
      for (const player of [shared, ...others]) player.dispose();
    }
  });
});
