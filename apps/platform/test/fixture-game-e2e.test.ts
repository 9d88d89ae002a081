/**
 * Issue 16's proof: the fixture game nim (registered by the test-only switch XIX_FIXTURE_GAMES,
 * which vitest.config.ts sets and every process started here inherits) runs through every layer
 * with nothing outside its folders and the registries: `xix play` and `xix replay verify`; `xix
 * login` and `xix upload` (its game found from its source, and named) validated against nim's house
 * random bot; challenges at 2 and 3 seats whose replays verify and whose stored logs reach their
 * owner only; a rated tournament table and its variant's leaderboard; a spectator of a game in
 * progress who sees no seat's secret; and the match page drawn by the web's generic renderer.
 *
 * One platform for every step: the real server on a real port (in this process), one real worker
 * process, the real `xix` command and headless Chromium. The steps run in order and build on each
 * other (the bots uploaded in one play in the next).
 */
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findGame, parseReplay, verifyReplay, type Replay } from '@xix/engine';
import { registerHouseBots } from '@xix/server';
import type { GameInfo, Leaderboard, Match, MatchPage, Series, TournamentReport } from '@xix/server/api-types';
import { ADMIN_TOKEN, openApp, type TestApp } from '../../server/test/app.ts';
import { LiveClient, wsBase } from '../../server/test/live-client.ts';
import { checkLiveEvents, spectateEveryGame, watchedGames, type LiveWorkerWorld } from '../../server/test/live-worker-world.ts';
import { STREAM_START } from '../../server/src/live/stream-ids.ts';
import { until } from '../../store/test/until.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { CHROMIUM_OPTIONS, SCREENSHOTS, VIEWPORTS } from '../../web/test/harness.ts';
import { spawnWorker, type WorkerProcess } from '../../worker/test/worker-process.ts';
import type { NimGame, NimPublicView } from '../../../engine/src/games/nim/index.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = path.join(ROOT, 'apps/cli/bin/xix.js');
/** How long a step waits for what it expects before it fails (not a speed assertion). */
const WAIT_MS = 45_000;

const nim = registeredNim();

function registeredNim(): NimGame {
  const game = findGame('nim') as NimGame | undefined;
  if (game === undefined) throw new Error('nim is not registered: the test-only switch XIX_FIXTURE_GAMES=1 (vitest.config.ts) did not reach this process');
  return game;
}

/** Alice's bot, written for nim's SDK: it prints its view's secret at each move (its logs). */
const NIMBOT = `import { defineNimBot } from '@xix/sdk';
export default defineNimBot({
  decide(view) {
    console.log(\`nimbot: \${view.stones} stones, my secret \${view.secret}\`);
    const winning = view.legalActions.find((a) => (view.stones - a.count) % 4 === 0);
    return winning ?? view.legalActions[0]!;
  },
});
`;

/**
 * Bob's bot takes one stone at a time and, in a game that began with a bigger heap than the default
 * one (the live step's), spends some 25 ms of its decision budget on each decision (measured by the
 * bot's clock, so as long however fast the sandbox runs the loop): such a game lasts long enough for
 * a spectator to join it in progress, and the other steps stay fast.
 */
const PONDER = `import { clock, defineNimBot } from '@xix/sdk';
export default defineNimBot({
  decide(view) {
    const heap = view.taken.reduce((sum, taken) => sum + taken, view.stones);
    let x = 0;
    while (heap > 15 && clock.elapsedMs() < 25) for (let i = 0; i < 100_000; i++) x = (x + i) | 0;
    console.log('ponder thought it over');
    return view.legalActions[x === 0.5 ? 1 : 0]!;
  },
});
`;
/** A line of what each bot printed (a stored log prefixes its moves: `[move K] `). */
const NIMBOT_PRINTS = /nimbot: \d+ stones, my secret [1-9]$/m;
const PONDER_PRINTS = /ponder thought it over$/m;

const dir = mkdtempSync(path.join(tmpdir(), 'xix-nim-e2e-'));
let t: TestApp;
let url: string;
let worker: WorkerProcess;
let browser: Browser | undefined;

/** A user's `xix` command (its own saved login), spawned asynchronously: the server answers from this process. */
async function xix(user: string, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env = { ...process.env, NO_COLOR: '1', XIX_CONFIG_DIR: path.join(dir, `config-${user}`) };
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env, stdio: ['ignore', 'pipe', 'pipe'], timeout: WAIT_MS });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

