/**
 * `npm start` as a user runs it: with its own redis-server on a fresh data directory it brings up
 * a healthy server with one worker, a Ctrl-C to its process group ends every process it started,
 * and a second start on the same directory finds the data and the house bots (registered by the
 * server, as in Docker, and only listed by the launcher) again; its ladder plays every game's
 * house bots, Nineteen's too. Without a Redis it can reach, it stops with one message saying what
 * to do. A REDIS_URL's password never appears in its output.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { houseBotFiles } from '@xix/sdk/files';
import { houseBotName, houseGames } from '@xix/server';
import { afterAll, describe, expect, it } from 'vitest';
import { launcherConfig } from '../src/config.ts';
import { findRedis } from '../src/find-redis.ts';
import { freePort, redisAnswers } from '../src/redis-server.ts';
import { until } from '../../store/test/until.ts';

const START = fileURLToPath(new URL('../src/start.ts', import.meta.url));
const dataDir = mkdtempSync(path.join(tmpdir(), 'xix-launcher-'));

interface Launch {
  readonly child: ChildProcess;
  readonly exited: Promise<number | null>;
  output(): string;
  /** Resolves with the output once `text` appears in it. */
  waitFor(text: string): Promise<string>;
}

function launch(env: Record<string, string>): Launch {
  // detached: its own process group, so the test can send a Ctrl-C to the group as a terminal does.
  const child = spawn(process.execPath, ['--no-node-snapshot', START], { env: { ...process.env, LOG_LEVEL: 'warn', ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  let output = '';
  const waiters: { text: string; resolve: (output: string) => void }[] = [];
  const read = (chunk: Buffer): void => {
    output += chunk.toString('utf8');
    for (const waiter of waiters.filter((w) => output.includes(w.text))) waiter.resolve(output);
  };
  child.stdout?.on('data', read);
  child.stderr?.on('data', read);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return {
    child,
    exited,
    output: () => output,
    waitFor: (text) =>
      new Promise((resolve, reject) => {
        if (output.includes(text)) return resolve(output);
        waiters.push({ text, resolve });
        void exited.then(() => reject(new Error(`the launcher exited before "${text}":\n${output}`)));
      }),
  };
}

const alive = (pid: number): boolean => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** SIGKILL to a process or (negative) a group that may be gone already. */
function signal(pid: number): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // gone
  }
}

/** Processes whose working directory is in `dir` (Linux /proc). */
function workingIn(dir: string): number[] {
  return readdirSync('/proc').filter((name) => /^\d+$/.test(name)).map(Number).filter((pid) => {
    try {
      return readlinkSync(`/proc/${pid}/cwd`).startsWith(dir);
    } catch {
      return false;
    }
  });
}

async function json(url: string, init?: RequestInit): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(url, init);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('npm start', () => {
  const launches: Launch[] = [];
  afterAll(async () => {
    // after a failed test, whatever is left: a launcher's group outlives the launcher (its server
    // and worker), and its redis-server has a group of its own but works in the data directory
    for (const l of launches) signal(-l.child.pid!);
    for (const pid of workingIn(dataDir)) signal(pid);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('runs everything on its own redis-server, stops it all on Ctrl-C, and finds it all again', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const env = { REDIS_URL: 'own', XIX_DATA_DIR: dataDir, PORT: String(port) };

    const first = launch(env);
    launches.push(first);
    const output = await first.waitFor('xix: ready at');
    expect(output).toContain('started redis-server');
    // The launcher registers nothing itself: it lists what the server registered.
    const houseLine = (text: string): string | undefined => /^xix: (house bots .*)$/m.exec(text)?.[1];
    const houseBots = (await json(`${url}/api/bots?owner=house`)).body.bots as { id: string; name: string; active: number }[];
    expect(houseLine(output)).toBe(`house bots ${houseBots.map((bot) => `${bot.name}=${bot.id}v${bot.active}`).join(', ')}`);
    // every game's house bots, in the registry's order, each game's by the SDK's folder convention
    const expected = houseGames().flatMap((game) => houseBotFiles(game).map((bot) => `${houseBotName(game, bot.name)}=b\\d+v1`)).join(', ');
    expect(houseLine(output)).toMatch(new RegExp(`^house bots ${expected}$`));
    expect(houseLine(output)).toMatch(/^house bots random=b\d+v1, heuristic=b\d+v1, search=b\d+v1, random-1923=b\d+v1, heuristic-1923=b\d+v1, /);
    // (random-nim: the fixture game, registered under the test-only switch the launcher and its children inherit)
    const pids = /pids: launcher (\d+), server (\d+), worker (\d+), redis (\d+)/.exec(output)!.slice(1).map(Number);
    expect(pids).toHaveLength(4);
    const health = await json(`${url}/api/health`);
    expect(health).toMatchObject({ status: 200, body: { ok: true, workers: 1 } });
    // the ladder plays every game, Nineteen too: heads up between its house bots (issue 18)
    const nineteen = await until('a ladder game of Nineteen', async () => ((await json(`${url}/api/matches?game=nineteen`)).body.matches ?? []) as { kind: string; variant: string }[], (matches) => matches.length > 0, { timeoutMs: 90_000 });
    expect(nineteen[0]).toMatchObject({ kind: 'ladder', variant: 'heads-up' });
    expect((await json(`${url}/api/users`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'returning' }) })).status).toBe(201);
    // the children keep replays in XIX_DATA_DIR's blob store (issue 24), whatever their working directory:
    // the ladder's first game is there, and the server reads it back
    const [stored] = await until('a ladder game', async () => (await json(`${url}/api/matches?limit=1`)).body.matches as { id: string; kind: string }[], (matches) => matches.length > 0, { timeoutMs: 60_000, everyMs: 200 });
    expect(readdirSync(path.join(dataDir, 'blobs', 'xix', 'games', stored!.kind), { recursive: true }).map(String).some((name) => name.endsWith(`${stored!.id}.json.gz`))).toBe(true);
    expect((await fetch(`${url}/api/matches/${stored!.id}/replay`)).status).toBe(200);

    process.kill(-first.child.pid!, 'SIGINT');
    expect(await first.exited).toBe(0);
    expect(first.output()).toContain('stopping our redis-server');
    for (const pid of pids) expect(alive(pid), `process ${pid} still runs`).toBe(false);

    const second = launch(env);
    launches.push(second);
    const again = await second.waitFor('xix: ready at');
    expect(houseLine(again)).toBe(houseLine(output));
    expect(await json(`${url}/api/users/returning`)).toMatchObject({ status: 200, body: { name: 'returning' } });
    process.kill(second.child.pid!, 'SIGTERM');
    expect(await second.exited).toBe(0);
  });

  it('after a launcher is killed, its worker stops too and the next start takes over its redis-server', async () => {
    const port = await freePort();
    const dir = mkdtempSync(path.join(tmpdir(), 'xix-launcher-killed-'));
    const env = { REDIS_URL: 'own', XIX_DATA_DIR: dir, PORT: String(port) };
    const killed = launch(env);
    launches.push(killed);
    const [, server, worker, redisPid] = /pids: launcher (\d+), server (\d+), worker (\d+), redis (\d+)/.exec(await killed.waitFor('xix: ready at'))!.slice(1).map(Number);
    killed.child.kill('SIGKILL');
    await killed.exited;
    // The server has no lifeline: a killed launcher leaves it (and its port) behind.
    process.kill(server!, 'SIGTERM');
    const deadline = Date.now() + 30_000;
    while ((alive(worker!) || alive(server!)) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(worker!), 'the worker outlived its launcher').toBe(false);
    expect(alive(redisPid!)).toBe(true);

    const next = launch(env);
    launches.push(next);
    expect(await next.waitFor('xix: ready at')).toContain('our redis-server from a previous start');
    process.kill(-next.child.pid!, 'SIGINT');
    expect(await next.exited).toBe(0);
    while (alive(redisPid!) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(alive(redisPid!), 'the adopted redis-server was not stopped').toBe(false);
    rmSync(dir, { recursive: true, force: true });
  });

  it('says how to get Redis when none can be found or started', async () => {
    // REDIS_URL=own with no redis-server on the PATH (only node's own folder).
    const noRedis = launch({ REDIS_URL: 'own', XIX_DATA_DIR: dataDir, PATH: path.dirname(process.execPath) });
    expect(await noRedis.exited).toBe(1);
    expect(noRedis.output()).toContain('sudo apt-get install redis-server');
    expect(noRedis.output()).toContain('docker compose up -d redis');

    const nowhere = `redis://127.0.0.1:${await freePort()}`;
    const unreachable = launch({ REDIS_URL: nowhere, XIX_DATA_DIR: dataDir });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.output()).toContain(`Redis does not answer at REDIS_URL=${nowhere}`);
  });

  it('prints a REDIS_URL without its password, whether Redis answers or not', async () => {
    const port = await freePort();
    const unreachable = launch({ REDIS_URL: `redis://alice:s3cret@127.0.0.1:${port}`, XIX_DATA_DIR: dataDir });
    expect(await unreachable.exited).toBe(1);
    expect(unreachable.output()).toContain(`Redis does not answer at REDIS_URL=redis://:***@127.0.0.1:${port}`);
    const malformed = launch({ REDIS_URL: 'http://:s3cret@127.0.0.1:6379', XIX_DATA_DIR: dataDir });
    expect(await malformed.exited).toBe(1);
    expect(malformed.output()).toContain('REDIS_URL must be a redis:// URL or "own", got "http://:***@127.0.0.1:6379"');
    for (const output of [unreachable.output(), malformed.output()]) expect(output).not.toContain('s3cret');

    // A Redis that wants the password: the launcher connects with it and shows it blanked out.
    const secured = spawn('redis-server', ['--port', String(port), '--requirepass', 's3cret', '--save', '', '--appendonly', 'no', '--dir', dataDir], { stdio: 'ignore' });
    try {
      const url = `redis://:s3cret@127.0.0.1:${port}`;
      while (!(await redisAnswers(url, 500))) await new Promise((resolve) => setTimeout(resolve, 50));
      const found = await findRedis(launcherConfig({ REDIS_URL: url, XIX_DATA_DIR: dataDir }));
      expect(found).toMatchObject({ url, own: null, how: `Redis at redis://:***@127.0.0.1:${port} (REDIS_URL)` });
    } finally {
      secured.kill('SIGTERM');
    }
  });
});
