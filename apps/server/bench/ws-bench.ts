/**
 * npm run bench:ws — websocket spectators of live games on ONE server process (issue 11).
 *
 * - Redis: our own redis-server on a free port (AOF every second, as the platform runs it).
 * - The server: bench-server.ts (buildServer + listen, as main.ts) in a child process, so that
 *   its resident memory is its own; `ulimit -n` raised for it and for the clients.
 * - The publisher (this process): real games' events (ws-games.ts: heuristic self-play, the
 *   engine's public view) appended with the store's publishLive as a worker does (a move event per
 *   50 ms progress tick of the sandbox pool, with the view after the moves it brought),
 *   BENCH_GAMES games in progress at once (default 2: a tournament on this machine runs two
 *   workers of concurrency 1), one move every BENCH_MOVE_MS (default 30 ms: the search bot's
 *   typical decision at its default budget, docs/bots.md); each game is followed at once by the
 *   next in its slot.
 * - Spectators: BENCH_CLIENT_PROCS processes (ws-clients.ts, the `ws` package; at nice
 *   BENCH_CLIENT_NICE, default 19, as browsers elsewhere would take no CPU from the server) holding N
 *   connections between them, spread evenly over the games in progress; a spectator watches a game
 *   to its end and then joins the next one of its slot (within BENCH_JOIN_SPREAD_MS). Each records
 *   the delay from an event's publication (its stream id: Redis's clock at XADD) to its receipt,
 *   and every missing event.
 *
 * BENCH_MOVE_MS=300 is a game at a person's watching pace (a game lasts ~40 s).
 *
 * For each N of BENCH_STEPS (default 1000,2000,5000,10000,15000,19000:
 * this container's hard limit of open files, 20,000, caps one process below 20,000 sockets): connect the new
 * spectators, let them settle (until 80% of N are connected on average over 3 s, at most a minute), then measure for BENCH_WINDOW seconds (default: a game's length + 2 s, at least 10, so that every
 * slot's game end and the joins that follow it fall in the window).
 * Live events are those published after the spectator's socket opened; the "catch-up" ones, published
 * before, came in its catch-up, and their delay is mostly how long after the game's start it joined.
 * A step passes when the p99 delay of live events is under 100 ms and nothing was dropped (no
 * missing event, no close for slowness, no unexpected close, no failed connection) and on average
 * at least 80% of the spectators were connected over the window's seconds (each joins every game:
 * joins that lag are games missed). Stops after the first step that fails. BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there (--cpu-prof).
 * Memory per spectator = (server RSS at N − RSS with none) / N.
 */
import { xix } from '@xix/engine';
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Redis } from 'ioredis';
import { blobDirOf, createStore, dataDirOf, fileBlobStore } from '@xix/store';
import { freePort, startRedisServer } from '../../platform/src/redis-server.ts';
import { loadAverages, nonNegativeFromEnv, positiveFromEnv } from '../../worker/bench/bench-env.ts';
import { cpuSeconds, rssBytes } from '../../worker/bench/proc-stats.ts';
import type { ClientStats } from './ws-clients.ts';
import { PROGRESS_TICK_MS, liveSchedule, recordedGames, type RecordedGame } from './ws-games.ts';
import { countOf, mergeHistograms, percentile } from './ws-histogram.ts';

const STEPS = (process.env.BENCH_STEPS || '1000,2000,5000,10000,15000,19000').split(',').map(Number);
const GAMES = positiveFromEnv('BENCH_GAMES', 2);
const MOVE_MS = positiveFromEnv('BENCH_MOVE_MS', 30);
const CLIENT_PROCS = positiveFromEnv('BENCH_CLIENT_PROCS', 4);
const JOIN_SPREAD_MS = process.env.BENCH_JOIN_SPREAD_MS ?? '500';
/**
 * The spectator processes' niceness: they stand for browsers on other machines, and on these 2
 * cores each write of the server's fan-out woke a client that then took the core from it (a
 * fan-out to 5,000 sockets took ~95 ms with the clients at 0, ~68 ms at 19). 0: no difference.
 */