/** The JSON answer and status of an API call. */
async function api<T>(route: string, init: { method?: 'GET' | 'POST'; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${route}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined && { 'content-type': 'application/json' }), ...(init.token !== undefined && { authorization: `Bearer ${init.token}` }) },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

/** The JSON of a 200 answer; any other status fails with the body. */
async function get<T>(route: string, token?: string): Promise<T> {
  const { status, body } = await api<T>(route, token === undefined ? {} : { token });
  if (status !== 200) throw new Error(`GET ${route}: ${status} ${JSON.stringify(body)}`);
  return body;
}

/** `xix login` as a new user, then `xix upload` of `file`: answers the user's token and the bot, active. */
async function signUpAndUpload(user: string, file: string, ...args: string[]): Promise<{ token: string; bot: string; stdout: string }> {
  const login = await xix(user, 'login', url, '--name', user);
  expect(login.code).toBe(0);
  const token = /token \(shown once, keep it secret\): (\S+)/.exec(login.stdout)![1]!;
  const upload = await xix(user, 'upload', file, ...args, '--wait', String(WAIT_MS / 1000));
  expect(upload.stderr).toBe('');
  expect(upload.code).toBe(0);
  const bot = new RegExp(`^uploaded ${path.basename(file, '.ts')} as (b\\d+) version 1 `, 'm').exec(upload.stdout)![1]!;
  expect(upload.stdout).toContain(`${bot} version 1 is active`);
  return { token, bot, stdout: upload.stdout };
}

const workerLog = (): string => `the worker said: ${worker.output().slice(-3000)}`;

async function finishedSeries(id: string): Promise<Series> {
  const series = await until(`series ${id}`, () => get<Series>(`/api/series/${id}`), (s) => s.status === 'done' || s.status === 'failed', { timeoutMs: WAIT_MS, everyMs: 50, context: workerLog });
  expect(series, JSON.stringify(series)).toMatchObject({ status: 'done', game: nim.id });
  expect(series.matches).toHaveLength(series.games);
  return series;
}

/** Each match's replay from the API, checked by the engine: it re-simulates to the stored result. */
async function verifiedReplays(matches: readonly string[], seats: number): Promise<Replay[]> {
  return Promise.all(matches.map(async (id) => {
    const replay = parseReplay(await get<unknown>(`/api/matches/${id}/replay`));
    expect(replay.game.id, id).toBe(nim.id);
    expect(replay.seats, id).toHaveLength(seats);
    expect(verifyReplay(replay), id).toMatchObject({ ok: true, result: replay.result });
    expect(replay.forfeit, id).toBeNull();
    return replay;
  }));
}

/** The seats of `bot` in a stored match. */
async function seatsOf(match: string, bot: string): Promise<number[]> {
  const { entrants } = await get<Match>(`/api/matches/${match}`);
  return entrants.flatMap((entrant, seat) => (entrant.bot === bot ? [seat] : []));
}

beforeAll(async () => {
  // a game in progress is watched on its broadcast: shown as soon as it is known (pace 0)
  t = await openApp({ validationDeals: 1, uploadRate: 1000, broadcastPaceMs: 0, broadcastPauseMs: 0 });
  // as the server's main does for each game: nim's house bots (random-nim), from sdk/examples/nim/
  await registerHouseBots(t.world.store, nim.id);
  url = await t.app.listen({ port: 0, host: '127.0.0.1' });
  worker = spawnWorker({ REDIS_URL, XIX_PREFIX: t.world.prefix });
  await worker.ready;
  writeFileSync(path.join(dir, 'nimbot.ts'), NIMBOT);
  writeFileSync(path.join(dir, 'ponder.ts'), PONDER);
});

afterAll(async () => {
  await browser?.close();
  if (worker !== undefined && worker.child.exitCode === null && worker.child.signalCode === null) {
    worker.child.kill('SIGTERM');
    await worker.exited;
  }
  await t?.close();
  // the folder holds the users' saved tokens
  rmSync(dir, { recursive: true, force: true });
});

