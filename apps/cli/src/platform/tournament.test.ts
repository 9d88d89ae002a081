/**
 * `xix tournament create|show|cancel` and `xix tournaments` as an admin runs them, against a real
 * server (the platform's routes on a test Redis prefix, listening on a free port) with no worker:
 * the games shown are recorded through the store, one pairing is marked failed as a worker does
 * after its retries, and the tables must say so. The commands run in this process (their output
 * captured) except for a few runs of the real `xix` binary, which check the wiring and the
 * one-line errors: each spawn costs seconds on a busy machine.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MatchEntrant } from '@xix/store';
import { ADMIN_TOKEN, openApp, type TestApp } from '../../../server/test/app.ts';
import { fakeReplay, match, upload } from '../../../store/test/world.ts';
import { CliError } from '../cli-error.ts';
import { runXixAsync } from '../test/fake-platform.ts';
import { expectOneLineError } from '../test/run-xix.ts';
import { tournamentCancel, tournamentCreate, tournaments, tournamentShow } from './tournament.ts';

let t: TestApp;
let url: string;
let dir: string;
let bots: MatchEntrant[];

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-tournament-cli-'));
  t = await openApp();
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  bots = [await upload(t.world.store, 'alice', 'ann'), await upload(t.world.store, 'bob', 'ben'), await upload(t.world.store, 'carol', 'cat')];
});
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The environment of a run: no saved login, the server in XIX_SERVER, the admin token given. */
const ENV = () => ({ XIX_CONFIG_DIR: path.join(dir, 'no-login'), XIX_SERVER: url, XIX_ADMIN_TOKEN: ADMIN_TOKEN });