const CLIENT_NICE = nonNegativeFromEnv('BENCH_CLIENT_NICE', 19);
const LOG_LEVEL = process.env.LOG_LEVEL || 'info';
const P99_LIMIT_MS = 100;
/**
 * Spectators connected, on average over the window's seconds: at least this share of N. (All of a
 * game's spectators leave at its end and join the next one: single seconds dip by N / games.)
 */
const MIN_CONNECTED = 0.8;
const SERVER = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
const CLIENT = fileURLToPath(new URL('./ws-clients.ts', import.meta.url));

const mib = (bytes: number): string => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * A Node script with its open-file limit raised to the hard limit (`ulimit -n`; sh's exec keeps the
 * pid and the IPC channel). The hard limit itself caps N: each spectator is a file on the server.
 */
function spawnNode(script: string, env: NodeJS.ProcessEnv, ipc: boolean, flags: readonly string[] = [], niceness = 0): ChildProcess {
  return spawn('/bin/sh', ['-c', `ulimit -Sn "$(ulimit -Hn)" && exec nice -n ${niceness} "$0" "$@"`, process.execPath, '--no-node-snapshot', ...flags, script], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit', ...(ipc ? (['ipc'] as const) : [])],
  });
}

async function startServer(redisUrl: string, prefix: string): Promise<{ child: ChildProcess; url: string }> {
  const exitOnSignal = fileURLToPath(new URL('./ws-exit-on-signal.ts', import.meta.url));
  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`, `--import=${exitOnSignal}`] : [];
  const child = spawnNode(SERVER, { REDIS_URL: redisUrl, XIX_PREFIX: prefix, LOG_LEVEL }, false, profile);
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      // drained for the whole run: the server logs a line per request
      if (output.length < 10_000) output += chunk;
      const found = /listening (http:\/\/\S+)/.exec(output);
      if (found) resolve(found[1]!);
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${String(code)}): ${output}`)));
  });
  return { child, url };
}

interface ClientProcess {
  readonly child: ChildProcess;
  report(): Promise<ClientStats>;
  connected(): Promise<number>;
}

/** The child's next message of `type`, after sending it `{ type }`. */
function ask<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise<T>((resolve) => {
    const listen = (message: { type: string } & T): void => {
      if (message.type !== type) return;
      child.off('message', listen);
      resolve(message);
    };
    child.on('message', listen);
    child.send({ type });
  });
}

function startClients(wsUrl: string): Promise<ClientProcess[]> {
  return Promise.all(
    Array.from({ length: CLIENT_PROCS }, async (_, i) => {
      // each its own source address: 28k ephemeral ports per address pair would cap N
      const child = spawnNode(CLIENT, { BENCH_WS_URL: wsUrl, BENCH_LOCAL_ADDRESS: `127.0.0.${i + 2}`, BENCH_JOIN_SPREAD_MS: JOIN_SPREAD_MS }, true, [], CLIENT_NICE);
      child.stdout!.resume();
      await new Promise<void>((resolve) => child.once('message', () => resolve()));
      return {
        child,
        report: async () => (await ask<{ stats: ClientStats }>(child, 'report')).stats,
        connected: async () => (await ask<{ connected: number }>(child, 'connected')).connected,
      };
    }),
  );
}

/** Plays the recorded games in `GAMES` slots, back to back, until stopped; tells the clients each new game. */
function startPublisher(store: ReturnType<typeof createStore>, games: readonly RecordedGame[], clients: readonly ClientProcess[]) {
  let stopped = false;
  let published = 0;
  let late = 0;
  const slot = async (index: number): Promise<void> => {
    // slots start apart, as games in progress do
    await sleep((index * games[0]!.seats.length * MOVE_MS) / GAMES);
    for (let k = 0; !stopped; k++) {
      const match = `s${index + 1}.${k}`;
      const started = performance.now();
      for (const { atMs, event } of liveSchedule(games[(index + k * GAMES) % games.length]!, match, MOVE_MS)) {
        if (stopped) return;
        const wait = started + atMs - performance.now();
        if (wait > 0) await sleep(wait);
        else if (wait < -PROGRESS_TICK_MS) late++;
        await store.publishLive(match, [event], { game: xix.id, tournament: null });
        published++;
        if (event.type === 'start') for (const client of clients) client.child.send({ type: 'game', slot: index, match });
      }
    }
  };
  const running = Promise.all(Array.from({ length: GAMES }, (_, i) => slot(i)));
  return {
    get published() {
      return published;
    },
    get late() {
      return late;
    },
    async stop() {
      stopped = true;
      await running;
    },
  };
}

