/**
 * The supervisor: a pool of sandbox host processes (host/host-main.ts) that run series of
 * sandboxed games, one series per host at a time. It is the real guarantee behind the isolates:
 * a host that breaks its lease is SIGKILLed from outside and a host that dies is replaced. A host
 * that dies in a bot's code costs only the game in play: it becomes that bot's forfeit, rebuilt
 * from the moves the host reported in its lease file (host/forfeit-record.ts), and the rest of
 * the series is played on a new host.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { findGame } from '@xix/engine';
import { seriesTable } from '@xix/referee';
import { afterDeath, type HostDeath } from './host/after-death.ts';
import { createLeaseFile, type LeaseFile } from './host/lease-file.ts';
import { readRssMb } from './host/process-memory.ts';
import type { FromHost, HostGame, Lease, SeriesJob, ToHost } from './host/protocol.ts';
import { resolveLimits } from './limits.ts';

export type { HostDeath } from './host/after-death.ts';

const HOST_SCRIPT = fileURLToPath(new URL('./host/host-main.ts', import.meta.url));
const STDERR_TAIL = 4096;
/** A host whose memory grows by this many times a bot's limit is killed at once. */
const RSS_OVERSHOOT = 8;
const MAX_FAILED_STARTS = 3;
/** What V8 writes on stderr when the process (not just an isolate) is out of memory. */
const FATAL_OOM = /Last few GCs|FATAL ERROR: .*(heap|memory)|Fatal (JavaScript|process) out of memory/i;

export interface PoolOptions {
  /** Host processes (series run in parallel); default 1. */
  readonly hosts?: number;
  /** How long past its lease a host may stay silent before it is killed; default 1000 ms. */
  readonly graceMs?: number;
  /** Time a host has from receiving a series to its first lease; default 10 s. */
  readonly startupMs?: number;
}

/**
 * A series that played every game is a success, whatever its bots did: a host killed by a bot is
 * a forfeit game plus an entry in `hostDeaths`. Failure is for the platform's own troubles (pool
 * closed, hosts that cannot start, hosts dying repeatedly outside bot code, a bad job); the games
 * delivered before it are kept.
 */
export type SeriesOutcome =
  | { readonly ok: true; readonly games: readonly HostGame[]; readonly hostDeaths: readonly HostDeath[] }
  | { readonly ok: false; readonly games: readonly HostGame[]; readonly hostDeaths: readonly HostDeath[]; readonly error: string };

/**
 * The game in play as its host's lease lines reported it (read at the watchdog's ticks, so a
 * report may carry several new actions, and a short game may have none before its record).
 */
export interface GameProgress {
  /** 0-based number of the game in the series, as HostGame.index. */
  readonly game: number;
  /** Which dispatch plays it: a game played again on a new host after a death gets a new run. */
  readonly run: number;
  /** The JSON of every action applied so far in this run, in order. */
  readonly actions: readonly string[];
}

export interface RunOptions {
  /**
   * Stops the series: it fails at once with the games delivered so far, and no further game is
   * delivered (a host playing it is killed, since it plays the series to its end on its own).
   */
  readonly signal?: AbortSignal;
}

export interface SandboxPool {
  /**
   * Plays a series: `onGame` gets each game's record as it arrives, `onProgress` the moves of the
   * game in play whenever new ones were reported (at most once a watchdog tick and host).
   */
  runSeries(job: SeriesJob, onGame?: (game: HostGame) => void, onProgress?: (progress: GameProgress) => void, options?: RunOptions): Promise<SeriesOutcome>;
  /** Process ids of the live hosts, and how many were replaced so far. */
  stats(): { readonly pids: readonly number[]; readonly restarts: number };
  close(): Promise<void>;
}

/** A series across the hosts that play it: `games.length` is the next game to play. */
interface Series {
  readonly job: SeriesJob;
  readonly games: HostGame[];
  readonly hostDeaths: HostDeath[];
  readonly onGame: ((game: HostGame) => void) | undefined;
  readonly onProgress: ((progress: GameProgress) => void) | undefined;
  readonly resolve: (outcome: SeriesOutcome) => void;
  /** Hosts that died outside bot code while the next game was in play. */
  strayDeaths: number;
}

/** A series on one host, from one dispatch: its id tells this run's lease lines and messages apart. */
interface Running {
  readonly id: number;
  readonly series: Series;
  readonly deadline: number;
  readonly memoryMb: number;
}

interface Host {
  readonly child: ChildProcess;
  /** When the host was forked: one that is not ready within `startupMs` is killed. */
  readonly spawnedAt: number;
  ready: boolean;
  running: Running | null;
  /** Where the host writes its lease lines (its fd 4), read in the watchdog's ticks and after its death. */
  readonly leaseFile: LeaseFile;
  lease: Lease | null;
  /** The moves of the game in play, as the lease lines reported them (JSON); null when lines were lost. */
  moves: { game: number; actions: string[] | null } | null;
  /** How many of `moves` were last passed to the series' onProgress (-1: none of this game). */
  reportedMoves: number;
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
  const queue: Series[] = [];
  let nextId = 1;
  let restarts = 0;
  let closing = false;
  let failedStarts = 0;

