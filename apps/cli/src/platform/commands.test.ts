/**
 * The platform commands as a user runs them, without the real platform: the one-line errors
 * without a login or without a server; `xix login` and `xix fetch` against a stand-in server
 * (test/fake-platform.ts) answering with a local game; and `xix play --match` on a match folder
 * made here from a local game (the shape `xix fetch` writes), which must give the same game, or
 * say where not.
 */
import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { xix as game, parseReplay, type Replay, type XixSeatView } from '@xix/engine';
import { botSeed, playMatch, trustedPlayer, type MatchRecord } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import heuristic from '../../../../sdk/examples/xix/heuristic.ts';
import random from '../../../../sdk/examples/xix/random.ts';
import { matchInput } from '../../../worker/src/match-input.ts';
import type { StoredSeries } from '../../../worker/src/store-port.ts';
import { startFakePlatform, runXixAsync, type FakePlatform } from '../test/fake-platform.ts';
import { readLogin, writeLogin } from './config.ts';
import { firstDifference } from './rerun-match.ts';
import type { FetchedMatch } from './match-dir.ts';

const BIN = fileURLToPath(new URL('../../bin/xix.js', import.meta.url));
let dir: string;

function xix(env: Record<string, string>, ...args: string[]): { code: number | null; stdout: string; stderr: string } {
  const run = spawnSync(process.execPath, [BIN, ...args], { cwd: dir, encoding: 'utf8', env: { ...process.env, NO_COLOR: '1', XIX_TOKEN: '', ...env } });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

function expectOneLineError(run: ReturnType<typeof xix>, pattern: RegExp): void {
  expect(run.code).toBe(1);
  const lines = run.stderr.trimEnd().split('\n');
  expect(lines).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
}

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A match folder as `xix fetch` writes it: a local game between house examples (heuristic is deterministic). */
function matchFolder(name: string, replay: Replay, seats: FetchedMatch['seats'], botSeeds?: readonly number[]): string {
  const folder = path.join(dir, name);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'replay.json'), JSON.stringify(replay));
  const fetched: FetchedMatch = { match: 's1.0', server: 'http://127.0.0.1:1', game: 'xix', seats, ...(botSeeds !== undefined && { botSeeds }) };
  writeFileSync(path.join(folder, 'match.json'), JSON.stringify(fetched));
  return folder;
}

/** A seat as fetch writes it for a house bot: its source downloaded into the folder. */
function house(folder: string, name: string): FetchedMatch['seats'][number] {
  const source = fileURLToPath(new URL(`../../../../sdk/examples/xix/${name}.ts`, import.meta.url));
  mkdirSync(path.join(dir, folder, `${name}-v1`), { recursive: true });
  copyFileSync(source, path.join(dir, folder, `${name}-v1`, `${name}.ts`));
  return { bot: 'b1', version: 1, name, owner: 'house', source: { kind: 'files', dir: `${name}-v1`, entry: `${name}.ts` } };
}
let played: Replay;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'xix-platform-cli-'));
  played = playMatch({ game, setup: game.randomSetup(42, 2), seed: 42, players: [trustedPlayer(heuristic, 'heuristic'), trustedPlayer(heuristic, 'heuristic')] }).replay;
});

afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('platform commands without a server', () => {
  it('commands that need a login say to log in, in one line', () => {
    const env = { XIX_CONFIG_DIR: path.join(dir, 'nobody') };
    expectOneLineError(xix(env, 'upload', 'bot.ts'), /^xix: not logged in: run xix login URL --name NAME/);
    expectOneLineError(xix(env, 'bots', '--mine'), /^xix: not logged in/);
    expectOneLineError(xix(env, 'bots'), /^xix: which server\? give --server URL, set XIX_SERVER, or log in with xix login URL$/);
    expectOneLineError(xix(env, 'fetch', 's1.0'), /^xix: not logged in/);
    expectOneLineError(xix(env, 'challenge', 'b1', 'b2'), /^xix: not logged in/);
    expectOneLineError(xix(env, 'challenge', 'mine', 'b2'), /^xix: BOT must be a bot id such as b7/);
    expectOneLineError(xix(env, 'challenge', 'b1', 'b2', '--deals', '0'), /^xix: --deals must be a whole number from 1 to 50, got 0$/);
  });

  it('an unreachable server and a bad address are one line each, and leave no login behind', async () => {
    const env = { XIX_CONFIG_DIR: path.join(dir, 'unreachable') };
    const port = await closedPort();
    expectOneLineError(xix(env, 'login', `http://127.0.0.1:${port}`, '--name', 'alice'), new RegExp(`^xix: cannot reach the server at http://127.0.0.1:${port} \\(ECONNREFUSED\\)$`));
    expectOneLineError(xix(env, 'login', 'ftp://x', '--name', 'alice'), /must be http:\/\/ or https:\/\//);
    expectOneLineError(xix(env, 'login', 'http://127.0.0.1:1'), /give --name NAME .*, or an existing user's token: in XIX_TOKEN, on standard input with --token -, or as --token TOKEN$/);
    expectOneLineError(xix(env, 'login', 'http://127.0.0.1:1', '--name', 'alice', '--token', 't'), /give either --name NAME .* or --token TOKEN .*, not both$/);
    expectOneLineError(xix(env, 'login', 'http://127.0.0.1:1', '--name', 'Bad Name'), /--name must be 3 to 32 characters/);
    writeLogin({ url: `http://127.0.0.1:${port}`, token: 't', name: 'alice' }, env);
    expectOneLineError(xix(env, 'matches'), /^xix: cannot reach the server/);
    // Names the server would refuse are refused before anything is sent, with what to do.
    writeFileSync(path.join(dir, 'MyBot.ts'), 'export default {};\n');
    expectOneLineError(xix(env, 'upload', 'MyBot.ts'), /^xix: the bot's name "MyBot" \(from its file name\) must be 3 to 32 characters: .*; give one with --name NAME$/);
    expectOneLineError(xix(env, 'upload', 'MyBot.ts', '--name', 'my bot'), /^xix: --name "my bot" must be 3 to 32 characters/);
    expectOneLineError(xix(env, 'upload', 'MyBot.ts', '--name', 'mybot'), /^xix: cannot reach the server/);
    // logging out revokes the token on the server: unreachable, the login stays unless --local
    expectOneLineError(xix(env, 'logout'), /^xix: not logged out: cannot reach the server at .*; the token is still saved and works \(xix logout --local forgets it without revoking it\)$/);
    expect(xix(env, 'logout', '--local').stdout).toMatch(/^logged out of http:\/\/127\.0\.0\.1:\d+ \(alice\) here only: the token was not revoked/);
    expect(xix(env, 'logout').stdout).toBe('not logged in\n');
  });
});

describe('xix play --match', () => {
  it('re-plays a fetched match in the sandbox to the same game', () => {
    const folder = matchFolder('same', played, [house('same', 'heuristic'), house('same', 'heuristic')]);
    const run = xix({}, 'play', '--match', folder);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`re-ran s1.0 locally: the same game: winner seat ${played.result.winner} (heuristic), points ${played.result.points.join('-')}, ${played.moves.length} moves`);
    const rerun = parseReplay(JSON.parse(readFileSync(path.join(folder, 'rerun.json'), 'utf8')));
    expect(firstDifference(played, rerun)).toBeNull();
  });

  it('says where a re-run differs: other bots than the server\'s play another game', () => {
    const folder = matchFolder('other', played, [house('other', 'random'), house('other', 'heuristic')]);
    expectOneLineError(xix({}, 'play', '--match', folder), /^xix: re-run of s1\.0 differs from the server's game: (move \d+|the server's game has|result)/);
  });

  it('asks for the bot of a seat whose source is not the user\'s, and takes it with --seat', () => {
    const stranger = { bot: 'b9', version: 3, name: 'secret', owner: 'bob', source: { kind: 'none' } } as const;
    const folder = matchFolder('stranger', played, [house('stranger', 'heuristic'), stranger]);
    expectOneLineError(xix({}, 'play', '--match', folder), /seat 1 plays secret \(b9 v3, owned by bob\), whose source is not yours: give a bot for it with --seat 1=FILE/);
    const local = fileURLToPath(new URL('../../../../sdk/examples/xix/heuristic.ts', import.meta.url));
    const run = xix({}, 'play', '--match', folder, '--seat', `1=${local}`);
    expect(run.stderr).toBe('');
    expect(run.stdout).toContain('the same game');
    expectOneLineError(xix({}, 'play', '--match', folder, '--seat', `2=${local}`), /--seat takes SEAT=FILE with a seat from 0 to 1/);
    expectOneLineError(xix({}, 'play', '--match', path.join(dir, 'nowhere')), /no match\.json in .*: download a match with xix fetch/);
  });
});

describe('xix replay rerun on a fetched replay', () => {
  it('gives the bot the server\'s seed from match.json, so a bot using randomness draws as it did on the platform', () => {
    // The platform seeds bots from a secret key: the local key would give random other draws.
    const key = 'the server\'s secret';
    const replay = playMatch({ game, setup: game.randomSetup(5, 2), seed: 5, botSeedKey: key, players: [trustedPlayer(random, 'random'), trustedPlayer(heuristic, 'heuristic')] }).replay;
    const seeds = [0, 1].map((seat) => botSeed(key, 5, seat as 0 | 1));
    const folder = matchFolder('seeded', replay, [house('seeded', 'random'), house('seeded', 'heuristic')], seeds);
    const last = replay.moves.flatMap((m, i) => (m.seat === 0 ? [i + 1] : [])).at(-1)!;
    const run = xix({}, 'replay', 'rerun', path.join(folder, 'replay.json'), 'random', '--move', String(last));
    expect(run.stderr).toBe('');
    expect(run.stdout).not.toContain('answered differently');
    const then = /then: random answered (.+)$/m.exec(run.stdout)?.[1];
    const now = /now: {2}random answers (.+) \(legal\)$/m.exec(run.stdout)?.[1];
    expect(then).toMatch(/^\w+/);
    expect(now).toBe(then);
    expect(run.stdout).toContain(`(the bot's seed is the server's, from ${path.join(folder, 'match.json')}`);
  });
});

describe('firstDifference', () => {
  it('names the first differing move, a shorter game, and a different result', () => {
    const moves = played.moves;
    const changed = { ...played, moves: [moves[0]!, { ...moves[1]!, action: { type: 'raise' } }, ...moves.slice(2)] };
    expect(firstDifference(played, changed)).toMatch(/^move 2: /);
    expect(firstDifference(played, { ...played, moves: moves.slice(0, -1) })).toMatch(/has \d+ moves, the re-run \d+$/);
    const points = [...played.result.points].reverse();
    expect(firstDifference(played, { ...played, result: { ...played.result, points } })).toMatch(/^result: /);
    expect(firstDifference(played, { ...played, moves: moves.map((m) => ({ ...m, ms: 0 })) })).toBeNull();
  });
});

describe('xix login with a token kept off the command line', () => {
  let platform: FakePlatform;
  beforeAll(async () => {
    platform = await startFakePlatform();
    platform.answers.set('/api/me', { name: 'alice' });
  });
  afterAll(() => platform.close());

  const loggedIn = (configDir: string) => readLogin({ XIX_CONFIG_DIR: configDir });

  it('takes the token from XIX_TOKEN', async () => {
    const config = path.join(dir, 'env-token');
    const run = await runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: config, XIX_TOKEN: 'from-the-env' } }, 'login', platform.url);
    expect(run.stderr).toBe('');
    expect(run.stdout).toMatch(/^logged in to http:\/\/127\.0\.0\.1:\d+ as alice; the token is saved in /);
    expect(platform.requests.at(-1)).toEqual({ method: 'GET', path: '/api/me', authorization: 'Bearer from-the-env', body: '' });
    expect(loggedIn(config)).toEqual({ ok: true, login: { url: platform.url, token: 'from-the-env', name: 'alice' } });
  });

  it('takes the token from standard input with --token -, and refuses an empty or a spaced one in one line', async () => {
    const config = path.join(dir, 'stdin-token');
    const run = await runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: config, XIX_TOKEN: '' }, stdin: 'from-stdin\n' }, 'login', platform.url, '--token', '-');
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    expect(platform.requests.at(-1)?.authorization).toBe('Bearer from-stdin');
    expect(loggedIn(config)).toMatchObject({ ok: true, login: { token: 'from-stdin' } });

    const empty = await runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: path.join(dir, 'no-token'), XIX_TOKEN: '' }, stdin: '' }, 'login', platform.url, '--token', '-');
    expectOneLineError(empty, /^xix: no token in standard input \(--token -\)$/);
    const spaced = await runXixAsync({ cwd: dir, env: { XIX_CONFIG_DIR: path.join(dir, 'no-token'), XIX_TOKEN: '' }, stdin: 'two words\n' }, 'login', platform.url, '--token', '-');
    expectOneLineError(spaced, /^xix: the token in standard input \(--token -\) has spaces/);
    expect(existsSync(path.join(dir, 'no-token'))).toBe(false);
  });
});