const dir = mkdtempSync(path.join(tmpdir(), 'xix-bench-ws-'));
const redisServer = await startRedisServer({ dir, port: await freePort() });
const redis = new Redis(redisServer.url);
const prefix = 'wsbench';
const store = createStore(redis, { prefix, blobs: fileBlobStore(blobDirOf(dataDirOf(process.env))) });
let server: { child: ChildProcess; url: string } | undefined;
let clients: ClientProcess[] = [];
let publisher: ReturnType<typeof startPublisher> | undefined;
try {
  const games = recordedGames(20);
  const schedules = games.map((game) => liveSchedule(game, 's1.0', MOVE_MS));
  const events = schedules.reduce((sum, schedule) => sum + schedule.length, 0);
  const bytes = schedules.flat().reduce((sum, { event }) => sum + JSON.stringify(event).length, 0);
  const gameMs = schedules.reduce((sum, schedule) => sum + schedule.at(-1)!.atMs, 0) / games.length;
  // the window holds a whole game of each slot, so its end and the joins of the next (every
  // spectator of the slot leaves and comes back) are measured, not left to when the window falls
  const windowS = positiveFromEnv('BENCH_WINDOW', Math.max(10, Math.ceil(gameMs / 1000) + 2));
  console.log(`bench:ws: ${availableParallelism()} cores, load ${loadAverages()}; own redis-server ${redisServer.url}; server LOG_LEVEL ${LOG_LEVEL}`);
  console.log(`games: ${games.length} recorded heuristic self-play games, ${(games.reduce((sum, game) => sum + game.seats.length, 0) / games.length).toFixed(0)} moves and ${(events / games.length).toFixed(0)} events a game (a move event per ${PROGRESS_TICK_MS} ms progress tick), ${(bytes / events).toFixed(0)} B an event (JSON); ${GAMES} games in progress, a move every ${MOVE_MS} ms (a game lasts ${(gameMs / 1000).toFixed(1)} s; ${((events / games.length / gameMs) * 1000 * GAMES).toFixed(0)} events/s in all); spectators in ${CLIENT_PROCS} processes at nice ${CLIENT_NICE}, joining within ${JOIN_SPREAD_MS} ms of a game's start; a ${windowS} s window a step`);
  server = await startServer(redisServer.url, prefix);
  const serverPid = server.child.pid!;
  clients = await startClients(server.url.replace(/^http/, 'ws'));
  publisher = startPublisher(store, games, clients);
  await sleep(3000);
  const baseRss = rssBytes(serverPid);
  console.log(`server ${server.url} (pid ${serverPid}): RSS ${mib(baseRss)} with the publisher running and no spectator`);
  console.log('connected: spectators connected, mean of the window\'s seconds (pass: at least 80% of N)');
  console.log('\n      N  connected  events recv/s    p50 ms   p99 ms  max ms  catch-up p99  dropped (missing/slow/closed/failed)  server CPU  clients CPU  Redis CPU  server RSS  per spectator');

  let spectators = 0;
  let best: { n: number; perSpectator: number } | null = null;
  for (const n of STEPS) {
    const added = Array.from({ length: n - spectators }, (_, j) => spectators + j);
    for (const [p, client] of clients.entries()) client.child.send({ type: 'add', slots: added.filter((j) => j % CLIENT_PROCS === p).map((j) => j % GAMES) });
    spectators = n;
    // new spectators join the games in play (catching up) and then follow the next ones: the
    // window starts once N × MIN_CONNECTED are connected on average over 3 s (at most a minute)
    const settleBy = Date.now() + 60_000;
    for (const recent: number[] = []; Date.now() < settleBy; ) {
      await sleep(1000);
      recent.push((await Promise.all(clients.map((client) => client.connected()))).reduce((sum, c) => sum + c, 0));
      if (recent.length >= 3 && recent.slice(-3).reduce((sum, c) => sum + c, 0) / 3 >= MIN_CONNECTED * n) break;
    }
    for (const client of clients) client.child.send({ type: 'reset' });
    const before = { server: cpuSeconds(serverPid), clients: clients.reduce((sum, c) => sum + cpuSeconds(c.child.pid!), 0), redis: cpuSeconds(redisServer.process.pid!), published: publisher.published };
    let rss = 0;
    let connectedSum = 0;
    for (let s = 0; s < windowS; s++) {
      await sleep(1000);
      rss = Math.max(rss, rssBytes(serverPid));
      connectedSum += (await Promise.all(clients.map((client) => client.connected()))).reduce((sum, c) => sum + c, 0);
    }
    const reports = await Promise.all(clients.map((client) => client.report()));
    const cpu = {
      server: (cpuSeconds(serverPid) - before.server) / windowS,
      clients: (clients.reduce((sum, c) => sum + cpuSeconds(c.child.pid!), 0) - before.clients) / windowS,
      redis: (cpuSeconds(redisServer.process.pid!) - before.redis) / windowS,
    };
    const live = mergeHistograms(reports.map((r) => r.live));
    const catchUp = mergeHistograms(reports.map((r) => r.catchUp));
    const sum = (field: 'connected' | 'events' | 'missingEvents' | 'tooSlow' | 'unexpectedCloses' | 'connectErrors'): number => reports.reduce((total, r) => total + r[field], 0);
    const dropped = sum('missingEvents') + sum('tooSlow') + sum('unexpectedCloses') + sum('connectErrors');
    const p99 = percentile(live, 0.99);
    const perSpectator = (rss - baseRss) / n;
    // keeping up includes letting spectators in: most must be watching at every moment
    const pass = p99 < P99_LIMIT_MS && dropped === 0 && countOf(live) > 0 && connectedSum / windowS >= MIN_CONNECTED * n;
    console.log(
      `${String(n).padStart(7)}  ${(connectedSum / windowS).toFixed(0).padStart(9)}  ${(sum('events') / windowS).toFixed(0).padStart(13)}  ${percentile(live, 0.5).toFixed(1).padStart(8)}  ${p99.toFixed(1).padStart(7)}  ${percentile(live, 1).toFixed(0).padStart(6)}  ${percentile(catchUp, 0.99).toFixed(1).padStart(12)}  ${`${dropped} (${sum('missingEvents')}/${sum('tooSlow')}/${sum('unexpectedCloses')}/${sum('connectErrors')})`.padStart(35)}  ${`${(cpu.server * 100).toFixed(0)}%`.padStart(10)}  ${`${(cpu.clients * 100).toFixed(0)}%`.padStart(11)}  ${`${(cpu.redis * 100).toFixed(0)}%`.padStart(9)}  ${mib(rss).padStart(10)}  ${`${(perSpectator / 1024).toFixed(1)} KiB`.padStart(13)}  ${pass ? 'pass' : 'FAIL'}  load ${loadAverages()}`,
    );
    if (!pass) break;
    best = { n, perSpectator };
  }
  console.log(`\npublisher: ${publisher.published} events published, ${publisher.late} more than a move late`);
  console.log(best === null ? 'no step passed (p99 < 100 ms, nothing dropped)' : `largest N with p99 < ${P99_LIMIT_MS} ms and nothing dropped: ${best.n} spectators on one server process (target ≥ 10,000); server memory ${(best.perSpectator / 1024).toFixed(1)} KiB a spectator`);
} finally {
  await publisher?.stop();
  for (const client of clients) client.child.send({ type: 'stop' });
  await Promise.all(clients.map((client) => new Promise((resolve) => (client.child.exitCode !== null ? resolve(null) : client.child.once('exit', resolve)))));
  if (server !== undefined) {
    server.child.kill('SIGTERM');
    const exited = new Promise((resolve) => server!.child.once('exit', resolve));
    if ((await Promise.race([exited, sleep(10_000, 'timeout')])) === 'timeout') {
      console.log('the server did not stop within 10 s of SIGTERM: ended (SIGUSR2: process.exit with BENCH_PROFILE, else SIGKILL)');
      server.child.kill(process.env.BENCH_PROFILE ? 'SIGUSR2' : 'SIGKILL');
      await Promise.race([exited, sleep(5000)]);
      server.child.kill('SIGKILL');
    }
  }
  redis.disconnect();
  await redisServer.stop();
  rmSync(dir, { recursive: true, force: true });
}