  const total = (series: Series): number => series.job.deals * series.job.bots.length;
  const fail = (series: Series, error: string): void => series.resolve({ ok: false, games: series.games, hostDeaths: series.hostDeaths, error });

  const dispatch = (): void => {
    for (const host of hosts) {
      if (queue.length === 0) return;
      if (!host.ready || host.running !== null || host.stalled) continue;
      const series = queue.shift()!;
      const id = nextId++;
      host.running = { id, series, deadline: Date.now() + startupMs, memoryMb: resolveLimits(series.job.limits).memoryMb };
      host.lease = null;
      host.moves = null;
      host.reportedMoves = -1;
      // The host is idle (it wrote its last line before it reported its last series): a fresh file.
      host.leaseFile.clear();
      const message: ToHost = { type: 'series', id, job: series.job, from: series.games.length };
      // A host that died idle fails the send; its 'close' handler takes the series up again.
      host.child.send(message, (error) => {
        if (error) host.child.kill('SIGKILL');
      });
    }
  };

  /** The series' caller aborted it: out of the queue, off its host, failed. */
  const stop = (series: Series): void => {
    const queued = queue.indexOf(series);
    if (queued >= 0) queue.splice(queued, 1);
    for (const host of hosts) {
      if (host.running?.series !== series) continue;
      // Not running any more: its 'close' just replaces it, and its messages are ignored; being
      // killed (stalled), it takes no other series meanwhile.
      host.running = null;
      host.lease = null;
      host.stalled = true;
      host.child.kill('SIGKILL');
    }
    fail(series, 'the series was stopped by its caller');
  };

  const deliver = (series: Series, game: HostGame): void => {
    series.games.push(game);
    series.onGame?.(game);
  };

  /** A lease line of the running series: who runs, and the moves of the game in play. */
  const noteLease = (host: Host, lease: Lease): void => {
    host.lease = lease;
    if (host.moves === null || host.moves.game !== lease.game) {
      host.moves = { game: lease.game, actions: [] };
      host.reportedMoves = -1;
    }
    const actions = host.moves.actions;
    if (actions === null) return;
    actions.push(...lease.actions);
    if (actions.length !== lease.moves) host.moves.actions = null;
  };

  /** The lease lines the host wrote since the last read. */
  const readLease = (host: Host): void => {
    for (const line of host.leaseFile.read()) {
      if (line.type === 'catastrophe') host.catastrophe = line.message;
      else if (line.type === 'rebaseline') host.baseRssMb = Math.max(host.baseRssMb ?? 0, line.rssMb);
      else if (line.id === host.running?.id) noteLease(host, line);
    }
  };

  /** Tells the series' onProgress about moves of the game in play it has not heard of. */
  const reportProgress = (host: Host, running: Running): void => {
    const { onProgress, games } = running.series;
    const moves = host.moves;
    if (onProgress === undefined || moves === null || moves.actions === null) return;
    // A game already delivered is over; its last lease lines can be read after its record came.
    if (moves.game < games.length || moves.actions.length === host.reportedMoves) return;
    host.reportedMoves = moves.actions.length;
    try {
      onProgress({ game: moves.game, run: running.id, actions: moves.actions.slice() });
    } catch {
      // The caller's trouble must not stop the watchdog, which guards every host.
    }
  };

  /** The host running `series` died: settle the game in play (see host/after-death.ts), then go on. */
  const hostDied = (host: Host, running: Running, code: number | null, signal: NodeJS.Signals | null): void => {
    const { series } = running;
    const lease = host.lease !== null && host.lease.id === running.id ? host.lease : null;
    const grewMb = host.stallRssMb !== null && host.baseRssMb !== null ? host.stallRssMb - host.baseRssMb : null;
    const after = afterDeath({
      job: series.job,
      next: series.games.length,
      strayDeaths: series.strayDeaths,
      lease,
      moves: lease !== null && host.moves?.game === lease.game ? host.moves.actions : null,
      end: { stalled: host.stalled, signal, code, stderr: host.stderr, catastrophe: host.catastrophe, grewMb, memoryMb: running.memoryMb },
    });
    if (after.kind === 'give-up') return fail(series, after.message);
    if (after.kind === 'retry') series.strayDeaths++;
    else series.hostDeaths.push(after.death);
    if (after.kind === 'forfeit') {
      series.strayDeaths = 0;
      deliver(series, after.game);
    }
    if (series.games.length === total(series)) return series.resolve({ ok: true, games: series.games, hostDeaths: series.hostDeaths });
    queue.unshift(series);
    dispatch(); // to an idle host, if there is one; else to the replacement once it is ready
  };

