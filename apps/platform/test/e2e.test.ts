/**
 * The platform end to end, as a user meets it: real Redis (a prefix of its own), the real server
 * on a real port, a real worker process, and the real `xix` command. A user registers, uploads a
 * bot that becomes active, one that does not compile (nothing stored) and one that forfeits
 * (rejected, with its failing replay), challenges a house bot, reads the matches, verifies every
 * replay with the engine, and re-runs a fetched match locally to the same game.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { parseReplay, verifyReplay, type Replay } from '@xix/engine';
import { buildServer, registerHouseBots } from '@xix/server';
import { createStore, queuePrefix, SERIES_QUEUE } from '@xix/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../../store/test/until.ts';
import { deletePrefix, testBlobs } from '../../store/test/world.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const BIN = path.join(ROOT, 'apps/cli/bin/xix.js');
const WORKER = path.join(ROOT, 'apps/worker/src/main.ts');
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Long enough for a validation (eight sandboxed games) on a busy two-core machine. */
const WAIT_MS = 120_000;

const prefix = `t-e2e-${Math.random().toString(36).slice(2, 10)}`;
const dir = mkdtempSync(path.join(tmpdir(), 'xix-e2e-'));
const env = { ...process.env, NO_COLOR: '1', XIX_CONFIG_DIR: path.join(dir, 'config') };
let redis: Redis;
/** The queue's own connection: BullMQ does not close a connection it was handed. */
let queueConnection: Redis;
let queue: Queue;
let server: Awaited<ReturnType<typeof buildServer>>;
let worker: ChildProcess;
let workerOutput = '';
let url: string;

/** The `xix` command, spawned as a user runs it; asynchronously, since the server answers from this process. */
async function xix(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return xixWithEnv({}, ...args);
}

async function xixWithEnv(extra: Record<string, string>, ...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, [BIN, ...args], { cwd: dir, env: { ...env, ...extra }, stdio: ['ignore', 'pipe', 'pipe'], timeout: WAIT_MS });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const [code] = (await once(child, 'close')) as [number | null];
  return { code, stdout, stderr };
}

async function api<T>(route: string, init: { method?: string; body?: unknown; token?: string } = {}): Promise<{ status: number; body: T }> {
  const response = await fetch(`${url}${route}`, {
    method: init.method ?? 'GET',
    headers: { ...(init.body !== undefined && { 'content-type': 'application/json' }), ...(init.token !== undefined && { authorization: `Bearer ${init.token}` }) },
    ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
  });
  return { status: response.status, body: (await response.json()) as T };
}

function bot(name: string, source: string): string {
  writeFileSync(path.join(dir, name), source);
  return name;
}

const FIRST_LEGAL = `import { defineXixBot } from '@xix/sdk';\nimport { choose } from './choose.ts';\nexport default defineXixBot({ decide: (view) => choose(view.legalActions) });\n`;
const CHOOSE = `export function choose<T>(actions: readonly T[]): T {\n  console.log('choosing from', actions.length);\n  return actions[0]!;\n}\n`;
const BROKEN = `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! ;; ) });\n`;
const THROWS = `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide() { throw new Error('I give up'); } });\n`;
const TYPO = `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions.at(0) });\n`;

beforeAll(async () => {
  redis = new Redis(REDIS_URL);
  const store = createStore(redis, { prefix, blobs: testBlobs });
  queueConnection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  queue = new Queue(SERIES_QUEUE, { connection: queueConnection, prefix: queuePrefix(prefix) });
  await registerHouseBots(store);
  server = await buildServer({ store, queue, config: { uploadRate: 1000 } });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  url = `http://127.0.0.1:${address.port}`;
  worker = spawn(process.execPath, ['--no-node-snapshot', WORKER], { env: { ...process.env, REDIS_URL, XIX_PREFIX: prefix, LOG_LEVEL: 'warn' }, stdio: ['ignore', 'pipe', 'pipe'] });
  worker.stdout!.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
  worker.stderr!.on('data', (chunk: Buffer) => (workerOutput += chunk.toString()));
});

afterAll(async () => {
  if (worker !== undefined && worker.exitCode === null) {
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGTERM');
    await Promise.race([exited, sleep(15_000)]);
    if (worker.exitCode === null) worker.kill('SIGKILL');
  }
  await server?.close();
  await queue?.close();
  await queueConnection?.quit();
  // Everything this test wrote: the store's keys and the queue's, and the folder (its config.json holds a token).
  await deletePrefix(redis, prefix);
  await redis?.quit();
  rmSync(dir, { recursive: true, force: true });
});

