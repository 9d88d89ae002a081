/**
 * The bot's clock (clock in @xix/sdk, issue 8): a search bounded by it ends within its budget in
 * the sandbox and in-process; what it reads agrees with what the host charges (the decision's
 * allowance first, then the game's bank, R12 timeouts); a timeout after the bot read the frozen
 * date says so; and the clock gives a bot neither a way to the host nor more time.
 */
import { fileURLToPath } from 'node:url';
import { xix, type Replay } from '@xix/engine';
import { playMatch, trustedPlayer, type MatchRecord, type Player } from '@xix/referee';
import { describe, expect, it } from 'vitest';
import random from '../../../sdk/examples/xix/random.ts';
import { DEFAULT_LIMITS, compileBot, sandboxedPlayer, type SandboxLimits } from '../src/index.ts';
import { CLOCK_READ_CHARGE_MS, CLOCK_RESOLUTION_MS } from '../src/isolate/bot-isolate.ts';
import { FROZEN_DATE_HINT } from '../src/sandboxed-player.ts';
import clockProbe from './fixtures/clock-probe.ts';
import clockSearch from './fixtures/clock-search.ts';

const fixture = (name: string): string => fileURLToPath(new URL(`./fixtures/${name}.ts`, import.meta.url));
const hostile = (name: string): string => fileURLToPath(new URL(`./hostile/${name}.ts`, import.meta.url));

async function code(file: string): Promise<string> {
  const compiled = await compileBot({ entry: file });
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.code;
}

async function inMemory(body: string): Promise<string> {
  return compiled(`import { defineBot } from '@xix/sdk';\nexport default defineBot({ decide(view) { ${body} } });\n`);
}

async function compiled(source: string): Promise<string> {
  const compiled = await compileBot({ entry: 'bot.ts', files: new Map([['bot.ts', source]]) });
  if (!compiled.ok) throw new Error(compiled.message);
  return compiled.code;
}

function play(players: readonly Player[], seed: number): MatchRecord {
  return playMatch({ game: xix, setup: xix.randomSetup(seed, 2), seed, players });
}

/** The moves of `seat`, each with what the bot logged at that decision (parsed JSON). */
function decisionsOf(record: MatchRecord, seat: number): { readonly move: Replay['moves'][number]; readonly log: Record<string, unknown> }[] {
  return record.replay.moves.flatMap((move, i) => {
    if (move.seat !== seat) return [];
    const log = record.logs.find((l) => l.seat === seat && l.move === i + 1);
    if (log === undefined) throw new Error(`no log at move ${i + 1}`);
    return [{ move, log: JSON.parse(log.text) as Record<string, unknown> }];
  });
}

/** A watchdog far above the CPU limits: the answers come back, and only the CPU meter judges them. */
const GENEROUS = { wallFactor: 50, wallSlackMs: 5000 };
/**
 * A bank for the CPU time a bot does not control: on this shared machine a call's CPU time has
 * jumped by up to ~200 ms now and then (even for a fixed amount of work), which is what the bank
 * is for. Tests about the bank itself check its figures exactly instead.
 */
const CUSHION_MS = 5000;

interface Reading {
  readonly elapsedMs: number;
  readonly decisionLeftMs: number;
  readonly bankLeftMs: number;
  readonly untilTimeoutMs: number;
}

/**
 * Checks the probe's readings over one game against the host's own charges: `spent` gives the
 * time the host counted for a move (CPU in the sandbox, wall time in-process).
 */
function checkProbe(record: MatchRecord, limits: { decisionMs: number; bankMs: number }, spent: (move: Replay['moves'][number]) => number): void {
  expect(record.replay.forfeit).toBeNull();
  const decisions = decisionsOf(record, 0);
  expect(decisions.length).toBeGreaterThan(4);
  const start = decisions[0]!.log.start as Reading;
  expect(start.bankLeftMs).toBe(limits.bankMs);
  expect(start.decisionLeftMs).toBeLessThanOrEqual(limits.decisionMs);
  let bank = limits.bankMs;
  let drew = 0;
  for (const { move, log } of decisions) {
    const first = log.first as Reading;
    const last = log.last as Reading;
    // The decision's allowance first: at its start the bank is what the host left of it.
    expect(first.bankLeftMs).toBeCloseTo(bank, 1);
    expect(first.decisionLeftMs).toBeGreaterThan(0);
    expect(first.decisionLeftMs).toBeLessThanOrEqual(limits.decisionMs - first.elapsedMs);
    expect(first.untilTimeoutMs).toBeLessThanOrEqual(first.decisionLeftMs + first.bankLeftMs);
    expect(last.elapsedMs).toBeGreaterThanOrEqual(first.elapsedMs);
    expect(last.elapsedMs).toBeLessThanOrEqual(spent(move));
    if (last.bankLeftMs < first.bankLeftMs) {
      // Then the bank: it showed a draw only once the allowance was spent, and the host charged
      // at least what the clock showed.
      drew++;
      expect(last.decisionLeftMs).toBe(0);
      expect(spent(move) - limits.decisionMs).toBeGreaterThanOrEqual(first.bankLeftMs - last.bankLeftMs - 0.001);
    }
    bank -= Math.max(0, spent(move) - limits.decisionMs);
  }
  expect(drew).toBeGreaterThan(1);
}

