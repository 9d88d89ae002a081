/**
 * npm run bench:ws — spectators of the broadcast on the follow stream, on ONE server process (issue 19).
 *
 * - Redis: our own redis-server on a free port (AOF every second, as the platform runs it).
 * - The server: bench-server.ts (buildServer + listen, as main.ts) in a child process, so that
 *   its resident memory is its own; `ulimit -n` raised for it and for the clients. Its broadcast
 *   shows a move every BENCH_PACE_MS (default 200 ms: three times the default pace of 600 ms, so a
 *   step passes game ends sooner and the fan-out is heavier than in use), BENCH_PAUSE_MS (default
 *   1000) between games; the featured channels run from the start.
 * - The publisher (this process): real games' events (ws-games.ts: heuristic self-play, the
 *   engine's public view) appended with the store's publishLive as a worker does for XIX (a move
 *   event per 50 ms progress tick that brought moves, its view as a delta), BENCH_GAMES games in
 *   progress at once (default 2), one move every
 *   BENCH_MOVE_MS (default 30 ms: faster than the broadcast, as the worker is); each game is
 *   followed at once by the next in its slot. The channels pick them up as a worker's games.
 * - Spectators: BENCH_CLIENT_PROCS processes (ws-clients.ts, the `ws` package, at nice
 *   BENCH_CLIENT_NICE, default 19, and os.setPriority's lowest: browsers elsewhere take no CPU
 *   from the server) holding N sockets between them, spread evenly over BENCH_CHANNELS (default
 *   featured, featured:xix, bot:b1, bot:b2). A socket follows its channel for the whole run, from
 *   game to game; it records the delay from each event's send time (the frame's `at`) to its
 *   receipt, the events out of order, and every close.
 *
 * For each N of BENCH_STEPS (default 1000,2000,5000,10000,15000; this container's hard limit of
 * open files, 20,000, caps one process below 20,000 sockets): connect the new spectators, let them
 * settle (all connected, at most a minute), then measure for at least BENCH_WINDOW seconds
 * (default 10) and until every channel has shown at least one game end in the window (at most
 * BENCH_MAX_WINDOW, default 120). A step passes when the p99 delay of live events is under 100 ms,
 * nothing was dropped (no close for slowness, no other close, no failed connection, nothing out of
 * order) and every channel passed a game end. Stops after the first step that fails (BENCH_ALL_STEPS=1:
 * goes on, and the largest N counts only passing steps from the first on).
 * Memory per spectator = (server RSS at N − RSS with none) / N; CPU per frame = CPU seconds / frames
 * received, for the server and for the clients (the clients must stay below the server).
 * BENCH_PROFILE=<dir>: the server writes a V8 CPU profile there (--cpu-prof).
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

const STEPS = (process.env.BENCH_STEPS || '1000,2000,5000,10000,15000').split(',').map(Number);
const GAMES = positiveFromEnv('BENCH_GAMES', 2);
const MOVE_MS = positiveFromEnv('BENCH_MOVE_MS', 30);
const PACE_MS = positiveFromEnv('BENCH_PACE_MS', 200);
const PAUSE_MS = nonNegativeFromEnv('BENCH_PAUSE_MS', 1000);
const CHANNELS = (process.env.BENCH_CHANNELS || 'featured,featured:xix,bot:b1,bot:b2').split(',');
const MAX_WINDOW_S = positiveFromEnv('BENCH_MAX_WINDOW', 120);
/** BENCH_ALL_STEPS=1: measure every step even after one fails (memory and CPU per spectator on a loaded machine). */
const ALL_STEPS = process.env.BENCH_ALL_STEPS === '1';
const CLIENT_PROCS = positiveFromEnv('BENCH_CLIENT_PROCS', 4);
/**
 * The spectator processes' niceness: they stand for browsers on other machines, and on these 2
 * cores each write of the server's fan-out woke a client that then took the core from it (a
 * fan-out to 5,000 sockets took ~95 ms with the clients at 0, ~68 ms at 19). 0: no difference.
 */