describe('the fixture game nim through every layer', { timeout: 2 * WAIT_MS }, () => {
  let randomNim: string;
  let alice: { token: string; bot: string };
  let bob: { token: string; bot: string };
  let threeSeatMatch: string;

  it('xix play --game nim: a bot file against nim\'s house random bot by name; its replays and logs are written and verify', async () => {
    const play = await xix('alice', 'play', '--game', nim.id, 'nimbot.ts', 'random', '--games', '4', '--seed', '16', '--replays', 'replays');
    expect(play.stderr).toBe('');
    expect(play.code).toBe(0);
    expect(play.stdout).toMatch(/^nimbot vs random: 4 games/);
    expect(play.stdout).toMatch(/^nimbot +\d+ +\d+ +0$/m);
    const files = readdirSync(path.join(dir, 'replays'));
    const replays = files.filter((name) => /^game-\d+\.json$/.test(name));
    expect(replays).toHaveLength(4);
    for (const name of replays) expect(parseReplay(JSON.parse(readFileSync(path.join(dir, 'replays', name), 'utf8'))).game.id).toBe(nim.id);
    expect(readFileSync(path.join(dir, 'replays', 'game-1.log'), 'utf8')).toMatch(NIMBOT_PRINTS);

    const verify = await xix('alice', 'replay', 'verify', ...replays.map((name) => `replays/${name}`));
    expect(verify.stderr).toBe('');
    expect(verify.code).toBe(0);
    expect(verify.stdout).toContain('verified 4 replays: 4 ok, 0 failed');
  });

  it('xix upload: the server finds nim from the source (and takes --game nim); each version is validated against random-nim and becomes active', async () => {
    const info = (await get<GameInfo[]>('/api/games')).find((g) => g.id === nim.id);
    expect(info?.houseBots.map((b) => b.name)).toContain('random-nim');
    const house = await get<{ bots: { id: string; name: string; game: string }[] }>('/api/bots?owner=house');
    randomNim = house.bots.find((b) => b.name === 'random-nim' && b.game === nim.id)!.id;

    // alice names no game (the server finds it from her source), bob names it; both at once
    const [aliceUpload, bobUpload] = await Promise.all([signUpAndUpload('alice', 'nimbot.ts'), signUpAndUpload('bob', 'ponder.ts', '--game', nim.id)]);
    expect(aliceUpload.stdout).toContain(`game: ${nim.id} (the game its source is written for`);
    expect(bobUpload.stdout).not.toContain('game: ');
    alice = aliceUpload;
    bob = bobUpload;

    for (const id of [alice.bot, bob.bot]) {
      expect(await get(`/api/bots/${id}`)).toMatchObject({ game: nim.id, active: 1, versions: [{ state: 'active' }] });
      // validated at nim's validation tables: beside random-nim, at 2 seats and at 3
      const { matches } = await get<MatchPage>(`/api/matches?bot=${id}&limit=100`);
      expect(matches.length).toBeGreaterThan(0);
      for (const match of matches) {
        expect(match).toMatchObject({ game: nim.id, kind: 'validation' });
        const others = match.entrants.filter((e) => e.bot !== id);
        expect(others.length).toBe(match.entrants.length - 1);
        for (const other of others) expect(other.bot).toBe(randomNim);
      }
      expect(new Set(matches.map((m) => m.entrants.length))).toEqual(new Set([2, 3]));
    }
  });

  it('xix challenge against random-nim, and at a 3-seat table: the series finish, every replay verifies, the stored logs reach their owner only', async () => {
    const carol = (await api<{ token: string }>('/api/users', { method: 'POST', body: { name: 'carol' } })).body.token;
    const headsUp = await xix('alice', 'challenge', alice.bot, randomNim, '--deals', '1');
    expect(headsUp.stderr).toBe('');
    expect(headsUp.code).toBe(0);
    const headsUpId = /^queued (s\d+): 2 games/.exec(headsUp.stdout)![1]!;
    const threeSeats = await xix('alice', 'challenge', alice.bot, randomNim, bob.bot, '--deals', '1', '--seats', '3');
    expect(threeSeats.stderr).toBe('');
    expect(threeSeats.code).toBe(0);
    const threeSeatsId = /^queued (s\d+): 3 games/.exec(threeSeats.stdout)![1]!;

    const info = (await get<GameInfo[]>('/api/games')).find((g) => g.id === nim.id)!;
    const variantAt = (seats: number): string => info.tables.find((table) => table.seats === seats)!.variant;
    for (const [id, seats] of [[headsUpId, 2], [threeSeatsId, 3]] as const) {
      const series = await finishedSeries(id);
      expect(series.seats).toBe(seats);
      await verifiedReplays(series.matches, seats);
      for (const match of series.matches) {
        expect((await get<Match>(`/api/matches/${match}`)).variant).toBe(variantAt(seats));
        // what each owner's bot printed, to that owner only
        const aliceSeats = await seatsOf(match, alice.bot);
        const aliceLogs = await get<{ logs: { seat: number; text: string }[] }>(`/api/matches/${match}/logs`, alice.token);
        expect(aliceLogs.logs.map((log) => log.seat)).toEqual(aliceSeats);
        expect(aliceLogs.logs[0]!.text).toMatch(NIMBOT_PRINTS);
        expect(aliceLogs.logs[0]!.text).not.toMatch(PONDER_PRINTS);
        expect((await api(`/api/matches/${match}/logs`)).status).toBe(401);
        expect((await api(`/api/matches/${match}/logs`, { token: carol })).status).toBe(403);
        if (seats === 3) {
          const bobLogs = await get<{ logs: { seat: number; text: string }[] }>(`/api/matches/${match}/logs`, bob.token);
          expect(bobLogs.logs.map((log) => log.seat)).toEqual(await seatsOf(match, bob.bot));
          expect(bobLogs.logs[0]!.text).toMatch(PONDER_PRINTS);
          expect(bobLogs.logs[0]!.text).not.toMatch(NIMBOT_PRINTS);
        }
      }
      if (seats === 3) threeSeatMatch = series.matches[0]!;
    }

    const fetched = await xix('alice', 'fetch', threeSeatMatch, '--out', 'fetched');
    expect(fetched.stderr).toBe('');
    expect(fetched.code).toBe(0);
    const log = readFileSync(path.join(dir, 'fetched', 'replay.log'), 'utf8');
    expect(log).toMatch(NIMBOT_PRINTS);
    expect(log).not.toMatch(PONDER_PRINTS);
  });

  it('a rated tournament table of 3 entrants at 3 seats finishes with standings; nim\'s 3-seat variant rates them, the heads-up one does not', async () => {
    const info = (await get<GameInfo[]>('/api/games')).find((g) => g.id === nim.id)!;
    const variantAt = (seats: number): string => info.tables.find((table) => table.seats === seats)!.variant;
    expect([variantAt(2), variantAt(3)]).toEqual(['heads-up', 'multi']);
    const entrants = [alice.bot, bob.bot, randomNim];
    const created = await api<{ tournament: string; seats: number; series: string[] }>('/api/tournaments', { method: 'POST', token: ADMIN_TOKEN, body: { game: nim.id, bots: entrants, seats: 3, dealsPerPairing: 1 } });
    expect(created).toMatchObject({ status: 201, body: { seats: 3, series: [expect.any(String)] } });
    const report = await until('the tournament', () => get<TournamentReport>(`/api/tournaments/${created.body.tournament}`), (r) => r.status === 'done', { timeoutMs: WAIT_MS, everyMs: 50, context: workerLog });
    expect(report.failures).toEqual([]);
    expect(report.standings.map((s) => s.bot).sort()).toEqual([...entrants].sort());
    for (const standing of report.standings) expect(standing).toMatchObject({ games: 3, averagePlace: expect.any(Number) });
    const [series] = report.series;
    await verifiedReplays((await finishedSeries(series!)).matches, 3);

    // the boards' records count challenges too (unrated: no rating from them); validations are not counted
    const multi = await get<Leaderboard>(`/api/leaderboard/${nim.id}/${variantAt(3)}`);
    for (const bot of entrants) expect(multi.rows.find((row) => row.bot === bot), bot).toMatchObject({ games: 3 + 3, elo: expect.any(Number), bt: expect.anything() });
    const headsUp = await get<Leaderboard>(`/api/leaderboard/${nim.id}/${variantAt(2)}`);
    expect(headsUp.rows.find((row) => row.bot === alice.bot)).toMatchObject({ games: 2, elo: null, bt: null });
    expect(headsUp.rows.find((row) => row.bot === bob.bot)?.games ?? 0).toBe(0);
  });

  it('a spectator of nim games in progress (a big heap: option stones) receives their public views: no seat\'s secret before the end', async () => {
    const STONES = 60;
    const world: LiveWorkerWorld = { t, base: wsBase(url) };
    // the lobby from its last event on: only the games of this challenge are announced
    const last = (await t.world.store.readLobby(STREAM_START, 100_000)).at(-1)?.id ?? STREAM_START;
    const lobby = await LiveClient.open(world.base, `/api/lobby?after=${last}`);
    const spectators = spectateEveryGame(world, lobby);
    const challenge = await api<{ series: string }>('/api/challenges', { method: 'POST', token: bob.token, body: { bot: bob.bot, opponents: [randomNim, alice.bot], seats: 3, deals: 1, options: { stones: STONES } } });
    expect(challenge.status).toBe(202);
    const matches = [0, 1, 2].map((index) => `${challenge.body.series}.${index}`);
    const games = await watchedGames(world, lobby, spectators, matches, WAIT_MS);
    lobby.close();
    let hiddenChecked = 0;
    for (const { match, events, replay } of games) {
      expect(replay.setup, match).toMatchObject({ seats: 3, stones: STONES });
      expect(replay.forfeit, match).toBeNull();
      checkLiveEvents(nim, match, events, replay, (event, state, at) => {
        const view = event.view as NimPublicView;
        expect(Object.keys(view), at).not.toEqual(expect.arrayContaining(['secret']));
        expect(Object.keys(view), at).not.toEqual(expect.arrayContaining(['allSecrets']));
        if (state.winner !== null) return;
        hiddenChecked++;
        expect(view.secrets, at).toBeNull();
        // the same view whatever the seats' secrets are: nothing of them shows
        const otherSecrets = { ...state, setup: { ...state.setup, secrets: state.setup.secrets.map((secret) => (secret % 9) + 1) } };
        expect(view, at).toEqual(nim.publicView(otherSecrets));
      });
    }
    expect(hiddenChecked).toBeGreaterThan(0);
  });

  it('the match page draws a nim game with the generic renderer: an accessible board, the owner\'s logs, no errors; photographed at 1366×800', async () => {
    browser = await chromium.launch(CHROMIUM_OPTIONS);
    const context = await browser.newContext({ viewport: VIEWPORTS.desktop, baseURL: url });
    await context.addInitScript((token) => localStorage.setItem('xix.token', token), alice.token);
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      // the browser's own request for /favicon.ico (the pages name no icon) is not the page's error
      if (message.type() === 'error' && !message.location().url.endsWith('/favicon.ico')) errors.push(`${message.text()} (${message.location().url})`);
    });
    const replay = parseReplay(await get<unknown>(`/api/matches/${threeSeatMatch}/replay`));
    const [aliceSeat] = await seatsOf(threeSeatMatch, alice.bot);
    const aliceMove = replay.moves.findIndex((move) => move.seat === aliceSeat) + 1;
    await page.goto(`/matches/${threeSeatMatch}#move=${aliceMove}`);
    await page.locator(`[data-viewer][data-move="${aliceMove}"] [data-game="${nim.id}"]`).waitFor();

    // the generic renderer's structure, by role and name: a region per seat, the history, the controls
    for (const seat of [0, 1, 2]) expect(await page.getByRole('region', { name: new RegExp(`, seat ${seat}$`) }).count(), `seat ${seat}`).toBe(1);
    expect(await page.getByRole('region', { name: 'history' }).count()).toBe(1);
    expect(await page.getByRole('group', { name: 'whose view' }).getByRole('button').count()).toBe(4);
    expect(await page.getByRole('slider', { name: 'move' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'what your bot printed' }).innerText()).toMatch(NIMBOT_PRINTS);
    await mkdir(SCREENSHOTS, { recursive: true });
    await page.screenshot({ path: `${SCREENSHOTS}fixture-game-nim-desktop.png`, fullPage: true });

    await page.locator('[data-control="last"]').click();
    await page.locator(`[data-viewer][data-move="${replay.moves.length}"]`).waitFor();
    expect(await page.locator('[data-board] [data-result]').getAttribute('data-result')).toBe(String(replay.result.winner));
    expect(errors).toEqual([]);
    await context.close();
  });
});