let printed: string[];
beforeEach(() => {
  for (const [name, value] of Object.entries(ENV())) vi.stubEnv(name, value);
  printed = [];
  vi.spyOn(console, 'log').mockImplementation((...parts: unknown[]) => void printed.push(parts.join(' ')));
});
afterEach(() => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

/** What a command printed, as one text. */
const output = () => `${printed.join('\n')}\n`;
const create = (options: Partial<Parameters<typeof tournamentCreate>[0]>) => tournamentCreate({ game: 'xix', deals: '50', ...options });

describe('xix tournament: bad input and a missing or wrong admin token', () => {
  it('refuses before sending anything, or says what the server refused', async () => {
    vi.stubEnv('XIX_ADMIN_TOKEN', '');
    await expect(create({})).rejects.toThrow(new CliError("this needs the admin token: set XIX_ADMIN_TOKEN to the server's XIX_ADMIN_TOKEN"));
    await expect(tournamentCancel('t1', {})).rejects.toThrow(/^this needs the admin token/);
    vi.stubEnv('XIX_ADMIN_TOKEN', 'not-the-admin-token');
    await expect(create({})).rejects.toThrow(new CliError(`the server at ${url} refused XIX_ADMIN_TOKEN (the token is not valid): it must be the server's admin token`));
    vi.stubEnv('XIX_ADMIN_TOKEN', ADMIN_TOKEN);
    await expect(create({ deals: '0' })).rejects.toThrow(new CliError('--deals must be a whole number from 1 to 500, got 0'));
    await expect(create({ deals: '2.5' })).rejects.toThrow(/^--deals must be a whole number/);
    await expect(create({ bot: ['b1'] })).rejects.toThrow(/^a tournament needs at least two bots/);
    await expect(create({ bot: ['ann', 'b2'] })).rejects.toThrow(/^--bot must be a bot id such as b7/);
    await expect(create({ game: 'Bad Game' })).rejects.toThrow(/^--game must be a game id such as xix/);
    await expect(create({ seats: '1' })).rejects.toThrow(new CliError('--seats must be a whole number from 2 to 64, got 1'));
    await expect(create({ game: '1923', seats: '3', bot: ['b1', 'b2'] })).rejects.toThrow(new CliError('tables of 3 seats need at least 3 bots, got 2 --bot'));
    // 1923 is a game id (digits first, as the server allows); the server says it has not 10 seats
    await expect(create({ game: '1923', seats: '10' })).rejects.toThrow(/1923 is played at 2 to 9 seats with two entrants or more at a table, not 10 \(400/);
    await expect(create({ limit: ['decisionMs'] })).rejects.toThrow(new CliError('--limit takes NAME=N (memoryMb, decisionMs, bankMs, loadMs), got decisionMs'));
    await expect(create({ limit: ['cpu=5'] })).rejects.toThrow(/^--limit: no limit cpu/);
    await expect(tournamentShow('3', {})).rejects.toThrow(/^ID must be a tournament id such as t3/);
    await expect(tournamentShow('t999', {})).rejects.toThrow(/no tournament t999 \(404/);
    await expect(tournaments({ server: 'ftp://x' })).rejects.toThrow(/must be http:\/\/ or https:\/\//);
    vi.stubEnv('XIX_SERVER', '');
    await expect(tournaments({})).rejects.toThrow(new CliError('which server? give --server URL, set XIX_SERVER, or log in with xix login URL'));
    // the server's own check of what the command cannot know (a bot it does not have)
    vi.stubEnv('XIX_SERVER', url);
    await expect(create({ bot: [bots[0]!.bot, 'b999'] })).rejects.toThrow(/no bot b999 \(404/);
    expect(await t.world.store.listTournaments()).toEqual([]);
    expect(printed).toEqual([]);
  });

  it('is one line on stderr from the real command', async () => {
    expectOneLineError(await runXixAsync({ cwd: dir, env: { ...ENV(), XIX_ADMIN_TOKEN: '' } }, 'tournament', 'create', '--bot', 'b1', '--bot', 'b2'), /^xix: this needs the admin token: set XIX_ADMIN_TOKEN/);
  });
});

describe('xix tournament create, show, cancel and xix tournaments', () => {
  it('runs a round robin from the command line and shows its tables, failures included', async () => {
    await create({ bot: bots.map((b) => b.bot), deals: '1', limit: ['decisionMs=500'] });
    expect(output()).toBe('created t1: 3 pairing(s), 6 games (each pairing a rated series of 1 deals, each from both seats)\nfollow it: xix tournament show t1\n');
    const report = await t.world.store.getTournament('t1');
    expect(report).toMatchObject({ game: 'xix', dealsPerPairing: 1, limits: { decisionMs: 500 }, createdBy: 'admin', entrants: bots.map(({ bot, version }) => ({ bot, version })) });
    const [ab, ac, bc] = report!.series as [string, string, string];
    expect((await t.queue.getJob(ab))?.name).toBe('tournament');

    // a vs b played out (a wins both); a vs c failed for good after one game c won; b vs c waits
    const [a, b, c] = bots as [MatchEntrant, MatchEntrant, MatchEntrant];
    const tm = { kind: 'tournament' as const };
    await t.world.store.recordMatch(match(ab, 0, [a, b], fakeReplay(0), tm));
    await t.world.store.recordMatch(match(ab, 1, [b, a], fakeReplay(1), tm));
    await t.world.store.setSeriesStatus(ab, 'done');
    await t.world.store.recordMatch(match(ac, 0, [a, c], fakeReplay(1), tm));
    await t.world.store.setSeriesStatus(ac, 'failed', 'bundle storage unreachable');
    await t.world.store.settleTournament('t1');

    // reading needs no admin token: the real command, as anyone runs it
    const shown = await runXixAsync({ cwd: dir, env: { ...ENV(), XIX_ADMIN_TOKEN: '' } }, 'tournament', 'show', 't1');
    expect(shown.stderr).toBe('');
    const out = shown.stdout;
    expect(out).toMatch(/^tournament t1 \(xix\): running; 3 of 6 games played \(50\.0%\), 1 never to be played\n/);
    expect(out).toContain('limits: decisionMs=500; created by admin');
    expect(out).toContain('1 pairing(s) FAILED (infrastructure errors, after their retries)');
    const rows = out.split('\n');
    /** The cells of the table row whose first cell is `first`. */
    const row = (first: string) => rows.map((line) => line.split(/\s{2,}/)).find((cells) => cells[0] === first);
    // standings: a 2 wins 1 loss; c 1 win; b 2 losses
    expect(row('1')).toEqual(['1', `ann (${a.bot})`, 'v1', '3', '2-1-0', '0', String(19 + 19 + 7)]);
    expect(row('2')?.slice(1, 5)).toEqual([`cat (${c.bot})`, 'v1', '1', '1-0-0']);
    // cross table, the row's W-L-D: ann beat ben twice; ann vs cat failed after cat won; ben vs cat queued
    expect(row(`ann (${a.bot})`)).toEqual([`ann (${a.bot})`, 'x', '2-0-0', '0-1-0!']);
    expect(row(`ben (${b.bot})`)).toEqual([`ben (${b.bot})`, '0-2-0', 'x', '.']);
    expect(row(`cat (${c.bot})`)).toEqual([`cat (${c.bot})`, '1-0-0!', '.', 'x']);
    expect(row(ac)).toEqual([ac, `ann (${a.bot}) vs cat (${c.bot})`, 'failed', '1', '0-1', '0', '7-19', '0-0']);
    expect(row(bc)?.[2]).toBe('queued');
    expect(out).toMatch(new RegExp(`\\nfailed pairings\\n${ac} ann \\(${a.bot}\\) vs cat \\(${c.bot}\\): failed \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC after 1 game\\(s\\): bundle storage unreachable\\n$`));

    printed = [];
    await tournaments({ game: 'xix' });
    expect(printed[0]?.split('\n')[1]?.split(/\s{2,}/).slice(0, 6)).toEqual(['t1', 'xix', 'running', '3', '3', '1']);

    printed = [];
    await tournamentCancel('t1', {});
    expect(output()).toBe(`cancelled t1: 1 pairing(s) not started were taken off the queue (${bc}); games played are kept, a running pairing finishes\n`);
    expect(await t.world.store.tournamentStatus('t1')).toBe('cancelled');
    printed = [];
    vi.stubEnv('XIX_SERVER', '');
    await tournamentShow('t1', { server: url });
    expect(output()).toMatch(/^tournament t1 \(xix\): cancelled; 3 of 6 games played \(50\.0%\), 3 never to be played\n/);
    expect(output().split('\n').find((line) => line.startsWith(bc))?.split(/\s{2,}/)[2]).toBe('cancelled');
  });

  it('plays 1923 at tables of --seats 3 and shows average places and the pairs over their tables', async () => {
    const players = [];
    for (const name of ['pam', 'pat', 'peg']) players.push(await upload(t.world.store, 'dave', name, 'active', '1923'));
    await create({ game: '1923', seats: '3', deals: '2', bot: players.map((p) => p.bot) });
    const id = /^created (t\d+): /.exec(output())?.[1] ?? '';
    expect(output()).toBe(`created ${id}: 1 table(s) of 3, 6 games (each table a rated series of 2 deals, each once per seat rotation)\nfollow it: xix tournament show ${id}\n`);
    const [table] = (await t.world.store.getTournament(id))!.series;
    const [p, q, r] = players as [MatchEntrant, MatchEntrant, MatchEntrant];
    // p and q share first (T13), r third
    const replay = { format: 'xix-arena.replay', moves: [], forfeit: null, result: { winner: 0, points: [3, 3, 1], reason: 'round-over', ranks: [1, 1, 3] } };
    await t.world.store.recordMatch(match(table!, 0, [p, q, r], replay, { kind: 'tournament', game: '1923' }));
    printed = [];
    await tournamentShow(id, {});
    const rows = output().split('\n').map((line) => line.split(/\s{2,}/));
    expect(output()).toContain('3 entrants, tables of 3, 2 deals per table (each once per seat rotation)');
    expect(rows.find((cells) => cells[0] === '#')?.at(-1)).toBe('avg place');
    expect(rows.find((cells) => cells[0] === '3')).toEqual(['3', `peg (${r.bot})`, 'v1', '1', '0-1-0', '0', '1', '3.00']);
    expect(rows.find((cells) => cells[0] === `pam (${p.bot})`)).toEqual([`pam (${p.bot})`, 'x', '0-0-1', '1-0-0']);
    expect(rows.find((cells) => cells[0] === table)?.slice(0, 5)).toEqual([table, `pam (${p.bot}) vs pat (${q.bot})`, 'queued', '1', '0-0']);
  });
  it('plays Nineteen partnerships at --seats 4 as pairings: two entrants a table, each deal from both sides (issue 18)', async () => {
    const players = [];
    for (const name of ['nan', 'ned']) players.push(await upload(t.world.store, 'erin', name, 'active', 'nineteen'));
    await create({ game: 'nineteen', seats: '4', deals: '1', bot: players.map((p) => p.bot) });
    const id = /^created (t\d+): /.exec(output())?.[1] ?? '';
    const [table] = (await t.world.store.getTournament(id))!.series;
    const [n, m] = players as [MatchEntrant, MatchEntrant];
    // n's side (seats 0 and 2) won, each seat holding the side's place and score
    const replay = { format: 'xix-arena.replay', moves: [], forfeit: null, result: { winner: 0, points: [19, 7, 19, 7], reason: 'out', ranks: [1, 2, 1, 2] } };
    await t.world.store.recordMatch(match(table!, 0, [n, m, n, m], replay, { kind: 'tournament', game: 'nineteen', variant: 'partners-4' }));
    printed = [];
    await tournamentShow(id, {});
    const rows = output().split('\n').map((line) => line.split(/\s{2,}/));
    expect(output()).toContain('2 entrants, partnerships at 4 seats, 1 deals per pairing (each from both sides)');
    expect(rows.find((cells) => cells[0] === '#')?.at(-1)).toBe('points');
    expect(rows.find((cells) => cells[0] === '1')).toEqual(['1', `nan (${n.bot})`, 'v1', '1', '1-0-0', '0', '19']);
    expect(rows.find((cells) => cells[0] === table)?.slice(0, 5)).toEqual([table, `nan (${n.bot}) vs ned (${m.bot})`, 'queued', '1', '1-0']);
  });
});
