/**
 * The supervisor: a pool of sandbox host processes (host/host-main.ts) that run series of
 * sandboxed games, one series per host at a time. It is the real guarantee behind the isolates:
 * a host that breaks its lease is SIGKILLed from outside, a host that dies is replaced, and either
 * costs only the series that host was running — reported as a crash, attributed to a bot when the
 * lease says whose code was running. Games finished before the crash are kept.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { ForfeitVerdict } from '@xix/engine';
import { crashVerdict } from './host/crash-verdict.ts';
import { parseLeaseLine, type FromHost, type HostGame, type SeriesJob } from './host/protocol.ts';
import { resolveLimits } from './limits.ts';

const HOST_SCRIPT = fileURLToPath(new URL('./host/host-main.ts', import.meta.url));
const STDERR_TAIL = 4096;
/** A host whose memory grows by this many times a bot's limit is killed at once. */
const RSS_OVERSHOOT = 8;
const MAX_FAILED_STARTS = 3;

export interface PoolOptions {
  /** Host processes (series run in parallel); default 1. */
  readonly hosts?: number;
  /** How long past its lease a host may stay silent before it is killed; default 1000 ms. */
  readonly graceMs?: number;
  /** Time a host has from receiving a series to its first lease; default 10 s. */
  readonly startupMs?: number;
}

export interface HostCrash {
  readonly message: string;
  /** The bot (0 = A, 1 = B) whose code was running, when the lease says so; else null. */
  readonly bot: 0 | 1 | null;
  readonly verdict: ForfeitVerdict | null;
}

export type SeriesOutcome =
  | { readonly ok: true; readonly games: readonly HostGame[] }
  | { readonly ok: false; readonly games: readonly HostGame[]; readonly crash: HostCrash };

export interface SandboxPool {
  runSeries(job: SeriesJob, onGame?: (game: HostGame) => void): Promise<SeriesOutcome>;
  /** Process ids of the live hosts, and how many were replaced so far. */
  stats(): { readonly pids: readonly number[]; readonly restarts: number };
  close(): Promise<void>;
}

interface Running {
  readonly id: number;
  readonly games: HostGame[];
  readonly onGame: ((game: HostGame) => void) | undefined;
  readonly resolve: (outcome: SeriesOutcome) => void;
  readonly deadline: number;
  readonly memoryMb: number;
}

interface Host {
  readonly child: ChildProcess;
  /** When the host was forked: one that is not ready within `startupMs` is killed. */
  readonly spawnedAt: number;
  ready: boolean;
  running: Running | null;
  lease: { id: number; bot: number; deadline: number } | null;
  catastrophe: string | null;
  stalled: boolean;
  stderr: string;
  /** Resident memory when the host was ready, and when it was killed for stalling (MiB). */
  baseRssMb: number | null;
  stallRssMb: number | null;
}