  const spawn = (): void => {
    const leaseFile = createLeaseFile();
    let child: ChildProcess;
    try {
      child = fork(HOST_SCRIPT, [], {
        execArgv: ['--no-node-snapshot'],
        stdio: ['ignore', 'ignore', 'pipe', 'ipc', leaseFile.fd],
        serialization: 'advanced',
      });
    } catch (error) {
      leaseFile.close();
      throw error;
    }
    const host: Host = { child, spawnedAt: Date.now(), ready: false, running: null, leaseFile, lease: null, moves: null, reportedMoves: -1, catastrophe: null, stalled: false, stderr: '', baseRssMb: null, stallRssMb: null };
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
      // V8's fatal out-of-memory report: the host cannot recover and may hang in the handler
      // (until its lease runs out, seconds later): end it now.
      if (!host.stalled && FATAL_OOM.test(host.stderr)) {
        host.stalled = true;
        host.stallRssMb = readRssMb(child.pid);
        child.kill('SIGKILL');
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
      const { series } = running;
      if (message.type === 'game') {
        series.strayDeaths = 0;
        deliver(series, { index: message.index, rotation: message.rotation, record: message.record });
        return;
      }
      host.running = null;
      host.lease = null;
      if (message.type === 'done') series.resolve({ ok: true, games: series.games, hostDeaths: series.hostDeaths });
      else fail(series, message.message);
      dispatch();
    });
    // 'close', not 'exit': the host's last words on stderr have arrived by then.
    child.on('close', (code, signal) => {
      hosts.delete(host);
      // The host is gone: every line it wrote is in the file.
      readLease(host);
      host.leaseFile.close();
      const running = host.running;
      host.running = null;
      if (running !== null) {
        if (closing) fail(running.series, 'the sandbox pool was closed');
        else hostDied(host, running, code, signal);
      }
      // A host that cannot even start (a broken install) must not be respawned in a loop.
      failedStarts = host.ready ? 0 : failedStarts + 1;
      if (failedStarts >= MAX_FAILED_STARTS) {
        const stderr = host.stderr.trim().split('\n').pop() ?? '';
        for (const series of queue.splice(0)) fail(series, `sandbox hosts fail to start: ${stderr}`);
      }
      if (!closing && failedStarts < MAX_FAILED_STARTS) {
        restarts++;
        try {
          spawn();
        } catch (error) {
          // No replacement can be made (no lease file, no fork): an exception here would take the
          // supervisor's process down, so the pool stops taking series instead.
          failedStarts = MAX_FAILED_STARTS;
          const reason = error instanceof Error ? error.message : String(error);
          for (const series of queue.splice(0)) fail(series, `sandbox hosts fail to start: ${reason}`);
        }
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
      readLease(host);
      reportProgress(host, running);
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
    runSeries(job, onGame, onProgress, options = {}) {
      if (closing) return Promise.reject(new Error('the sandbox pool is closed'));
      if (failedStarts >= MAX_FAILED_STARTS) return Promise.reject(new Error('the sandbox hosts fail to start'));
      validateJob(job);
      const { signal } = options;
      if (signal?.aborted) return Promise.resolve({ ok: false, games: [], hostDeaths: [], error: 'the series was stopped by its caller' });
      // Bots get seeds under a key they cannot know, so theirs tell them nothing about the deals.
      const keyed: SeriesJob = { ...job, botSeedKey: job.botSeedKey ?? randomBytes(16).toString('hex') };
      return new Promise<SeriesOutcome>((resolve) => {
        const onAbort = (): void => stop(series);
        const series: Series = {
          job: keyed, games: [], hostDeaths: [], onGame, onProgress, strayDeaths: 0,
          resolve: (outcome) => {
            signal?.removeEventListener('abort', onAbort);
            resolve(outcome);
          },
        };
        signal?.addEventListener('abort', onAbort, { once: true });
        queue.push(series);
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
      for (const series of queue.splice(0)) fail(series, 'the sandbox pool was closed');
    },
  };
}

function validateJob(job: SeriesJob): void {
  if (typeof job !== 'object' || job === null) throw new TypeError('a series job must be an object');
  if (typeof job.game !== 'string') throw new TypeError('job.game must be a game id');
  if (!Number.isSafeInteger(job.seed) || job.seed < 0) throw new RangeError(`job.seed must be a non-negative safe integer, got ${String(job.seed)}`);
  if (!Number.isSafeInteger(job.deals) || job.deals < 1) throw new RangeError(`job.deals must be a positive integer, got ${String(job.deals)}`);
  if (!Array.isArray(job.bots) || job.bots.length < 2 || !job.bots.every((b) => typeof b?.name === 'string' && typeof b.code === 'string' && b.code !== '')) {
    throw new TypeError(`job.bots must be at least two { name, code } with compiled code (one per entrant of ${job.game})`);
  }
  // The entrants fill the table (referee seat-rotation.ts), with options the game takes. An unknown
  // game is not checked here: its host refuses it (a failed series, not a throw).
  const game = findGame(job.game);
  if (game !== undefined) {
    try {
      seriesTable(game, job.bots.length, job.seats, job.options);
    } catch (error) {
      throw new TypeError(`job.bots, job.seats, job.options: ${(error as Error).message}`);
    }
  }
  if (job.botSeedKey !== undefined && (typeof job.botSeedKey !== 'string' || job.botSeedKey === '')) {
    throw new TypeError('job.botSeedKey must be a non-empty string when given');
  }
  if (job.dealKey !== undefined && typeof job.dealKey !== 'string') throw new TypeError('job.dealKey must be a string when given');
  resolveLimits(job.limits);
}