const CLIENT_NICE = nonNegativeFromEnv('BENCH_CLIENT_NICE', 19);
const LOG_LEVEL = process.env.LOG_LEVEL || 'info';
const P99_LIMIT_MS = 100;
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
  const child = spawnNode(SERVER, { REDIS_URL: redisUrl, XIX_PREFIX: prefix, LOG_LEVEL, XIX_BROADCAST_PACE_MS: String(PACE_MS), XIX_BROADCAST_PAUSE_MS: String(PAUSE_MS) }, false, profile);
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
      const child = spawnNode(CLIENT, { BENCH_WS_URL: wsUrl, BENCH_LOCAL_ADDRESS: `127.0.0.${i + 2}` }, true, [], CLIENT_NICE);
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

/** Plays the recorded games in `GAMES` slots, back to back, until stopped, as a worker publishes them. */
function startPublisher(store: ReturnType<typeof createStore>, games: readonly RecordedGame[]) {
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
  // The games' seats b1 and b2 as bots the store knows: the follow stream closes a bot channel of
  // an unknown bot (4404), which is what the bench's bot channels would get otherwise.
  for (const name of ['one', 'two']) {
    const put = await store.putVersion({ owner: 'bench', name, game: xix.id, entry: 'bot.ts', files: { 'bot.ts': '' }, bundle: '', bytes: 0, compileMs: 0, state: 'active' });
    if (!put.ok || put.bot !== `b${name === 'one' ? 1 : 2}`) throw new Error(`bench:ws: the store named the bench's bot ${name} ${put.bot}, not as the games' seats`);
  }
  const games = recordedGames(20);
  const schedules = games.map((game) => liveSchedule(game, 's1.0', MOVE_MS));
  const events = schedules.reduce((sum, schedule) => sum + schedule.length, 0);
  const bytes = schedules.flat().reduce((sum, { event }) => sum + JSON.stringify(event).length, 0);
  const gameMs = schedules.reduce((sum, schedule) => sum + schedule.at(-1)!.atMs, 0) / games.length;
  const eventsPerGame = events / games.length;
  const minWindowS = positiveFromEnv('BENCH_WINDOW', 10);
  console.log(`bench:ws (follow stream): ${availableParallelism()} cores, load ${loadAverages()}; own redis-server ${redisServer.url}; server LOG_LEVEL ${LOG_LEVEL}`);
  console.log(`games: ${games.length} recorded heuristic self-play games, ${(games.reduce((sum, game) => sum + game.seats.length, 0) / games.length).toFixed(0)} moves and ${eventsPerGame.toFixed(0)} live events a game, ${(bytes / events).toFixed(0)} B a live event (JSON: the start's and the end's views, a move's delta); ${GAMES} games in progress, a move every ${MOVE_MS} ms (a game is played in ${(gameMs / 1000).toFixed(1)} s)`);
  console.log(`broadcast: a step every ${PACE_MS} ms (a game is shown in ~${((eventsPerGame * PACE_MS) / 1000).toFixed(0)} s), ${PAUSE_MS} ms between games; channels ${CHANNELS.join(', ')}; spectators in ${CLIENT_PROCS} processes at nice ${CLIENT_NICE}; a window of at least ${minWindowS} s a step, until every channel passed a game end (at most ${MAX_WINDOW_S} s)`);
  server = await startServer(redisServer.url, prefix);
  const serverPid = server.child.pid!;
  clients = await startClients(server.url.replace(/^http/, 'ws'));
  publisher = startPublisher(store, games);
  await sleep(3000);
  const baseRss = rssBytes(serverPid);
  console.log(`server ${server.url} (pid ${serverPid}): RSS ${mib(baseRss)} with the publisher running and no spectator`);
  console.log('CPU µs/frame: CPU time over the window / frames the clients received (server; clients, all processes)');
  console.log('\n      N  window s  ends/channel  frames recv/s    p50 ms   p99 ms  max ms  join p99  dropped (slow/closed/failed/order)  server CPU  clients CPU  Redis CPU  server µs/frame  clients µs/frame  server RSS  per spectator');

  let spectators = 0;
  let best: { n: number; perSpectator: number; serverUs: number; clientUs: number } | null = null;
  let failed = false;
  for (const n of STEPS) {
    const added = Array.from({ length: n - spectators }, (_, j) => spectators + j);
    for (const [p, client] of clients.entries()) client.child.send({ type: 'add', channels: added.filter((j) => j % CLIENT_PROCS === p).map((j) => CHANNELS[j % CHANNELS.length]!) });
    spectators = n;
    // every spectator connected (at most a minute)
    const settleBy = Date.now() + 60_000;
    while (Date.now() < settleBy) {
      await sleep(1000);
      if ((await Promise.all(clients.map((client) => client.connected()))).reduce((sum, c) => sum + c, 0) >= n) break;
    }
    for (const client of clients) client.child.send({ type: 'reset' });
    const before = { server: cpuSeconds(serverPid), clients: clients.reduce((sum, c) => sum + cpuSeconds(c.child.pid!), 0), redis: cpuSeconds(redisServer.process.pid!) };
    let rss = 0;
    let windowS = 0;
    let reports: ClientStats[] = [];
    const endsOf = (all: readonly ClientStats[]): number => Math.min(...CHANNELS.map((channel) => new Set(all.flatMap((r) => r.ends[channel] ?? [])).size));
    while (windowS < MAX_WINDOW_S) {
      await sleep(1000);
      windowS++;
      rss = Math.max(rss, rssBytes(serverPid));
      if (windowS < minWindowS) continue;
      reports = await Promise.all(clients.map((client) => client.report()));
      if (endsOf(reports) >= 1) break;
    }
    const cpu = {
      server: (cpuSeconds(serverPid) - before.server) / windowS,
      clients: (clients.reduce((sum, c) => sum + cpuSeconds(c.child.pid!), 0) - before.clients) / windowS,
      redis: (cpuSeconds(redisServer.process.pid!) - before.redis) / windowS,
    };
    const live = mergeHistograms(reports.map((r) => r.live));
    const joins = mergeHistograms(reports.map((r) => r.catchUp));
    const sum = (field: 'events' | 'outOfOrder' | 'tooSlow' | 'unexpectedCloses' | 'connectErrors'): number => reports.reduce((total, r) => total + r[field], 0);
    const dropped = sum('tooSlow') + sum('unexpectedCloses') + sum('connectErrors') + sum('outOfOrder');
    const p99 = percentile(live, 0.99);
    const perSpectator = (rss - baseRss) / n;
    const frames = sum('events');
    const serverUs = (cpu.server * windowS * 1e6) / Math.max(1, frames);
    const clientUs = (cpu.clients * windowS * 1e6) / Math.max(1, frames);
    const ends = endsOf(reports);
    const pass = p99 < P99_LIMIT_MS && dropped === 0 && countOf(live) > 0 && ends >= 1;
    console.log(
      `${String(n).padStart(7)}  ${String(windowS).padStart(8)}  ${String(ends).padStart(12)}  ${(frames / windowS).toFixed(0).padStart(13)}  ${percentile(live, 0.5).toFixed(1).padStart(8)}  ${p99.toFixed(1).padStart(7)}  ${percentile(live, 1).toFixed(0).padStart(6)}  ${percentile(joins, 0.99).toFixed(1).padStart(8)}  ${`${dropped} (${sum('tooSlow')}/${sum('unexpectedCloses')}/${sum('connectErrors')}/${sum('outOfOrder')})`.padStart(34)}  ${`${(cpu.server * 100).toFixed(0)}%`.padStart(10)}  ${`${(cpu.clients * 100).toFixed(0)}%`.padStart(11)}  ${`${(cpu.redis * 100).toFixed(0)}%`.padStart(9)}  ${serverUs.toFixed(1).padStart(15)}  ${clientUs.toFixed(1).padStart(16)}  ${mib(rss).padStart(10)}  ${`${(perSpectator / 1024).toFixed(1)} KiB`.padStart(13)}  ${pass ? 'pass' : 'FAIL'}  load ${loadAverages()}`,
    );
    if (clientUs >= serverUs) console.log('  (the clients cost more CPU per frame than the server: their load may have slowed it)');
    if (!pass) failed = true;
    if (failed && !ALL_STEPS) break;
    if (!failed) best = { n, perSpectator, serverUs, clientUs };
  }
  console.log(`\npublisher: ${publisher.published} events published, ${publisher.late} more than a move late`);
  console.log(best === null ? 'no step passed (p99 < 100 ms, nothing dropped, a game end on every channel)' : `largest N with p99 < ${P99_LIMIT_MS} ms and nothing dropped: ${best.n} spectators on one server process (target ≥ 10,000); server memory ${(best.perSpectator / 1024).toFixed(1)} KiB a spectator; CPU ${best.serverUs.toFixed(1)} µs a frame in the server, ${best.clientUs.toFixed(1)} µs in the clients`);
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