// A test waits up to WAIT_MS for a validation or a challenge, past vitest's default 60 s.
describe('the platform end to end', { timeout: WAIT_MS + 30_000 }, () => {
  let token: string;
  let goodBot: string;

  it('registers a user with xix login, and refuses a wrong token in one line', async () => {
    const login = await xix('login', url, '--name', 'alice');
    expect(login.stderr).toBe('');
    expect(login.code).toBe(0);
    token = /token \(shown once, keep it secret\): (\S+)/.exec(login.stdout)![1]!;
    const me = await api<{ name: string }>('/api/me', { token });
    expect(me).toMatchObject({ status: 200, body: { name: 'alice' } });
    expect(JSON.parse(readFileSync(path.join(dir, 'config', 'config.json'), 'utf8'))).toEqual({ url, token, name: 'alice' });

    const again = await xix('login', url, '--name', 'alice');
    expect(again.code).toBe(1);
    expect(again.stderr.trim().split('\n')).toHaveLength(1);
    expect(again.stderr).toMatch(/409/);
    // A failed login leaves the good one in place.
    expect(JSON.parse(readFileSync(path.join(dir, 'config', 'config.json'), 'utf8')).token).toBe(token);

    const wrong = await xix('login', url, '--token', 'not-a-token');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/^xix: the server refused your token .*: run xix login again\n$/);

    // The token from the environment, off the command line (and out of ps).
    const fromEnv = await xixWithEnv({ XIX_TOKEN: token }, 'login', url);
    expect(fromEnv.stderr).toBe('');
    expect(fromEnv.stdout).toMatch(new RegExp(`^logged in to ${url.replace(/\./g, '\\.')} as alice; `));
    expect(JSON.parse(readFileSync(path.join(dir, 'config', 'config.json'), 'utf8'))).toEqual({ url, token, name: 'alice' });
  });

  it('uploads a bot in two files: it validates and becomes active', async () => {
    bot('choose.ts', CHOOSE);
    const upload = await xix('upload', bot('firstbot.ts', FIRST_LEGAL), '--name', 'firstbot', '--wait', String(WAIT_MS / 1000));
    expect(upload.stderr).toBe('');
    expect(upload.code).toBe(0);
    goodBot = /uploaded firstbot as (b\d+) version 1 \(2 files/.exec(upload.stdout)![1]!;
    expect(upload.stdout).toContain(`${goodBot} version 1 is active`);
    const detail = await api<{ owner: string; active: number; versions: { state: string }[] }>(`/api/bots/${goodBot}`);
    expect(detail.body).toMatchObject({ owner: 'alice', active: 1, versions: [{ state: 'active' }] });
    const mine = await xix('bots', '--mine');
    expect(mine.stdout).toMatch(new RegExp(`^${goodBot}\\s+firstbot\\s+alice\\s+xix\\s+v1\\s`, 'm'));
    const source = await api<{ entry: string; files: Record<string, string> }>(`/api/bots/${goodBot}/versions/1/source`, { token });
    expect(source.body).toEqual({ entry: 'firstbot.ts', files: { 'firstbot.ts': FIRST_LEGAL, 'choose.ts': CHOOSE } });
  });

  it('a bot that does not compile: file:line:column on stderr, exit 1, nothing stored', async () => {
    const upload = await xix('upload', bot('broken.ts', BROKEN));
    expect(upload.code).toBe(1);
    expect(upload.stderr).toMatch(/^broken\.ts:2:\d+: error: /m);
    expect(upload.stderr).toMatch(/^xix: broken does not compile \(\d+ errors?\); nothing was stored$/m);
    const mine = await api<{ bots: { name: string }[] }>('/api/bots?owner=alice');
    const names = mine.body.bots.map((b) => b.name);
    expect(names).toEqual(['firstbot']);
  });

  it('a bot that forfeits is rejected with the verdict, the message and the failing replay', async () => {
    const upload = await xix('upload', bot('quitter.ts', THROWS), '--wait', String(WAIT_MS / 1000));
    expect(upload.code).toBe(1);
    expect(upload.stdout).toMatch(/version 1 was rejected \(error\): .*I give up/);
    const failing = /failing game: (\S+)\/api\/matches\/(s\d+\.\d+)\/replay/.exec(upload.stdout);
    expect(failing?.[1]).toBe(url);
    const replay = parseReplay((await api<unknown>(`/api/matches/${failing![2]}/replay`)).body);
    expect(verifyReplay(replay)).toMatchObject({ ok: true, result: replay.result });
    expect(replay.forfeit).toMatchObject({ verdict: 'error' });
    expect(replay.seats[replay.forfeit!.seat]?.name).toBe('quitter');
    expect(upload.stderr).toMatch(/^xix: b\d+ version 1 was not accepted\n$/);
  });

  it('issue 17 item 1: a bot with a type error is rejected by its type-check, shown at file:line:column as xix check does, and never played', async () => {
    const upload = await xix('upload', bot('typo.ts', TYPO), '--wait', String(WAIT_MS / 1000));
    expect(upload.code).toBe(1);
    expect(upload.stdout).toMatch(/^b\d+ version 1 was rejected: 1 type error \(as xix check shows them; it was never played\):\n {2}typo\.ts:2:\d+ error TS2322: Type 'XixAction \| undefined' is not assignable to type 'XixAction'/m);
    expect(upload.stderr).toMatch(/^xix: b\d+ version 1 was not accepted\n$/);
    const typo = /^(b\d+) version 1 was rejected/m.exec(upload.stdout)![1]!;
    const detail = await api<{ active: number | null; versions: { state: string; verdict: string; diagnostics: unknown[] }[] }>(`/api/bots/${typo}`);
    expect(detail.body).toMatchObject({ active: null, versions: [{ state: 'rejected', verdict: 'type_error', diagnostics: [{ file: 'typo.ts', line: 2 }] }] });
    expect((await api<{ matches: unknown[] }>(`/api/matches?bot=${typo}`)).body.matches).toEqual([]);
  });

  it('challenges the house random bot; every replay verifies; a fetched match re-runs locally to the same game', async () => {
    const house = await api<{ bots: { id: string; name: string }[] }>('/api/bots?owner=house');
    // random: its moves follow its seed, so the re-run is the same game only with the server's bot seeds
    const random = house.body.bots.find((b) => b.name === 'random')!;
    const challenge = await xix('challenge', goodBot, random.id, '--deals', '2');
    expect(challenge.code).toBe(0);
    const seriesId = /^queued (s\d+): 4 games/.exec(challenge.stdout)![1]!;
    const series = await until('the challenge', () => api<{ status: string; matches: string[]; games: number; rated: boolean }>(`/api/series/${seriesId}`).then((r) => r.body), (s) => s.status === 'done' || s.status === 'failed', { timeoutMs: WAIT_MS, everyMs: 250, context: () => `worker said: ${workerOutput.slice(-2000)}` });
    expect(series).toMatchObject({ status: 'done', games: 4 });
    expect(series.matches).toHaveLength(4);

    const listed = await xix('matches', '--bot', goodBot, '--limit', '50');
    expect(listed.code).toBe(0);
    for (const id of series.matches) expect(listed.stdout).toContain(id);

    const replays = new Map<string, Replay>();
    for (const id of series.matches) {
      const replay = parseReplay((await api<unknown>(`/api/matches/${id}/replay`)).body);
      expect(verifyReplay(replay), id).toMatchObject({ ok: true, result: replay.result });
      replays.set(id, replay);
    }

    const id = series.matches[1]!;
    const fetched = await xix('fetch', id, '--out', 'fetched');
    expect(fetched.stderr).toBe('');
    expect(fetched.code).toBe(0);
    expect(fetched.stdout).toContain('re-run it locally: xix play --match fetched\n');
    expect(readFileSync(path.join(dir, 'fetched', `${goodBot}-v1`, 'choose.ts'), 'utf8')).toBe(CHOOSE);
    // The logs of the user's own seat only (the house bot's are not theirs), in replay.log, beside
    // the replay, where replay show --seat finds them: what the bot printed at each of its moves.
    const ownSeat = (await api<{ entrants: { bot: string }[] }>(`/api/matches/${id}`)).body.entrants.findIndex((e) => e.bot === goodBot);
    const log = readFileSync(path.join(dir, 'fetched', 'replay.log'), 'utf8');
    expect(log).toMatch(new RegExp(`^move \\d+, seat ${ownSeat} \\(firstbot\\):\nchoosing from \\d+$`, 'm'));
    expect(log).not.toContain(`seat ${1 - ownSeat} (`);
    expect(existsSync(path.join(dir, 'fetched', `seat-${ownSeat}.log`))).toBe(false);
    const shown = await xix('replay', 'show', 'fetched/replay.json', '--seat', String(ownSeat));
    expect(shown.stderr).toBe('');
    const ownMoves = replays.get(id)!.moves.flatMap((m, i) => (m.seat === ownSeat ? [i + 1] : []));
    const blocks = new Map(shown.stdout.split(/^(?=move \d+: )/m).map((block) => [Number(/^move (\d+): /.exec(block)?.[1]), block]));
    for (const k of ownMoves) expect(blocks.get(k), `move ${k}`).toMatch(/^ {2}\| choosing from \d+$/m);
    const rerun = await xix('play', '--match', 'fetched');
    expect(rerun.stderr).toBe('');
    expect(rerun.code).toBe(0);
    const original = replays.get(id)!;
    const local = parseReplay(JSON.parse(readFileSync(path.join(dir, 'fetched', 'rerun.json'), 'utf8')));
    expect(local.result).toEqual(original.result);
    expect(local.moves.map((m) => [m.seat, m.action])).toEqual(original.moves.map((m) => [m.seat, m.action]));
    expect(rerun.stdout).not.toContain('no bot seeds');
    expect(rerun.stdout).toContain(`re-ran ${id} locally: the same game: winner seat ${original.result.winner}`);
  });
});
