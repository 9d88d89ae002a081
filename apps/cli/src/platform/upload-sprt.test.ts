/**
 * `xix upload --sprt` (issue 21): after the version is active it follows the version's background
 * test to its verdict, printing the bot page's line, with `xix play --sprt`'s exit statuses: 0
 * better (H1), 4 not better (H0), 5 no verdict. Against a stand-in server answering scripted states.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePlatform, runXixAsync, type FakePlatform } from '../test/fake-platform.ts';
import { FIRST } from '../test/run-xix.ts';
import { writeLogin } from './config.ts';

let dir: string;
let platform: FakePlatform;
let config: string;
beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-upload-sprt-'));
  platform = await startFakePlatform();
  config = path.join(dir, 'config');
  writeLogin({ url: platform.url, token: 'ada-token', name: 'ada' }, { XIX_CONFIG_DIR: config });
  mkdirSync(path.join(dir, 'climber'));
  writeFileSync(path.join(dir, 'climber', 'bot.ts'), FIRST);
});
afterAll(async () => {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
});

const version = (n: number, sprt: unknown = null) => ({ version: n, state: 'active', createdAt: 1, bytes: 10, compileMs: 1, verdict: null, message: null, failingMatch: null, diagnostics: null, sprt });
const test = (status: string, more: Record<string, unknown> = {}) => ({
  base: 1, status, reason: null, model: 'pentanomial', elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 20_000, counts: [300, 400, 400, 300, 100],
  games: 3000, llr: -2.95, lower: -2.944, upper: 2.944, score: 0.4, elo: -70.4, eloLow: -78.1, eloHigh: -62.9, createdAt: 1, endedAt: 2, ...more,
});
const upload = (...extra: string[]) => runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: config } }, 'upload', 'climber/bot.ts', '--sprt', '--wait', '30', ...extra);

function serve(versions: unknown[]): void {
  platform.answers.set('/api/bots', { bot: 'b9', game: 'xix', version: versions.length, state: 'checking', compileMs: 3, validation: ['s1'] });
  platform.answers.set('/api/bots/b9', { id: 'b9', game: 'xix', owner: 'ada', name: 'climber', createdAt: 1, active: versions.length, retired: false, probation: null, record: {}, versions });
}

describe('xix upload --sprt', () => {
  it('prints H0 as "not better by", never "worse", and exits 4', async () => {
    serve([version(1), version(2, test('H0'))]);
    const run = await upload();
    expect(run.stdout).toContain('v2 vs v1: −70 ± 8 Elo, not better by +10 Elo, after 3,000 games\n');
    expect(run.stdout).not.toMatch(/worse/);
    expect(run.stderr).toBe('xix: b9 version 2 is not better than version 1 by 10 Elo\n');
    expect(run.code).toBe(4);
  });

  it('exits 0 on H1 and 5 without a verdict: the cap, a stopped test, no earlier version', async () => {
    serve([version(1), version(2, test('H1', { llr: 2.95, score: 0.517, elo: 12, eloLow: 6, eloHigh: 18 }))]);
    const better = await upload();
    expect(better.stdout).toContain('v2 vs v1: +12 ± 6 Elo, better, after 3,000 games\n');
    expect(better.code).toBe(0);
    serve([version(1), version(2, test('capped', { llr: 0.3, games: 20_000 }))]);
    const capped = await upload();
    expect(capped.stdout).toContain('no verdict at the game cap, after 20,000 games');
    expect(capped.code).toBe(5);
    serve([version(1), version(2, test('stopped', { reason: 'superseded by version 3' }))]);
    expect(await upload()).toMatchObject({ code: 5, stderr: 'xix: b9 version 2: no verdict (stopped)\n' });
    serve([version(1)]);
    expect(await upload()).toMatchObject({ code: 5, stderr: 'xix: no SPRT: b9 has no earlier active version to test version 1 against\n' });
  });

  it('refuses a wait it cannot keep before sending anything', async () => {
    const before = platform.requests.length;
    expect(await upload('--sprt-wait', '0')).toMatchObject({ code: 1, stderr: 'xix: --sprt-wait must be a whole number of seconds from 1 to 604800, got 0\n' });
    expect(await runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: config } }, 'upload', 'climber/bot.ts', '--sprt', '--wait', '0')).toMatchObject({ code: 1, stderr: 'xix: --sprt follows the version to its test: it needs --wait above 0\n' });
    expect(platform.requests.length).toBe(before);
  });

  it('refuses --sprt-wait without --sprt (as xix play refuses --elo0 without it) before sending anything', async () => {
    const before = platform.requests.length;
    const run = await runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: config } }, 'upload', 'climber/bot.ts', '--sprt-wait', '60');
    expect(run).toMatchObject({ code: 1, stderr: 'xix: --sprt-wait goes with --sprt\n' });
    expect(platform.requests.length).toBe(before);
  });
});