/** A bot that prints at every decision, including a line that looks like the worker's entry prefix. */
const CHATTY_SOURCE = `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide(view) { console.log('legal', view.legalActions.length); console.log('[move 1] said by the bot'); return view.legalActions[0]!; } });\n`;
const chatty = {
  decide(view: XixSeatView) {
    console.log('legal', view.legalActions.length);
    console.log('[move 1] said by the bot');
    return view.legalActions[0]!;
  },
};

describe('xix fetch', () => {
  let platform: FakePlatform;
  let record: MatchRecord;
  beforeAll(async () => {
    platform = await startFakePlatform();
    record = playMatch({ game, setup: game.randomSetup(7, 2), seed: 7, players: [trustedPlayer(chatty, 'chatty'), trustedPlayer(heuristic, 'heuristic')] });
    // The logs as the worker stores them (one text per seat), from the worker's own code.
    const series = { id: 's1', game: 'xix', kind: 'challenge', rated: false, entrants: [{ bot: 'b1', version: 1 }, { bot: 'b2', version: 1 }], seats: 2, options: {}, seed: 7 } as unknown as StoredSeries;
    const hostGame: HostGame = { index: 0, rotation: 0, record };
    const stored = matchInput(series, [{ name: 'chatty', code: '' }, { name: 'heuristic', code: '' }], hostGame, 0, 0);
    const heuristicSource = readFileSync(fileURLToPath(new URL('../../../../sdk/examples/xix/heuristic.ts', import.meta.url)), 'utf8');
    for (const [route, body] of Object.entries({
      '/api/matches/s1.0': { id: 's1.0', game: 'xix', entrants: stored.entrants, botSeeds: [11, 12] },
      '/api/matches/s1.0/replay': record.replay,
      // The server gives the logs of the caller's own seats only.
      '/api/matches/s1.0/logs': { logs: [{ seat: 0, text: stored.logs[0] }] },
      '/api/bots/b1': { id: 'b1', game: 'xix', owner: 'alice', name: 'chatty' },
      '/api/bots/b2': { id: 'b2', game: 'xix', owner: 'house', name: 'heuristic' },
      '/api/bots/b1/versions/1/source': { entry: 'chatty.ts', files: { 'chatty.ts': CHATTY_SOURCE } },
      '/api/bots/b2/versions/1/source': { entry: 'heuristic.ts', files: { 'heuristic.ts': heuristicSource } },
    })) platform.answers.set(route, body);
  });
  afterAll(() => platform.close());

  it('writes what the bot printed as replay.log, which replay show --seat shows at each of its moves', async () => {
    const env = { XIX_CONFIG_DIR: path.join(dir, 'fetcher') };
    writeLogin({ url: platform.url, token: 't', name: 'alice' }, env);
    const fetched = await runXixAsync({ cwd: dir, env }, 'fetch', 's1.0', '--out', 'fetched');
    expect(fetched.stderr).toBe('');
    expect(fetched.code).toBe(0);
    expect(fetched.stdout).toContain('replay.log (what your bots printed: xix replay show fetched/replay.json --seat N)');
    expect(existsSync(path.join(dir, 'fetched', 'seat-0.log'))).toBe(false);
    expect(JSON.parse(readFileSync(path.join(dir, 'fetched', 'match.json'), 'utf8')).botSeeds).toEqual([11, 12]);

    const show = xix({}, 'replay', 'show', 'fetched/replay.json', '--seat', '0');
    expect(show.stderr).toBe('');
    expect(show.code).toBe(0);
    expect(show.stdout).toContain(`bot output from fetched${path.sep}replay.log`);
    const blocks = new Map(show.stdout.split(/^(?=move \d+: )/m).map((block) => [Number(/^move (\d+): /.exec(block)?.[1]), block]));
    const seatMoves = record.logs.filter((log) => log.seat === 0);
    expect(seatMoves.length).toBe(record.replay.moves.filter((m) => m.seat === 0).length);
    for (const log of seatMoves) {
      const printed = log.text.trimEnd().split('\n').map((line) => `  | ${line}`).join('\n');
      expect(blocks.get(log.move), `move ${log.move}`).toContain(printed);
    }
  });
});