describe('the bot clock in the sandbox', () => {
  it('lets a search bounded by clock.decisionLeftMs() play whole games within its budget', async () => {
    const limits: Partial<SandboxLimits> = { decisionMs: 15, bankMs: CUSHION_MS };
    const search = await code(fixture('clock-search'));
    const players = [sandboxedPlayer(xix, search, 'a', { limits }), sandboxedPlayer(xix, search, 'b', { limits })];
    let decisions = 0;
    for (const seed of [1, 2]) {
      const record = play(players, seed);
      // Without the clock, the loop would never end (see the Date.now() test below).
      expect(record.replay.forfeit).toBeNull();
      for (const seat of [0, 1]) {
        for (const { move, log } of decisionsOf(record, seat)) {
          // It searched until its clock said 3 ms were left: the clock moves, and it is the one charged.
          expect(log.elapsedMs).toBeGreaterThanOrEqual(15 - 3);
          expect(move.cpuMs!).toBeGreaterThanOrEqual(log.elapsedMs as number);
          expect(log.playouts).toBeGreaterThan(0);
          decisions++;
        }
      }
    }
    expect(decisions).toBeGreaterThan(30);
    players.forEach((p) => p.dispose());
  });

  it('bounds the SDK\'s search bot by time with now: clock.elapsedMs', async () => {
    const limits: Partial<SandboxLimits> = { decisionMs: 15, bankMs: CUSHION_MS };
    const bot = await compiled("import { clock, createSearchBot } from '@xix/sdk';\nexport default createSearchBot({ budget: Number.MAX_SAFE_INTEGER, timeMs: 10, now: clock.elapsedMs });\n");
    const players = [sandboxedPlayer(xix, bot, 'a', { limits }), sandboxedPlayer(xix, bot, 'b', { limits })];
    const record = play(players, 6);
    // With an unbounded work budget, only the clock can end its searches.
    expect(record.replay.forfeit).toBeNull();
    expect(Math.max(...record.replay.moves.map((m) => m.cpuMs!))).toBeGreaterThanOrEqual(10);
    players.forEach((p) => p.dispose());
  });

  it('gives performance.now() as the isolate\'s CPU clock, so a loop bounded by it ends too', async () => {
    const limits: Partial<SandboxLimits> = { decisionMs: 15, bankMs: CUSHION_MS };
    const bot = await code(fixture('performance-search'));
    const players = [sandboxedPlayer(xix, bot, 'a', { limits }), sandboxedPlayer(xix, bot, 'b', { limits })];
    const record = play(players, 4);
    expect(record.replay.forfeit).toBeNull();
    // Each decision ran its 5 ms of the clock: CPU time, as the host counts it, less the clock's
    // last step (the bot reads it in CLOCK_RESOLUTION_MS steps, the host charges it unrounded).
    expect(record.replay.moves.every((m) => m.cpuMs! >= 5 - CLOCK_RESOLUTION_MS)).toBe(true);
    players.forEach((p) => p.dispose());
  });

  it('reads the decision allowance first, then the bank, as the host charges them (and nothing outside a call)', async () => {
    const limits = { decisionMs: 20, bankMs: CUSHION_MS };
    const probe = sandboxedPlayer(xix, await code(fixture('clock-probe')), 'probe', { limits: { ...limits, ...GENEROUS } });
    const opponent = trustedPlayer(random, 'random');
    const first = play([probe, opponent], 5);
    checkProbe(first, limits, (move) => move.cpuMs!);
    const outside = decisionsOf(first, 0)[0]!.log.outside as string;
    expect(outside).toMatch(/^the clock counts only during a call \(decide, onGameStart, onGameEnd\)/);
    // The next game starts with a full bank; onGameEnd, which has no bank, read none.
    const second = play([probe, opponent], 6);
    checkProbe(second, limits, (move) => move.cpuMs!);
    const end = decisionsOf(second, 0)[0]!.log.end as Reading;
    expect(end.bankLeftMs).toBe(0);
    expect(end.decisionLeftMs).toBeLessThanOrEqual(limits.decisionMs);
    probe.dispose();
  });

  it('says that a bot waiting on Date.now() read the frozen clock, and only then', async () => {
    const limits: Partial<SandboxLimits> = { decisionMs: 10, bankMs: 0 };
    const dateBound = sandboxedPlayer(xix, await code(fixture('date-bound-search')), 'date', { limits });
    const loop = sandboxedPlayer(xix, await code(hostile('infinite-loop')), 'loop', { limits });
    const opponent = trustedPlayer(random, 'random');

    const waited = play([dateBound, opponent], 1).replay.forfeit;
    expect(waited).toMatchObject({ seat: 0, verdict: 'timeout' });
    expect(waited!.message).toBe(`decide did not finish within the 80 ms wall-clock watchdog${FROZEN_DATE_HINT}`);
    expect(FROZEN_DATE_HINT).toContain('clock.decisionLeftMs() from @xix/sdk');

    const spun = play([loop, opponent], 1).replay.forfeit;
    expect(spun).toMatchObject({ seat: 0, verdict: 'timeout', message: 'decide did not finish within the 80 ms wall-clock watchdog' });

    // A late answer judged by the CPU meter says it too (the spin is always over 1 ms: see just-over.ts).
    const late = sandboxedPlayer(xix, await inMemory('new Date(); let x = 0; for (let i = 0; i < 2e7; i++) x += i; return view.legalActions[x > 0 ? 0 : 1]!;'), 'late', {
      limits: { decisionMs: 1, bankMs: 0, ...GENEROUS },
    });
    const judged = play([late, opponent], 1).replay.forfeit;
    expect(judged).toMatchObject({ seat: 0, verdict: 'timeout' });
    expect(judged!.message).toMatch(/^decide used [\d.]+ ms of CPU: over the 1 ms limit and the 0\.0 ms left in the bank; it read the date/);
    [dateBound, loop, late].forEach((p) => p.dispose());
  });

  it('gives a bot neither host objects nor a way to change what its clock reads', async () => {
    const limits = { decisionMs: 50, bankMs: CUSHION_MS };
    const escape = sandboxedPlayer(xix, await code(fixture('clock-escape')), 'escape', { limits });
    const record = play([escape, trustedPlayer(random, 'random')], 2);
    expect(record.replay.forfeit).toBeNull();
    const report = decisionsOf(record, 0)[0]!.log;
    expect(report).toMatchObject({
      sourceKeys: ['call', 'elapsedMs'],
      performanceKeys: ['now', 'timeOrigin'],
      viaElapsed: 'undefined,undefined',
      viaPerformance: 'undefined',
      redefineSource: 'threw:TypeError',
      stillSource: true,
      callAfter: limits,
      hostileArguments: ['number', 'number'],
    });
    expect(report.decisionLeftMs).toBeLessThanOrEqual(limits.decisionMs);
    escape.dispose();
  });

  it('charges every clock read, so reading it in a loop buys no uncharged time; and ticks in 0.1 ms steps, no finer', async () => {
    const spinner = sandboxedPlayer(xix, await code(fixture('clock-spinner')), 'spinner', { limits: { decisionMs: 1000, bankMs: CUSHION_MS, ...GENEROUS } });
    const state = xix.start(xix.randomSetup(3, 2));
    const seat = xix.toMove(state)!;
    expect(spinner.startGame({ seat, seed: 3 })).toBeNull();
    const decision = spinner.decide(xix.view(state, seat));
    if (!decision.ok || decision.logs === undefined) throw new Error('the spinner did not answer');
    const { smallestStep, smallestMove, offGrid, last } = JSON.parse(decision.logs) as { smallestStep: number; smallestMove: number; offGrid: number; last: number };
    // The clock never runs back, moves only in whole steps of its resolution (no timer fine enough
    // to time a memory access), and the host charged every read (20,000 reads at their charge)
    // and at least what the clock showed.
    expect(smallestStep).toBeGreaterThanOrEqual(0);
    expect(smallestMove).toBeGreaterThanOrEqual(CLOCK_RESOLUTION_MS - 1e-9);
    expect(offGrid).toBeLessThan(1e-6);
    expect(last).toBeGreaterThanOrEqual(20_000 * CLOCK_READ_CHARGE_MS - CLOCK_RESOLUTION_MS);
    expect(decision.cpuMs!).toBeGreaterThanOrEqual(last - 0.001);
    expect(decision.cpuMs!).toBeGreaterThanOrEqual(20_000 * CLOCK_READ_CHARGE_MS);
    spinner.dispose();
  });
});

