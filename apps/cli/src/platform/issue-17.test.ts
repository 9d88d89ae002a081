/**
 * Issue 17 (items 1 and 4–7): the platform commands as a new author met them, against a stand-in
 * server (test/fake-platform.ts): an upload followed through its type-check, what the client
 * refuses before sending, `bots --mine` with each bot's newest version, `--server` on every
 * platform command, a login URL ending in /api, one message for a saved token the server refuses,
 * `xix leaderboard`, and a match's result in words.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { defaultGame } from '@xix/engine';
import { startFakePlatform, runXixAsync, type FakePlatform } from '../test/fake-platform.ts';
import { FIRST, type Run } from '../test/run-xix.ts';
import { writeLogin } from './config.ts';
import { resultInWords } from './listings.ts';

let dir: string;
let platform: FakePlatform;
/** A config folder with alice's login on the stand-in server. */
let aliceConfig: string;

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-issue-17-'));
  platform = await startFakePlatform();
  aliceConfig = path.join(dir, 'alice');
  writeLogin({ url: platform.url, token: 'alice-token', name: 'alice' }, { XIX_CONFIG_DIR: aliceConfig });
  mkdirSync(path.join(dir, 'my-bot'));
  writeFileSync(path.join(dir, 'my-bot', 'bot.ts'), FIRST);
});
afterAll(async () => {
  await platform.close();
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => {
  platform.answers.clear();
  platform.refuseTokens = false;
});

const xix = (config: string, ...args: string[]): Promise<Run> => runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: config, XIX_TOKEN: '', XIX_SERVER: '' } }, ...args);
const nobody = (): string => path.join(dir, `nobody-${Math.random().toString(36).slice(2)}`);

