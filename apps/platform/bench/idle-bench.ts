/**
 * npm run bench:idle — the CPU an idle `npm start` takes (issue 17 item 16): the platform as the
 * launcher runs it (its own redis-server, the server, one worker with the ladder on), the house bots
 * its only bots, nobody using it. After the launcher says it is ready (and, with
 * BENCH_IDLE_WAIT_SETTLED=on, after the worker said every game's ladder settled), it waits
 * BENCH_IDLE_WARMUP_S (default 30) then measures BENCH_IDLE_MINUTES (default 5) of CPU time of the
 * whole process tree (launcher, server, worker, sandbox hosts, redis-server) from /proc: the
 * processes' own time and the time of the children they reaped, so a sandbox host that came and went
 * in the window counts too. CPU time, not wall time: other work on the machine distorts it less.
 *
 * BENCH_IDLE_DATA: the data directory (XIX_DATA_DIR) to start from (default: a fresh temporary
 * one, deleted after; a given one is kept, so a second run finds the ratings of the first).
 * Any other variable (XIX_LADDER_*, WORKER_CONCURRENCY, …) passes through to the platform.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../src/redis-server.ts';
import { childPids } from '../../worker/bench/proc-stats.ts';
import { loadAverages, positiveFromEnv } from '../../worker/bench/bench-env.ts';

const START = fileURLToPath(new URL('../src/start.ts', import.meta.url));
const MINUTES = Number(process.env.BENCH_IDLE_MINUTES || '5');
if (!(MINUTES > 0)) throw new Error(`BENCH_IDLE_MINUTES must be a positive number, got "${process.env.BENCH_IDLE_MINUTES}"`);
const WARMUP_S = positiveFromEnv('BENCH_IDLE_WARMUP_S', 30);
const WAIT_SETTLED = process.env.BENCH_IDLE_WAIT_SETTLED === 'on';
const SETTLE_TIMEOUT_MIN = positiveFromEnv('BENCH_IDLE_SETTLE_TIMEOUT_MIN', 120);
const TICKS_PER_SECOND = 100;

/** CPU seconds of a process: its own user + system time and its reaped children's; 0 when gone. */
function cpuOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // utime, stime, cutime, cstime (fields 14–17 of proc(5); this slice starts at field 3)
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** CPU seconds of a process and every live descendant (a reaped one is in its parent's figure). */
function treeCpu(pid: number): number {
  return cpuOf(pid) + childPids(pid).reduce((sum, child) => sum + treeCpu(child), 0);
}

const given = process.env.BENCH_IDLE_DATA;
const dataDir = given ? path.resolve(given) : mkdtempSync(path.join(tmpdir(), 'xix-idle-'));
const port = await freePort();
const launcher = spawn(process.execPath, ['--no-node-snapshot', START], {
  env: { ...process.env, REDIS_URL: 'own', XIX_DATA_DIR: dataDir, PORT: String(port), LOG_LEVEL: 'info' },
  stdio: ['ignore', 'pipe', 'pipe'],
});
const exited = new Promise<void>((resolve) => launcher.once('exit', () => resolve()));
let lines: string[] = [];
let partial = '';
launcher.stdout.on('data', (chunk: Buffer) => {
  const split = (partial + chunk.toString('utf8')).split('\n');
  partial = split.pop() ?? '';
  lines.push(...split);
});
launcher.stderr.on('data', (chunk: Buffer) => process.stderr.write(chunk));

async function until(what: string, found: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!found()) {
    if (launcher.exitCode !== null) throw new Error(`the platform exited while waiting for ${what}:\n${lines.slice(-20).join('\n')}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${Math.round(timeoutMs / 1000)} s`);
    await sleep(500);
  }
}

const count = (pattern: RegExp): number => lines.filter((line) => pattern.test(line)).length;
const gameOf = (line: string): string => (JSON.parse(line) as { game: string }).game;

/** Whether the ladder of every game it played is settled: its last pace line says so. */
function everyLadderSettled(): boolean {
  const settled = new Map<string, boolean>();
  for (const line of lines) {
    if (line.includes('"ladder series queued"')) settled.set(gameOf(line), settled.get(gameOf(line)) ?? false);
    else if (line.includes('"ladder settled"')) settled.set(gameOf(line), true);
    else if (line.includes('"ladder awake"')) settled.set(gameOf(line), false);
  }
  return settled.size > 0 && [...settled.values()].every(Boolean);
}

try {
  await until('"xix: ready"', () => lines.some((line) => line.startsWith('xix: ready at')), 180_000);
  console.log(`platform ready (data in ${dataDir}, port ${port})`);
  if (WAIT_SETTLED) {
    const started = Date.now();
    await until('every ladder settled', everyLadderSettled, SETTLE_TIMEOUT_MIN * 60_000);
    console.log(`every ladder settled after ${Math.round((Date.now() - started) / 1000)} s`);
  }
  await sleep(WARMUP_S * 1000);
  lines = [];
  const cpu0 = treeCpu(launcher.pid!);
  const t0 = Date.now();
  await sleep(MINUTES * 60_000);
  const cpu = treeCpu(launcher.pid!) - cpu0;
  const wall = (Date.now() - t0) / 1000;
  console.log(`idle npm start, ${MINUTES} min window (${wall.toFixed(0)} s wall): CPU ${cpu.toFixed(1)} s = ${((100 * cpu) / wall).toFixed(1)}% of one core; ladder series queued ${count(/"ladder series queued"/)}, series done ${count(/"series done"/)}; load average ${loadAverages()}`);
} finally {
  launcher.kill('SIGTERM');
  await exited;
  if (!given) rmSync(dataDir, { recursive: true, force: true });
}
