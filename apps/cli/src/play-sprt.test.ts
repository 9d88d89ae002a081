/**
 * `xix play NEW OLD --sprt` end to end (issue 21): the real command plays mirrored pairs until the
 * sequential test decides, and its exit status says the verdict. Wide Elo bounds (H1 +100) and a
 * house bot against a much weaker one keep each run to a dozen pairs or so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT_SPRT_H0, EXIT_SPRT_INCONCLUSIVE } from './commands/play.ts';
import { playSettings } from './play/options.ts';
import { runXix, type Run } from './test/run-xix.ts';

let dir: string;
const xix = (...args: string[]): Run => runXix(dir, ...args);

const WIDE = ['--sprt', '--elo0', '0', '--elo1', '100', '--seed', '1'];

/** The LLR, its bounds and the pairs from the report. */
function sprtReport(stdout: string): { llr: number; lower: number; upper: number; pairs: number; counts: number[] } {
  const llr = stdout.match(/^LLR (-?[\d.]+) \(bounds (-?[\d.]+), (-?[\d.]+)\) after (\d+) pairs? \(\d+ games\)$/m);
  const counts = stdout.match(/^pairs by \S+'s score 0, 1\/2, 1, 3\/2, 2: (\d+), (\d+), (\d+), (\d+), (\d+)$/m);
  expect(llr, stdout).not.toBeNull();
  expect(counts, stdout).not.toBeNull();
  return { llr: Number(llr![1]), lower: Number(llr![2]), upper: Number(llr![3]), pairs: Number(llr![4]), counts: counts!.slice(1).map(Number) };
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-sprt-'));
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('xix play --sprt', () => {
  it('accepts H1 for a clearly better bot and exits 0, Wald\'s bounds for alpha = beta = 0.05', () => {
    const run = xix('play', 'heuristic', 'random', ...WIDE, '--trusted');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^SPRT, logistic Elo, H0 0 vs H1 \+100, alpha 0\.05, beta 0\.05: H1 accepted: heuristic is better/m);
    const report = sprtReport(run.stdout);
    // ln(0.05/0.95) = −2.944.
    expect([report.lower, report.upper]).toEqual([-2.94, 2.94]);
    expect(report.llr).toBeGreaterThanOrEqual(2.94);
    expect(report.counts.reduce((a, b) => a + b, 0)).toBe(report.pairs);
    // It stopped at the verdict, far below the cap.
    expect(run.stdout).toMatch(new RegExp(`^stopped after ${2 * report.pairs} of at most 20000 games: the SPRT decided$`, 'm'));
    expect(run.stdout).toMatch(/^Elo (\+[\d.]+|\+inf) \(95% CI /m);
  });

  it('accepts H0 for a clearly worse bot (exit 4), never calling it worse', () => {
    const run = xix('play', 'random', 'heuristic', ...WIDE, '--trusted');
    expect(run.code, run.stderr).toBe(EXIT_SPRT_H0);
    expect(run.stdout).toMatch(/H0 accepted: random is not better by \+100 Elo/);
    expect(sprtReport(run.stdout).llr).toBeLessThanOrEqual(-2.94);
  });

  it('stops without a verdict at --max-games (exit 5)', () => {
    const run = xix('play', 'heuristic', 'random', ...WIDE, '--max-games', '4', '--trusted');
    expect(run.code, run.stderr).toBe(EXIT_SPRT_INCONCLUSIVE);
    expect(run.stdout).toMatch(/inconclusive: no verdict within 4 games \(--max-games\)/);
    const report = sprtReport(run.stdout);
    expect(report.pairs).toBe(2);
    expect(report.llr).toBeGreaterThan(report.lower);
    expect(report.llr).toBeLessThan(report.upper);
  });

  it('pairs a partnership\'s games (Nineteen at 4 seats: one deal, sides swapped)', () => {
    const run = xix('play', '-g', 'nineteen', '--seats', '4', 'heuristic', 'random', ...WIDE, '--trusted');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/each played from both sides/);
    expect(sprtReport(run.stdout).llr).toBeGreaterThanOrEqual(2.94);
  });

  it('counts a pair once both its games are in, from sandbox hosts playing side by side (--jobs 2)', () => {
    const run = xix('play', 'heuristic', 'random', ...WIDE, '--jobs', '2');
    expect(run.code, run.stderr).toBe(0);
    const played = Number(run.stdout.match(/^stopped after (\d+) of at most/m)?.[1]);
    const report = sprtReport(run.stdout);
    // A game whose deal's other game had not come in when the test stopped is in no pair.
    expect(2 * report.pairs).toBeLessThanOrEqual(played);
    expect(played - 2 * report.pairs).toBeLessThanOrEqual(2);
    expect(report.llr).toBeGreaterThanOrEqual(2.94);
  });

  it('refuses bad input in one line (exit 1)', () => {
    const run = xix('play', 'heuristic', 'random', '--elo0', '5', '--trusted');
    expect(run.code).toBe(1);
    expect(run.stderr).toBe('xix: --elo0 goes with --sprt\n');
  });

  it.each([
    [{ sprt: true, games: '10' }, 2, /cap it with --max-games, not --games/],
    [{ sprt: true, elo0: '10', elo1: '5' }, 2, /--elo0 must be below --elo1, got 10 and 5/],
    [{ sprt: true, alpha: '0.7' }, 2, /--alpha must be a probability above 0 and below 0\.5, got 0\.7/],
    [{ sprt: true, beta: '0' }, 2, /--beta must be a probability above 0 and below 0\.5, got 0/],
    [{ sprt: true, elo1: 'ten' }, 2, /--elo1 must be a number of Elo/],
    [{ sprt: true, maxGames: '3' }, 2, /--max-games must be an even number/],
    [{ maxGames: '100' }, 2, /--max-games goes with --sprt/],
    [{ sprt: true, game: '1923' }, 3, /--sprt compares two bots/],
  ] as const)('refuses %j', (options, bots, message) => {
    expect(() => playSettings({ jobs: '1', failOnForfeit: 'first', ...options }, bots)).toThrow(message);
  });

  it('defaults to elo0 0, elo1 10, alpha = beta = 0.05, at most 20,000 games', () => {
    const settings = playSettings({ jobs: '1', failOnForfeit: 'first', sprt: true, elo0: '-1.5' }, 2);
    expect(settings.sprt).toEqual({ elo0: -1.5, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(settings.games).toBe(20_000);
    expect(playSettings({ jobs: '1', failOnForfeit: 'first' }, 2).sprt).toBeNull();
  });
});