function expectOneLineError(run: Run, pattern: RegExp): void {
  expect(run.code, run.stderr).toBe(1);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

const requestsSince = (start: number) => platform.requests.slice(start);

describe('xix upload', () => {
  it('issue 17 item 1: follows the type-check, and shows a rejected version\'s type errors as file:line:column', async () => {
    platform.answers.set('/api/bots', { bot: 'b7', game: 'xix', version: 1, state: 'checking', compileMs: 4, validation: ['s1', 's2'] });
    platform.answers.set('/api/bots/b7', {
      id: 'b7', versions: [{
        version: 1, state: 'rejected', verdict: 'type_error', failingMatch: null, message: '1 type error (as xix check shows them); the first: bot.ts:2:50 error TS2322: …',
        diagnostics: [{ file: 'bot.ts', line: 2, column: 50, text: "TS2322: Type 'XixAction | undefined' is not assignable to type 'XixAction'." }],
      }],
    });
    const run = await xix(aliceConfig, 'upload', 'my-bot/bot.ts');
    expect(run.stdout).toContain('uploaded my-bot as b7 version 1');
    expect(run.stdout).toContain("b7 version 1 was rejected: 1 type error (as xix check shows them; it was never played):\n  bot.ts:2:50 error TS2322: Type 'XixAction | undefined' is not assignable to type 'XixAction'.\n");
    expectOneLineError(run, /^xix: b7 version 1 was not accepted$/);
  });

  it('issue 17 item 7: names the bot as its help says: my-bot/bot.ts is my-bot', async () => {
    const help = await xix(aliceConfig, 'upload', '--help');
    expect(help.stdout.replace(/\s+/g, ' ')).toContain("--name <NAME> the bot's name on the server (default: the file's name without .ts or .js; for bot.ts or index.ts, its folder's (xix new-bot's layout: my-bot/bot.ts is my-bot))");
    platform.answers.set('/api/bots', { bot: 'b7', game: 'xix', version: 2, state: 'checking', compileMs: 4, validation: [] });
    const start = platform.requests.length;
    const run = await xix(aliceConfig, 'upload', 'my-bot/bot.ts', '--wait', '0');
    expect(run.stderr).toBe('');
    const sent = requestsSince(start).find((r) => r.method === 'POST' && r.path === '/api/bots');
    expect(JSON.parse(sent!.body)).toMatchObject({ name: 'my-bot', entry: 'bot.ts' });
  });

  it('issue 17 item 4: refuses what is not a bot, and a bot over the size limit, quoting it, before sending anything', async () => {
    writeFileSync(path.join(dir, 'bot.py'), 'print(19)\n');
    writeFileSync(path.join(dir, 'huge.ts'), `${FIRST}// ${'x'.repeat(1024 * 1024)}\n`);
    const start = platform.requests.length;
    expectOneLineError(await xix(aliceConfig, 'upload', 'bot.py'), /^xix: bot\.py is not a bot: a bot is a \.ts or \.js file/);
    expectOneLineError(await xix(aliceConfig, 'upload', 'huge.ts'), /^xix: huge\.ts and the files it imports are 10\d{5} bytes, over the platform's limit of 1048576 bytes \(1 MiB\) of source$/);
    expect(requestsSince(start)).toEqual([]);
  });
});

describe('xix bots --mine', () => {
  it("issue 17 item 5: shows each bot's newest version, and why it was rejected or what it is doing", async () => {
    const record = { games: 4, wins: 3, losses: 1, draws: 0, forfeits: 0, points: 30 };
    platform.answers.set('/api/me', { name: 'alice', admin: false });
    platform.answers.set('/api/bots', { bots: [
      { id: 'b7', name: 'alpha', owner: 'alice', game: 'xix', active: 1, retired: false, probation: null, record },
      { id: 'b8', name: 'beta', owner: 'alice', game: 'xix', active: null, retired: false, probation: null, record: { ...record, games: 0, wins: 0, losses: 0 } },
      { id: 'b9', name: 'gamma', owner: 'alice', game: 'xix', active: null, retired: false, probation: null, record: { ...record, games: 0, wins: 0, losses: 0 } },
    ] });
    const version = { bytes: 100, compileMs: 3, createdAt: 1, verdict: null, message: null, failingMatch: null, diagnostics: null };
    platform.answers.set('/api/bots/b7', { id: 'b7', versions: [{ ...version, version: 1, state: 'active' }, { ...version, version: 2, state: 'rejected', verdict: 'timeout', message: 'decide took longer than 100 ms', failingMatch: 's4.1' }] });
    platform.answers.set('/api/bots/b8', { id: 'b8', versions: [{ ...version, version: 1, state: 'checking' }] });
    platform.answers.set('/api/bots/b9', { id: 'b9', versions: [{ ...version, version: 1, state: 'validating' }] });
    const run = await xix(aliceConfig, 'bots', '--mine');
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^bot +name +owner +game +active +newest +games/);
    expect(lines.find((line) => line.startsWith('b7'))).toMatch(/ v1 +v2 rejected +4 /);
    expect(lines.find((line) => line.startsWith('b8'))).toMatch(/ - +v1 checking +0 /);
    expect(run.stdout).toContain(`b7 (alpha) version 2 was rejected (timeout): decide took longer than 100 ms\n  failing game: ${platform.url}/api/matches/s4.1/replay\n  download it with: xix fetch s4.1\n`);
    expect(run.stdout).toContain('b8 (beta) version 1 is being type-checked\n');
    expect(run.stdout).toContain('b9 (gamma) version 1 is playing its validation games\n');
  });
});

describe('the server of a platform command', () => {
  it('issue 17 item 5: every platform command takes --server URL; reads need no login, and send no token', async () => {
    platform.answers.set('/api/bots', { bots: [] });
    platform.answers.set('/api/matches', { matches: [], next: null });
    platform.answers.set(`/api/leaderboard/${defaultGame().id}`, { game: defaultGame().id, variant: 'default', rows: [] });
    platform.answers.set('/api/tournaments', { tournaments: [] });
    const start = platform.requests.length;
    for (const args of [['bots'], ['matches'], ['leaderboard'], ['tournaments']]) {
      const run = await xix(nobody(), ...args, '--server', platform.url);
      expect(run.stderr, args.join(' ')).toBe('');
      expect(run.code).toBe(0);
    }
    expect(requestsSince(start).map((r) => r.path)).toEqual(['/api/bots', '/api/matches', `/api/leaderboard/${defaultGame().id}`, '/api/tournaments']);
    for (const args of [['upload', 'my-bot/bot.ts'], ['challenge', 'b1', 'b2'], ['fetch', 's1.0']]) {
      expectOneLineError(await xix(nobody(), ...args, '--server', platform.url), /^xix: not logged in/);
    }
    expectOneLineError(await xix(nobody(), 'tournament', 'show', 't1', '--server', platform.url), /^xix: no route GET \/api\/tournaments\/t1/);
    const elsewhere = path.join(dir, 'elsewhere');
    writeLogin({ url: 'http://127.0.0.1:1', token: 't', name: 'alice' }, { XIX_CONFIG_DIR: elsewhere });
    expectOneLineError(await xix(elsewhere, 'logout', '--server', platform.url), new RegExp(`^xix: you are logged in to http://127\\.0\\.0\\.1:1, not ${platform.url}: nothing was forgotten$`));
    expect((await xix(elsewhere, 'logout', '--local', '--server', 'http://127.0.0.1:1/api')).stdout).toMatch(/^logged out of http:\/\/127\.0\.0\.1:1 /);
    // the saved token is never sent to another server
    const other = await startFakePlatform();
    try {
      other.answers.set('/api/bots', { bots: [] });
      expect((await xix(aliceConfig, 'bots', '--server', other.url)).code).toBe(0);
      expect(other.requests.map((r) => r.authorization)).toEqual([undefined]);
      expectOneLineError(await xix(aliceConfig, 'upload', 'my-bot/bot.ts', '--server', other.url), new RegExp(`^xix: you are logged in to ${platform.url}, not ${other.url}: run xix login ${other.url}$`));
      expect(other.requests).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it('issue 17 item 5: a login URL ending in /api is the server, not /api/api', async () => {
    platform.answers.set('/api/users', { name: 'bob', token: 'bob-token' });
    const config = nobody();
    const start = platform.requests.length;
    const run = await xix(config, 'login', `${platform.url}/api/`, '--name', 'bob');
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain(`registered bob at ${platform.url};`);
    expect(requestsSince(start).map((r) => `${r.method} ${r.path}`)).toEqual(['POST /api/users']);
  });

  it('issue 17 item 5: a saved token the server refuses is said one way, by every command that sends it', async () => {
    platform.refuseTokens = true;
    const said = new RegExp(`^xix: your saved token for ${platform.url.replace(/\./g, '\\.')} is not valid: run xix login ${platform.url.replace(/\./g, '\\.')}$`);
    for (const args of [['bots', '--mine'], ['upload', 'my-bot/bot.ts'], ['challenge', 'b1', 'b2'], ['fetch', 's1.0']]) {
      expectOneLineError(await xix(aliceConfig, ...args), said);
    }
  });
});

describe('xix leaderboard', () => {
  const row = { owner: 'alice', games: 40, wins: 30, losses: 8, draws: 2, forfeits: 1, points: 300, winRate: 0.775 };
  it("issue 17 item 6: a game's board (the default game's unless --game), its variant, Elo and Bradley–Terry with the 95% interval", async () => {
    platform.answers.set(`/api/leaderboard/${defaultGame().id}`, { game: defaultGame().id, variant: 'default', rows: [
      { ...row, bot: 'b7', name: 'alpha', elo: 1612.4, provisional: false, bt: { rating: 1650.2, low: 1601.1, high: 1699.6, unbounded: null } },
      { ...row, bot: 'b8', name: 'beta', elo: 1390, provisional: true, bt: { rating: 1402, low: 1200, high: 1480, unbounded: 'below' } },
      { ...row, bot: 'b9', name: 'gamma', elo: null, provisional: true, bt: null },
    ] });
    const run = await xix(nobody(), 'leaderboard', '--server', platform.url);
    expect(run.stderr).toBe('');
    const lines = run.stdout.split('\n');
    expect(lines[0]).toBe(`${defaultGame().id}, variant default: 3 bots`);
    expect(lines[1]).toMatch(/^# +bot +name +owner +Elo +Bradley–Terry \(95% interval\) +games +W-L-D +win rate +forfeits$/);
    expect(lines[2]).toMatch(/^1 +b7 +alpha +alice +1612 +1650 \(1601–1700\) +40 +30-8-2 +77\.5% +1$/);
    expect(lines[3]).toMatch(/^2 +b8 +beta +alice +1390\? +1402 \(<1200–1480\) +40/);
    expect(lines[4]).toMatch(/^3 +b9 +gamma +alice +- +- +40/);
    expect(run.stdout).toContain('?: provisional');

    platform.answers.set('/api/leaderboard/1923/four-seats', { game: '1923', variant: 'four-seats', rows: [] });
    const start = platform.requests.length;
    const variant = await xix(nobody(), 'leaderboard', '--game', '1923', '--variant', 'four-seats', '--server', platform.url);
    expect(variant.stdout).toBe('1923, variant four-seats: 0 bots\n');
    expect(requestsSince(start).map((r) => r.path)).toEqual(['/api/leaderboard/1923/four-seats']);
    expectOneLineError(await xix(nobody(), 'leaderboard', '--game', 'Chess!', '--server', platform.url), /^xix: --game must be a game id/);
  });
});

describe('xix matches', () => {
  const entrant = (name: string, bot: string) => ({ name, bot, version: 1 });
  it('issue 17 item 7: says who won in words, not "ranks 2-1"', async () => {
    platform.answers.set('/api/matches', { next: null, matches: [
      { id: 's1.0', entrants: [entrant('mine', 'b7'), entrant('heuristic', 'b2')], ranks: [2, 1], points: [3, 19], reason: 'points', moves: 40 },
    ] });
    const run = await xix(nobody(), 'matches', '--server', platform.url);
    expect(run.stdout.split('\n')[0]).toMatch(/^match +seats +result +points/);
    expect(run.stdout).toMatch(/s1\.0 +mine \(b7 v1\) vs heuristic \(b2 v1\) +heuristic won +3-19/);
  });

  it('names the places at a bigger table, a draw, and a bot in two seats by its seat', () => {
    const [a, b, c] = [entrant('a', 'b1'), entrant('b', 'b2'), entrant('c', 'b3')];
    expect(resultInWords([a, b], [1, 1])).toBe('draw');
    expect(resultInWords([a, a], [2, 1])).toBe('a (seat 1) won');
    expect(resultInWords([a, b, c], [2, 1, 2])).toBe('b won, a and c 2nd');
    expect(resultInWords([a, b, c], [1, 1, 3])).toBe('a and b shared first place, c 3rd');
  });
});