describe('the bot clock in-process (trustedPlayer)', () => {
  it('bounds the same search by wall time against the given limits, so the loop ends', () => {
    const players = [trustedPlayer(clockSearch, 'a', { limits: { decisionMs: 15, bankMs: 0 } }), trustedPlayer(clockSearch, 'b', { limits: { decisionMs: 15, bankMs: 0 } })];
    const record = play(players, 1);
    expect(record.replay.forfeit).toBeNull();
    for (const { move, log } of decisionsOf(record, 0)) {
      expect(log.elapsedMs).toBeGreaterThanOrEqual(15 - 3);
      expect(move.ms!).toBeGreaterThanOrEqual(log.elapsedMs as number);
    }
  });

  it('reads the sandbox\'s default limits, the allowance first and then the bank, by the wall time it is charged', () => {
    const defaults = { decisionMs: DEFAULT_LIMITS.decisionMs, bankMs: DEFAULT_LIMITS.bankMs };
    const record = play([trustedPlayer(clockProbe, 'probe'), trustedPlayer(random, 'random')], 5);
    checkProbe(record, defaults, (move) => move.ms!);
    // The probe module was evaluated by this file's import, outside any call.
    expect(decisionsOf(record, 0)[0]!.log.outside).toMatch(/^the clock counts only during a call/);
  });

  it('rejects bad limits with a clear message', () => {
    expect(() => trustedPlayer(random, 'r', { limits: { bankMs: -1 } })).toThrow('trustedPlayer limit bankMs must be a finite number of ms from 0, got -1');
  });
});