export function createSandboxPool(options: PoolOptions = {}): SandboxPool {
  const size = options.hosts ?? 1;
  if (!Number.isInteger(size) || size < 1 || size > 64) throw new RangeError(`hosts must be an integer from 1 to 64, got ${String(size)}`);
  const graceMs = options.graceMs ?? 1000;
  const startupMs = options.startupMs ?? 10_000;
  const hosts = new Set<Host>();
  const queue: { job: SeriesJob; running: Omit<Running, 'deadline' | 'memoryMb'> }[] = [];
  let nextId = 1;
  let restarts = 0;
  let closing = false;
  let failedStarts = 0;

  const dispatch = (): void => {
    for (const host of hosts) {
      if (queue.length === 0) return;
      if (!host.ready || host.running !== null) continue;
      const { job, running } = queue.shift()!;
      host.running = { ...running, deadline: Date.now() + startupMs, memoryMb: resolveLimits(job.limits).memoryMb };
      host.lease = null;
      // A host that died idle fails the send; its 'close' handler reports the series.
      host.child.send({ type: 'series', id: running.id, job }, (error) => {
        if (error) host.child.kill('SIGKILL');
      });
    }
  };

  const finish = (host: Host, outcome: SeriesOutcome): void => {
    const running = host.running;
    host.running = null;
    host.lease = null;
    running?.resolve(outcome);
  };

  const spawn = (): void => {
    const child = fork(HOST_SCRIPT, [], {
      execArgv: ['--no-node-snapshot'],
      stdio: ['ignore', 'ignore', 'pipe', 'ipc', 'pipe'],
      serialization: 'advanced',
    });
    const host: Host = { child, spawnedAt: Date.now(), ready: false, running: null, lease: null, catastrophe: null, stalled: false, stderr: '', baseRssMb: null, stallRssMb: null };
    hosts.add(host);
    // A fork that fails or a channel that breaks must not become an unhandled 'error' that takes
    // the supervisor (the server, the queue) down: it ends the host, and 'close' reports it.
    child.on('error', (error) => {
      host.stderr = `${host.stderr}\n${error.message}`.slice(-STDERR_TAIL);
      child.kill('SIGKILL');
    });
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (chunk: string) => {
      host.stderr = (host.stderr + chunk).slice(-STDERR_TAIL);
    });
    let partial = '';
    const leasePipe = child.stdio[4] as NodeJS.ReadableStream | null;
    leasePipe?.setEncoding('utf8');
    leasePipe?.on('data', (chunk: string) => {
      const lines = (partial + chunk).split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        const lease = parseLeaseLine(line);
        if (lease?.type === 'lease') host.lease = lease;
        else if (lease?.type === 'catastrophe') host.catastrophe = lease.message;
      }
    });
    child.on('message', (message: FromHost) => {
      if (message.type === 'ready') {
        host.ready = true;
        host.baseRssMb = readRssMb(child.pid);
        dispatch();
        return;
      }
      const running = host.running;
      if (running === null || message.id !== running.id) return;
      if (message.type === 'game') {
        const game: HostGame = { index: message.index, seatOfA: message.seatOfA, record: message.record };
        running.games.push(game);
        running.onGame?.(game);
      } else if (message.type === 'done') {
        finish(host, { ok: true, games: running.games });
        dispatch();
      } else {
        finish(host, { ok: false, games: running.games, crash: { message: message.message, bot: null, verdict: null } });
        dispatch();
      }
    });
    // 'close', not 'exit': the host's last words on stderr have arrived by then.
    child.on('close', (code, signal) => {
      hosts.delete(host);
      const running = host.running;
      if (running !== null) {
        const lease = host.lease !== null && host.lease.id === running.id ? host.lease : null;
        const grewMb = host.stallRssMb !== null && host.baseRssMb !== null ? host.stallRssMb - host.baseRssMb : null;
        const death = crashVerdict({ stalled: host.stalled, signal, code, stderr: host.stderr, catastrophe: host.catastrophe, grewMb, memoryMb: running.memoryMb });
        const bot = lease === null ? null : lease.bot === 0 ? 0 : 1;
        const crash: HostCrash = closing
          ? { message: 'the sandbox pool was closed', bot: null, verdict: null }
          : bot === null ? { message: `the sandbox host died (${signal ?? `exit code ${code}`}) outside any bot's code`, bot, verdict: null } : { bot, ...death };
        finish(host, { ok: false, games: running.games, crash });
      }
      // A host that cannot even start (a broken install) must not be respawned in a loop.
      failedStarts = host.ready ? 0 : failedStarts + 1;
      if (failedStarts >= MAX_FAILED_STARTS) {
        const stderr = host.stderr.trim().split('\n').pop() ?? '';
        for (const { running } of queue.splice(0)) {
          running.resolve({ ok: false, games: [], crash: { message: `sandbox hosts fail to start: ${stderr}`, bot: null, verdict: null } });
        }
      }
      if (!closing && failedStarts < MAX_FAILED_STARTS) {
        restarts++;
        spawn();
      }
    });
  };

  // The watchdog: the host's own thread may be stuck in a bot, so only the outside can stop it.
  const watchdog = setInterval(() => {
    const now = Date.now();
    for (const host of hosts) {
      if (!host.ready && !host.stalled && now > host.spawnedAt + startupMs) {
        // Hung before it could take work: 'close' counts it as a failed start.
        host.stalled = true;
        host.child.kill('SIGKILL');
        continue;
      }
      const running = host.running;
      if (running === null || host.stalled) continue;
      const deadline = host.lease !== null && host.lease.id === running.id ? host.lease.deadline : running.deadline;
      // isolated-vm's memoryLimit is a guideline: a bomb can overshoot it many times over.
      const rss = readRssMb(host.child.pid);
      const ballooned = rss !== null && host.baseRssMb !== null && rss - host.baseRssMb > running.memoryMb * RSS_OVERSHOOT;
      if (now > deadline + graceMs || ballooned) {
        host.stalled = true;
        host.stallRssMb = readRssMb(host.child.pid);
        host.child.kill('SIGKILL');
      }
    }
  }, 50);
  watchdog.unref();

  for (let i = 0; i < size; i++) spawn();

  return {
    runSeries(job, onGame) {
      if (closing) return Promise.reject(new Error('the sandbox pool is closed'));
      if (failedStarts >= MAX_FAILED_STARTS) return Promise.reject(new Error('the sandbox hosts fail to start'));
      validateJob(job);
      // Bots get seeds under a key they cannot know, so theirs tell them nothing about the deals.
      const keyed: SeriesJob = { ...job, botSeedKey: job.botSeedKey ?? randomBytes(16).toString('hex') };
      return new Promise<SeriesOutcome>((resolve) => {
        queue.push({ job: keyed, running: { id: nextId++, games: [], onGame, resolve } });
        dispatch();
      });
    },
    stats: () => ({ pids: [...hosts].map((h) => h.child.pid ?? -1), restarts }),
    async close() {
      closing = true;
      clearInterval(watchdog);
      const exits = [...hosts].map((host) => new Promise<void>((resolve) => {
        if (host.child.exitCode !== null || host.child.signalCode !== null) return resolve();
        host.child.once('close', () => resolve());
        host.child.kill('SIGKILL');
      }));
      await Promise.all(exits);
      for (const { running } of queue.splice(0)) {
        running.resolve({ ok: false, games: [], crash: { message: 'the sandbox pool was closed', bot: null, verdict: null } });
      }
    },
  };
}

/** Resident set size of a process from /proc (Linux); null where it cannot be read. */
function readRssMb(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match === null ? null : Number(match[1]) / 1024;
  } catch {
    return null;
  }
}

function validateJob(job: SeriesJob): void {
  if (typeof job !== 'object' || job === null) throw new TypeError('a series job must be an object');
  if (typeof job.game !== 'string') throw new TypeError('job.game must be a game id');
  if (!Number.isSafeInteger(job.seed) || job.seed < 0) throw new RangeError(`job.seed must be a non-negative safe integer, got ${String(job.seed)}`);
  if (!Number.isSafeInteger(job.deals) || job.deals < 1) throw new RangeError(`job.deals must be a positive integer, got ${String(job.deals)}`);
  if (!Array.isArray(job.bots) || job.bots.length !== 2 || !job.bots.every((b) => typeof b?.name === 'string' && typeof b.code === 'string' && b.code !== '')) {
    throw new TypeError('job.bots must be two { name, code } with compiled code');
  }
  if (job.botSeedKey !== undefined && (typeof job.botSeedKey !== 'string' || job.botSeedKey === '')) {
    throw new TypeError('job.botSeedKey must be a non-empty string when given');
  }
  resolveLimits(job.limits);
}
