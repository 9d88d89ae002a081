/**
 * `xix tournament create|show|cancel` and `xix tournaments` as an admin runs them, against a real
 * server (the platform's routes on a test Redis prefix, listening on a free port) with no worker:
 * the games shown are recorded through the store, one pairing is marked failed as a worker does
 * after its retries, and the tables must say so.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MatchEntrant } from '@xix/store';
import { ADMIN_TOKEN, openApp, type TestApp } from '../../../server/test/app.ts';
import { fakeReplay, match, upload } from '../../../store/test/world.ts';
import { runXixAsync } from '../test/fake-platform.ts';
import { expectOneLineError } from '../test/run-xix.ts';

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

/** `xix ...` with no saved login, the server in XIX_SERVER and the admin token given (or not). */
const xix = (env: Record<string, string>, ...args: string[]) =>
  runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: path.join(dir, 'no-login'), XIX_SERVER: url, XIX_ADMIN_TOKEN: ADMIN_TOKEN, ...env } }, ...args);

describe('xix tournament: bad input and a missing or wrong admin token, one line each', () => {
  it('refuses before sending anything, or says what the server refused', async () => {
    expectOneLineError(await xix({ XIX_ADMIN_TOKEN: '' }, 'tournament', 'create'), /^xix: this needs the admin token: set XIX_ADMIN_TOKEN to the server's XIX_ADMIN_TOKEN$/);
    expectOneLineError(await xix({ XIX_ADMIN_TOKEN: 'not-the-admin-token' }, 'tournament', 'create'), /^xix: the server at http:\/\/127\.0\.0\.1:\d+ refused XIX_ADMIN_TOKEN \(the token is not valid\)/);
    expectOneLineError(await xix({}, 'tournament', 'create', '--deals', '0'), /^xix: --deals must be a whole number from 1 to 500, got 0$/);
    expectOneLineError(await xix({}, 'tournament', 'create', '--bot', 'b1'), /^xix: a tournament needs at least two bots/);
    expectOneLineError(await xix({}, 'tournament', 'create', '--bot', 'ann', '--bot', 'b2'), /^xix: --bot must be a bot id such as b7/);
    expectOneLineError(await xix({}, 'tournament', 'create', '--limit', 'cpu=5'), /^xix: --limit: no limit cpu/);
    expectOneLineError(await xix({}, 'tournament', 'show', '3'), /^xix: ID must be a tournament id such as t3/);
    expectOneLineError(await xix({}, 'tournament', 'show', 't999'), /no tournament t999 \(404/);
    expectOneLineError(await xix({ XIX_SERVER: '' }, 'tournaments'), /^xix: which server\? give --server URL, set XIX_SERVER, or log in with xix login URL$/);
    // the server's own check of what the command cannot know (a bot it does not have)
    expectOneLineError(await xix({}, 'tournament', 'create', '--bot', bots[0]!.bot, '--bot', 'b999'), /no bot b999 \(404/);
    expect(await t.world.store.listTournaments()).toEqual([]);
  });
});

describe('xix tournament create, show, cancel and xix tournaments', () => {
  it('runs a round robin from the command line and shows its tables, failures included', async () => {
    const created = await xix({}, 'tournament', 'create', '--game', 'xix', '--bot', bots[0]!.bot, '--bot', bots[1]!.bot, '--bot', bots[2]!.bot, '--deals', '1', '--limit', 'decisionMs=500');
    expect(created.stderr).toBe('');
    expect(created.stdout).toBe('created t1: 3 pairing(s), 6 games (each pairing a rated series of 1 deals, each from both seats)\nfollow it: xix tournament show t1\n');
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

    const shown = await xix({ XIX_ADMIN_TOKEN: '' }, 'tournament', 'show', 't1');
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
    // cross table, from the row's side: ann beat ben twice; ann vs cat failed after cat won; ben vs cat queued
    expect(row(`ann (${a.bot})`)).toEqual([`ann (${a.bot})`, 'x', '2-0-0', '0-1-0!']);
    expect(row(`ben (${b.bot})`)).toEqual([`ben (${b.bot})`, '0-2-0', 'x', '.']);
    expect(row(`cat (${c.bot})`)).toEqual([`cat (${c.bot})`, '1-0-0!', '.', 'x']);
    expect(row(ac)).toEqual([ac, `ann (${a.bot}) vs cat (${c.bot})`, 'failed', '1', '0-1', '0', '7-19', '0-0']);
    expect(row(bc)?.[2]).toBe('queued');
    expect(out).toMatch(new RegExp(`\\nfailed pairings\\n${ac} ann \\(${a.bot}\\) vs cat \\(${c.bot}\\): failed \\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d UTC after 1 game\\(s\\): bundle storage unreachable\\n$`));

    const listed = await xix({ XIX_ADMIN_TOKEN: '' }, 'tournaments', '--game', 'xix');
    expect(listed.stderr).toBe('');
    expect(listed.stdout.split('\n')[1]?.split(/\s{2,}/).slice(0, 6)).toEqual(['t1', 'xix', 'running', '3', '3', '1']);

    const cancelled = await xix({}, 'tournament', 'cancel', 't1');
    expect(cancelled.stderr).toBe('');
    expect(cancelled.stdout).toBe(`cancelled t1: 1 pairing(s) not started were taken off the queue (${bc}); games played are kept, a running pairing finishes\n`);
    expect(await t.world.store.tournamentStatus('t1')).toBe('cancelled');
    const after = await xix({}, 'tournament', 'show', 't1', '--server', url);
    expect(after.stdout).toMatch(/^tournament t1 \(xix\): cancelled; 3 of 6 games played \(50\.0%\), 3 never to be played\n/);
    expect(after.stdout.split('\n').find((line) => line.startsWith(bc))?.split(/\s{2,}/)[2]).toBe('cancelled');
  });
});
