/**
 * The parts the supervisor uses to turn a dead host into a forfeit, without processes: the lease
 * lines that carry a game's moves, the record rebuilt from them (it must verify as a replay), the
 * verdict read from how the host ended (R12), and what the death means for the series.
 */
import { mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { verifyReplay, xix } from '@xix/engine';
import { afterEach, describe, expect, it } from 'vitest';
import { afterDeath, MAX_STRAY_DEATHS, type DeathFacts } from '../src/host/after-death.ts';
import { crashVerdict, type DeadHost } from '../src/host/crash-verdict.ts';
import { forfeitRecord } from '../src/host/forfeit-record.ts';
import { createLeaseWriter } from '../src/host/lease-writer.ts';
import { formatLease, formatRebaseline, leaseAction, parseLeaseLine, type Lease, type SeriesJob } from '../src/host/protocol.ts';

const JOB: SeriesJob = { game: 'xix', seed: 40, deals: 2, bots: [{ name: 'alpha', code: 'a' }, { name: 'beta', code: 'b' }] };

/** The JSON of the first `count` moves of game `index` of JOB, each the first legal action. */
function firstMoves(index: number, count: number): string[] {
  const state = xix.start(xix.randomSetup(JOB.seed + Math.floor(index / 2), 2));
  const moves: string[] = [];
  for (let i = 0; i < count; i++) {
    const action = xix.legalActions(state)[0]!;
    moves.push(JSON.stringify(action));
    xix.apply(state, action);
  }
  return moves;
}

/** The seat to move after the first `count` moves of game `index`. */
function toMoveAfter(index: number, count: number): number | null {
  const state = xix.start(xix.randomSetup(JOB.seed + Math.floor(index / 2), 2));
  for (let i = 0; i < count; i++) xix.apply(state, xix.legalActions(state)[0]!);
  return xix.toMove(state);
}

describe('lease lines', () => {
  let dir = '';
  afterEach(() => {
    if (dir !== '') rmSync(dir, { recursive: true });
    dir = '';
  });

  it('round-trip, with moves whose JSON holds spaces, and reject what is not a lease', () => {
    const line = formatLease(7, 1, 1_700_000_000_000, 3, 2, leaseAction('{"type":"pick","card":4}') + leaseAction('{"note":"a b"}'));
    expect(parseLeaseLine(line.trimEnd())).toEqual({ type: 'lease', id: 7, bot: 1, deadline: 1_700_000_000_000, game: 3, moves: 2, actions: ['{"type":"pick","card":4}', '{"note":"a b"}'] });
    expect(parseLeaseLine('L 7 1 2 3')).toBeNull();
    expect(parseLeaseLine('L 7 x 2 3 4')).toBeNull();
    expect(parseLeaseLine('X 1 2 3 4 5')).toBeNull();
    expect(parseLeaseLine('C isolate lost')).toEqual({ type: 'catastrophe', message: 'isolate lost' });
    expect(parseLeaseLine(formatRebaseline(611.2).trimEnd())).toEqual({ type: 'rebaseline', rssMb: 612 });
    expect(parseLeaseLine('R lots')).toBeNull();
  });

  it('report the moves the game went on with, once each, and not a proposal the game ended on', () => {
    dir = mkdtempSync(path.join(tmpdir(), 'xix-lease-'));
    const file = path.join(dir, 'lease');
    const lease = createLeaseWriter(openSync(file, 'w'));
    const hookA = lease.hook(5, 0);
    const hookB = lease.hook(5, 1);
    lease.beginGame(5, 2, 5000);
    hookA(100); // A's first decision
    lease.propose({ type: 'x', n: 1 });
    lease.continues(); // B starts: A's move was applied
    hookB(100);
    lease.propose({ type: 'x', n: 2 });
    lease.continues(); // A decides again
    hookA(100);
    lease.propose({ type: 'x', n: 3 }); // the game ends on it (a forfeit, say)
    lease.hostCode(5000);
    lease.beginGame(5, 3, 5000);
    const lines = readFileSync(file, 'utf8').trimEnd().split('\n').map((l) => parseLeaseLine(l) as Lease);
    expect(lines.map((l) => [l.bot, l.game, l.moves, l.actions])).toEqual([
      [-1, 2, 0, []],
      [0, 2, 0, []],
      [1, 2, 1, ['{"type":"x","n":1}']],
      [0, 2, 2, ['{"type":"x","n":2}']],
      [-1, 2, 2, []],
      [-1, 3, 0, []],
    ]);
  });
});

describe('forfeitRecord', () => {
  it('rebuilds the game up to the move in play as a replay that verifies, forfeited by the bot that was running', () => {
    // Game 3 is deal seed + 1 with bot A in seat 1.
    const moves = firstMoves(3, 5);
    const seat = toMoveAfter(3, 5)!;
    const bot = seat === 1 ? 0 : 1;
    const record = forfeitRecord(JOB, 3, bot, moves, { verdict: 'memory', message: 'boom' });
    if (typeof record === 'string') throw new Error(record);
    expect(record).toMatchObject({ index: 3, rotation: 1 });
    const { replay } = record.record;
    expect(replay.seed).toBe(JOB.seed + 1);
    expect(replay.seats).toEqual([{ name: 'beta' }, { name: 'alpha' }]);
    expect(replay.moves).toHaveLength(5);
    expect(replay.forfeit).toEqual({ seat, verdict: 'memory', message: 'boom' });
    expect(replay.result.winner).toBe(1 - seat);
    expect(verifyReplay(replay)).toMatchObject({ ok: true, moves: 5 });
  });

  it('refuses moves that are not the game\'s, or a bot that was not to move', () => {
    const moves = firstMoves(0, 4);
    const seat = toMoveAfter(0, 4)!;
    const other = seat === 0 ? 1 : 0; // in game 0, bot A is seat 0
    expect(forfeitRecord(JOB, 0, other, moves, { verdict: 'error', message: 'x' })).toMatch(/was not to move after the 4 moves/);
    expect(forfeitRecord(JOB, 0, seat === 0 ? 0 : 1, [...moves.slice(0, 2), '{"type":"nonsense"}'], { verdict: 'error', message: 'x' })).toMatch(/^move 3 the host reported is illegal/);
    expect(forfeitRecord(JOB, 0, 0, ['not json'], { verdict: 'error', message: 'x' })).toMatch(/cannot be replayed/);
    expect(forfeitRecord({ ...JOB, game: 'chess' }, 0, 0, [], { verdict: 'error', message: 'x' })).toBe('unknown game "chess"');
  });
});

describe('crashVerdict', () => {
  const death = (over: Partial<DeadHost>): DeadHost => ({ stalled: false, signal: null, code: 1, stderr: '', catastrophe: null, grewMb: null, memoryMb: 64, ...over });

  it('reads memory from V8\'s last words, also when its out-of-memory handler hung and the host was killed', () => {
    const lastGcs = '<--- Last few GCs --->\n[123:0x1]  Mark-Compact 60.1 (65.0) -> 59.9 (65.0) MB\nFATAL ERROR: Reached heap limit Allocation failed';
    expect(crashVerdict(death({ stalled: true, signal: 'SIGKILL', code: null, stderr: lastGcs }))).toEqual({
      verdict: 'memory',
      message: 'the bot exhausted memory: V8 found its sandbox host out of memory, and the host was killed from outside',
    });
    expect(crashVerdict(death({ signal: 'SIGABRT', code: null, stderr: lastGcs })).message).toBe('the bot exhausted memory: it brought down its sandbox host (SIGABRT)');
  });

  it('tells a stall (timeout) from a stall while memory ballooned, a crash signal, and another death (error)', () => {
    expect(crashVerdict(death({ stalled: true, signal: 'SIGKILL', code: null, grewMb: 10 })).verdict).toBe('timeout');
    expect(crashVerdict(death({ stalled: true, signal: 'SIGKILL', code: null, grewMb: 520 })).verdict).toBe('memory');
    expect(crashVerdict(death({ signal: 'SIGSEGV', code: null })).verdict).toBe('memory');
    expect(crashVerdict(death({ code: 3 }))).toEqual({ verdict: 'error', message: 'the sandbox host died (exit code 3) while the bot was running' });
  });
});

describe('afterDeath', () => {
  const lease = (bot: number, game: number, moves: number): Lease => ({ type: 'lease', id: 1, bot, deadline: 0, game, moves, actions: [] });
  const facts = (over: Partial<DeathFacts>): DeathFacts => ({
    job: JOB,
    next: 2,
    strayDeaths: 0,
    lease: null,
    moves: null,
    end: { stalled: true, signal: 'SIGKILL', code: null, stderr: '', catastrophe: null, grewMb: 1, memoryMb: 64 },
    ...over,
  });

  it('forfeits the game in play of the bot whose code ran, with the moves its lease lines carried', () => {
    // Game 2: deal seed + 1, bot A in seat 0.
    const seat = toMoveAfter(2, 3)!;
    const moves = firstMoves(2, 3);
    const after = afterDeath(facts({ lease: lease(seat, 2, 3), moves, strayDeaths: 1 }));
    expect(after).toMatchObject({ kind: 'forfeit', game: { index: 2, rotation: 0 }, death: { game: 2, bot: seat, verdict: 'timeout', forfeited: true } });
  });

  it('lets a game whose record arrived stand when the host died in a bot\'s end-of-game call', () => {
    expect(afterDeath(facts({ lease: lease(1, 1, 30), moves: [] }))).toMatchObject({ kind: 'stands', death: { game: 1, bot: 1, verdict: 'timeout', forfeited: false } });
  });

  it('plays the game again after a death outside bot code, or with lost lease lines, and gives up at the limit', () => {
    expect(afterDeath(facts({}))).toEqual({ kind: 'retry', message: "the sandbox host died (SIGKILL) outside any bot's code" });
    expect(afterDeath(facts({ lease: lease(-1, 2, 0), moves: [] })).kind).toBe('retry');
    expect(afterDeath(facts({ lease: lease(0, 2, 4), moves: null }))).toMatchObject({ kind: 'retry', message: /in bot A's code, but game 2 cannot be rebuilt: its lease lines were lost/ });
    expect(afterDeath(facts({ strayDeaths: MAX_STRAY_DEATHS - 1 }))).toEqual({
      kind: 'give-up',
      message: `the sandbox host died (SIGKILL) outside any bot's code (${MAX_STRAY_DEATHS} times on game 2)`,
    });
  });
});
