/**
 * `xix play NEW OLD --sprt` end to end (issue 21): the real command plays mirrored pairs until the
 * sequential test decides, and its exit status says the verdict; at a larger table, through a
 * field of other bots. Wide Elo bounds (H1 +100) and a house bot against a much weaker one keep
 * each run to a few dozen games.
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

  it('at a table of three, tests through a field: the heuristic house bot in the other seats, trinomial paired placings', () => {
    const run = xix('play', '-g', 'nineteen', '--seats', '3', 'heuristic', 'random', ...WIDE, '--trusted');
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/^heuristic vs random, each at a table of 3 with heuristic, heuristic: at most 20004 games/m);
    const llr = run.stdout.match(/^LLR (-?[\d.]+) \(bounds -2\.94, 2\.94\) after (\d+) paired placings \((\d+) games\)$/m);
    const counts = run.stdout.match(/^paired placings, heuristic placed worse, the same, better: (\d+), (\d+), (\d+)$/m);
    expect(llr, run.stdout).not.toBeNull();
    expect(counts, run.stdout).not.toBeNull();
    expect(Number(llr![1])).toBeGreaterThanOrEqual(2.94);
    expect(counts!.slice(1).map(Number).reduce((a, b) => a + b, 0)).toBe(Number(llr![2]));
    // Each table's games: the new version's and the old's, one of each per paired placing.
    const games = [...run.stdout.matchAll(/^(heuristic|random)\s+(\d+)\s+[\d.]+\s+\d+\s+0$/gm)].map((m) => Number(m[2]));
    expect(games).toHaveLength(2);
    expect(Math.min(...games)).toBeGreaterThanOrEqual(Number(llr![2]));
  });

  it('takes the field from --field, and accepts H0 (exit 4) or stops at the cap (exit 5) through it', () => {
    const h0 = xix('play', '-g', '1923', 'random', 'heuristic', '--field', 'random', '--field', 'random', ...WIDE, '--trusted');
    expect(h0.code, h0.stderr).toBe(EXIT_SPRT_H0);
    expect(h0.stdout).toMatch(/each at a table of 3 with random, random/);
    expect(h0.stdout).toMatch(/H0 accepted: random is not better by \+100 Elo/);
    const capped = xix('play', '-g', '1923', '--seats', '3', 'heuristic', 'random', ...WIDE, '--max-games', '6', '--trusted');
    expect(capped.code, capped.stderr).toBe(EXIT_SPRT_INCONCLUSIVE);
    expect(capped.stdout).toMatch(/after 3 paired placings \(6 games\)/);
  });

  it('plays a field\'s two tables in sandbox hosts too (1923, three seats)', () => {
    const run = xix('play', '-g', '1923', 'heuristic', 'random', '--field', 'random', '--field', 'random', ...WIDE);
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout).toMatch(/H1 accepted: heuristic is better/);
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
    [{ field: ['random'] }, 2, /--field goes with --sprt/],
    [{ sprt: true, game: '1923', field: ['random', 'random'], replays: 'out' }, 2, /--replays goes with a head-to-head series/],
    [{ sprt: true, game: '1923', field: ['random'], seats: '3' }, 2, /a table of 3 seats of 1923 seats 3 entrants, not 2/],
    [{ sprt: true, game: '1923', seats: '3', maxGames: '4' }, 2, /--max-games must be a multiple of 6/],
  ] as const)('refuses %j', (options, bots, message) => {
    expect(() => playSettings({ jobs: '1', failOnForfeit: 'first', ...options }, bots)).toThrow(message);
  });

  it('defaults to elo0 0, elo1 10, alpha = beta = 0.05, at most 20,000 games', () => {
    const settings = playSettings({ jobs: '1', failOnForfeit: 'first', sprt: true, elo0: '-1.5' }, 2);
    expect(settings.sprt).toEqual({ elo0: -1.5, elo1: 10, alpha: 0.05, beta: 0.05 });
    expect(settings.games).toBe(20_000);
    expect(playSettings({ jobs: '1', failOnForfeit: 'first' }, 2).sprt).toBeNull();
  });

  it('has a field only at a table that does not seat two: the heuristic house bot in every other seat', () => {
    const sprt = { jobs: '1', failOnForfeit: 'first', sprt: true } as const;
    expect(playSettings({ ...sprt, game: '1923', seats: '4' }, 2)).toMatchObject({ field: ['heuristic', 'heuristic', 'heuristic'], seats: 4, games: 20_000 });
    // Nineteen at 4 seats is a partnership: two sides, head to head.
    expect(playSettings({ ...sprt, game: 'nineteen', seats: '4' }, 2)).toMatchObject({ field: null, seats: 4 });
    expect(playSettings({ ...sprt, game: '1923' }, 2).field).toBeNull();
  });
});
