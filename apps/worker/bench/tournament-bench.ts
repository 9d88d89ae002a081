/**
 * npm run bench:tournament — a round robin of the bundled bots (issue 10): 8 entrants (copies of
 * sdk/examples random, heuristic and search), 28 pairings of BENCH_DEALS mirrored deals (default 50:
 * 100 games a pairing, 2,800 games), played
 *   - by the sandbox pool alone (createSandboxPool, hosts = 1 and 2; no queue, no storage), and
 *   - by worker processes (apps/worker/src/main.ts, 1 and then 2 of them, WORKER_CONCURRENCY=1
 *     each: this machine has 2 cores) through the real queue, store and ratings: the tournament is
 *     created with the store's createTournament and its pairings enqueued with the server's
 *     enqueueSeries; the clock stops when the tournament is done and its leaderboard (Elo and
 *     Bradley–Terry over its results) has been read.
 * The pool plays the same pairings and deals (seed, bot-seed key) as the workers that follow it.
 * Redis is our own redis-server (AOF every second, as the platform runs it) on a free port, so its
 * INFO figures (CPU, memory, commands) are this benchmark's alone; it is shut down at the end.
 *
 * BENCH_LIVE=off runs the workers without live publishing (worker-without-live.ts), to tell its cost
 * apart. Beside wall-clock games/s, each run prints the CPU time it took per game (hosts, worker or
 * supervisor, Redis): on a machine shared with other work, the CPU figures are the steadier ones.
 *
 * BENCH_DEALS (deals per pairing, default 50), BENCH_SEARCH_BUDGET (work per decision of the search
 * copies, default 2,000; the example's own is 250,000), BENCH_COPIES (random,heuristic,search;
 * default 3,3,2), BENCH_WORKERS (default 1,2), BENCH_PROFILE (a directory: worker processes and
 * their sandbox hosts write V8 CPU profiles there).
 */
import { xix } from '@xix/engine';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { createSandboxPool } from '@xix/sandbox';
import { enqueueSeries } from '@xix/server';
import { SERIES_QUEUE, blobDirOf, createStore, dataDirOf, fileBlobStore, keysFor, queuePrefix, type Series, type Store } from '@xix/store';
import { freePort, startRedisServer } from '../../platform/src/redis-server.ts';
import { loadAverages, positiveFromEnv } from './bench-env.ts';
import { cpuSeconds, cpuWithChildren } from './proc-stats.ts';
import { benchBots, storeBenchBots, type BenchBot } from './bench-bots.ts';
import { redisCost, redisSnapshot } from './redis-usage.ts';

const DEALS = positiveFromEnv('BENCH_DEALS', 50);
const SEARCH_BUDGET = positiveFromEnv('BENCH_SEARCH_BUDGET', 2_000);
const [RANDOMS, HEURISTICS, SEARCHES] = (process.env.BENCH_COPIES || '3,3,2').split(',').map(Number) as [number, number, number];
const WORKER_COUNTS = (process.env.BENCH_WORKERS || '1,2').split(',').map(Number);
const PROFILE = process.env.BENCH_PROFILE;
const LIVE = process.env.BENCH_LIVE !== 'off';
const WORKER_MAIN = fileURLToPath(new URL(LIVE ? '../src/main.ts' : './worker-without-live.ts', import.meta.url));
/** Time for forked sandbox hosts to be up before the clock starts (a worker's start with its pool). */
const SETTLE_MS = 2_000;

const rate = (games: number, seconds: number): string => `${(games / seconds).toFixed(1)} games/s`;
const perGame = (cpuSeconds: number, games: number): string => `${((cpuSeconds * 1000) / games).toFixed(2)} ms CPU a game`;

interface Timed {
  readonly games: number;
  readonly seconds: number;
  /** CPU seconds of the whole run: sandbox hosts, and everything else (supervisor or workers, Redis). */
  readonly hostCpu: number;
  readonly otherCpu: number;
}

interface WorkerProcess {
  readonly child: ChildProcess;
  readonly ready: Promise<void>;
  readonly exited: Promise<unknown>;
  output(): string;
}

/** Time a worker spent between a series' 'series done' and its next 'series started' (its log). */
function gapsBetweenSeries(log: string): { readonly totalMs: number; readonly gaps: number } {
  let lastDone: number | null = null;
  let totalMs = 0;
  let gaps = 0;
  for (const line of log.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { time?: number; msg?: string };
    if (entry.msg === 'series done') lastDone = entry.time ?? null;
    if (entry.msg === 'series started' && lastDone !== null && entry.time !== undefined) {
      totalMs += entry.time - lastDone;
      gaps++;
      lastDone = null;
    }
  }
  return { totalMs, gaps };
}

/** A worker process as the platform starts one (src/main.ts, or its A/B twin), ready once it logs so. */
function startWorkerProcess(env: Record<string, string>): WorkerProcess {
  const child = spawn(process.execPath, ['--no-node-snapshot', WORKER_MAIN], { env: { ...process.env, LOG_LEVEL: 'info', ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  let output = '';
  const ready = new Promise<void>((resolve, reject) => {
    child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
      if (output.length < 100_000) output += chunk;
      if (output.includes('"worker ready"')) resolve();
    });
    void exited.then(() => reject(new Error(`a worker exited before it was ready:\n${output}`)));
  });
  return { child, ready, exited, output: () => output };
}

/** The tournament's pairings played by the pool alone: same bots, deals and bot-seed keys. */
async function poolAlone(hosts: number, series: readonly Series[], codeOf: ReadonlyMap<string, BenchBot>): Promise<Timed> {
  const pool = createSandboxPool({ hosts });
  try {
    await sleep(SETTLE_MS);
    const cpu = { self: process.cpuUsage(), hosts: pool.stats().pids.map(cpuSeconds) };
    const started = performance.now();
    const outcomes = await Promise.all(
      series.map((s) => {
        const [a, b] = s.entrants.map((entrant) => codeOf.get(entrant.bot)!) as [BenchBot, BenchBot];
        return pool.runSeries({ game: s.game, seed: s.seed, deals: s.deals, bots: [{ name: a.name, code: a.code }, { name: b.name, code: b.code }], botSeedKey: s.botSeedKey });
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const failed = outcomes.find((outcome) => !outcome.ok);
    if (failed !== undefined && !failed.ok) throw new Error(`the pool failed a series: ${failed.error}`);
    const games = outcomes.reduce((sum, outcome) => sum + outcome.games.length, 0);
    const self = process.cpuUsage(cpu.self);
    const hostCpu = pool.stats().pids.reduce((sum, pid) => sum + cpuSeconds(pid), 0) - cpu.hosts.reduce((sum, s) => sum + s, 0);
    const supervisorCpu = (self.user + self.system) / 1e6;
    console.log(`  pool alone, ${hosts} host(s): ${games} games in ${seconds.toFixed(1)} s = ${rate(games, seconds)}; CPU: hosts ${hostCpu.toFixed(1)} s, supervisor ${supervisorCpu.toFixed(1)} s = ${perGame(hostCpu + supervisorCpu, games)}; load ${loadAverages()}`);
    return { games, seconds, hostCpu, otherCpu: supervisorCpu };
  } finally {
    await pool.close();
  }
}

/** The tournament played by `count` worker processes through the queue, store and ratings. */
async function workersRun(count: number, redisUrl: string, redis: Redis, prefix: string, store: Store, tournament: string, series: readonly Series[]): Promise<Timed> {
  const profile = PROFILE === undefined ? {} : { NODE_OPTIONS: `--no-node-snapshot --cpu-prof --cpu-prof-dir=${PROFILE}` };
  const workers: WorkerProcess[] = Array.from({ length: count }, () => startWorkerProcess({ REDIS_URL: redisUrl, XIX_PREFIX: prefix, WORKER_CONCURRENCY: '1', ...profile }));
  const queueConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue(SERIES_QUEUE, { connection: queueConnection, prefix: queuePrefix(prefix) });
  try {
    await Promise.all(workers.map((worker) => worker.ready));
    await sleep(SETTLE_MS);
    const cpuBefore = workers.map((worker) => cpuWithChildren(worker.child.pid!));
    const redisBefore = await redisSnapshot(redis);
    const started = performance.now();
    for (const s of series) await enqueueSeries(queue, 'tournament', s.id);
    while ((await store.tournamentStatus(tournament)) !== 'done') await sleep(100);
    const board = await store.leaderboard(xix.id);
    const seconds = (performance.now() - started) / 1000;
    const redisAfter = await redisSnapshot(redis);
    const cpuAfter = workers.map((worker) => cpuWithChildren(worker.child.pid!));

    const report = await store.getTournament(tournament);
    const games = report?.progress.gamesDone ?? 0;
    if (report === null || games !== report.progress.games) throw new Error(`the tournament is done with ${games} of ${report?.progress.games} games`);
    const failed = (await Promise.all(series.map((s) => store.getSeries(s.id)))).filter((s) => s?.status !== 'done');
    if (failed.length > 0) throw new Error(`series not done: ${failed.map((s) => `${s?.id} ${s?.status} ${s?.error}`).join('; ')}`);
    if (board.some((row) => row.elo === null || row.bt === null)) throw new Error('a leaderboard row has no rating');

    const workerCpu = cpuAfter.reduce((sum, after, i) => sum + after.own - cpuBefore[i]!.own, 0);
    const hostCpu = cpuAfter.reduce((sum, after, i) => sum + after.children - cpuBefore[i]!.children, 0);
    const redisCpu = redisAfter.cpuSeconds - redisBefore.cpuSeconds;
    console.log(`  ${count} worker(s)${LIVE ? '' : ' (live publishing off)'}: ${games} games in ${seconds.toFixed(1)} s = ${rate(games, seconds)}; CPU: hosts ${hostCpu.toFixed(1)} s, worker processes ${workerCpu.toFixed(1)} s, Redis ${redisCpu.toFixed(1)} s = ${perGame(hostCpu + workerCpu + redisCpu, games)}; load ${loadAverages()}`);
    const gaps = workers.map((worker) => gapsBetweenSeries(worker.output()));
    const gapMs = gaps.reduce((sum, g) => sum + g.totalMs, 0);
    const gapCount = gaps.reduce((sum, g) => sum + g.gaps, 0);
    console.log(`    a worker's host idle between two series (from 'series done' to the next 'series started'): ${(gapMs / 1000).toFixed(2)} s in all, ${(gapMs / Math.max(1, gapCount)).toFixed(0)} ms a series (${gapCount} gaps)`);
    console.log(`    leaderboard: ${board.map((row) => `${row.name} ${row.elo?.toFixed(0)}`).join(', ')}`);
    await printRedisCost(redis, prefix, redisBefore, redisAfter, games, series);
    return { games, seconds, hostCpu, otherCpu: workerCpu + redisCpu };
  } finally {
    await queue.close();
    queueConnection.disconnect();
    for (const worker of workers) worker.child.kill('SIGTERM');
    await Promise.all(workers.map((worker) => worker.exited));
  }
}

async function printRedisCost(redis: Redis, prefix: string, before: Awaited<ReturnType<typeof redisSnapshot>>, after: Awaited<ReturnType<typeof redisSnapshot>>, games: number, series: readonly Series[]): Promise<void> {
  const cost = redisCost(before, after, games);
  const keys = keysFor(prefix);
  // Redis's own count of a stored game's keys, over a sample of the tournament's matches
  // a series' games are one hash (match-record.ts): its MEMORY USAGE over its games
  const usage = async (key: string): Promise<number> => Number((await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) ?? 0);
  let recordBytes = 0;
  for (const s of series) recordBytes += await usage(keys.games(s.id));
  console.log(`    Redis per game: ${cost.cpuMsPerGame.toFixed(3)} ms CPU (one Redis core absorbs ~${cost.gamesPerCoreSecond.toFixed(0)} games/s), used_memory +${cost.bytesPerGame.toFixed(0)} B; MEMORY USAGE of the series' games hashes ${(recordBytes / games).toFixed(0)} B a game`);
  console.log(`    Redis commands per game (calls, µs): ${cost.topCommands.map((c) => `${c.name} ${c.callsPerGame.toFixed(2)}, ${c.usecPerGame.toFixed(1)}`).join('; ')}`);
}

const dir = mkdtempSync(path.join(tmpdir(), 'xix-bench-redis-'));
const own = await startRedisServer({ dir, port: await freePort() });
const redis = new Redis(own.url, { maxRetriesPerRequest: null });
try {
  const bots = await benchBots({ random: RANDOMS, heuristic: HEURISTICS, search: SEARCHES }, SEARCH_BUDGET);
  const pairings = (bots.length * (bots.length - 1)) / 2;
  console.log(`bench:tournament: ${bots.length} entrants (${bots.map((b) => b.name).join(', ')}; search budget ${SEARCH_BUDGET}, the example's default 250,000), ${pairings} pairings × ${DEALS} deals × 2 seats = ${pairings * DEALS * 2} games a run`);
  console.log(`machine: ${availableParallelism()} cores; each worker WORKER_CONCURRENCY=1 (one sandbox host); own redis-server ${own.url} (AOF everysec); load ${loadAverages()}`);
  const results: { workers: number; pool: Timed; platform: Timed }[] = [];
  for (const [run, count] of WORKER_COUNTS.entries()) {
    const prefix = `bench-t${run}`;
    const store = createStore(redis, { prefix, blobs: fileBlobStore(blobDirOf(dataDirOf(process.env))) });
    const entrants = await storeBenchBots(store, bots);
    const codeOf = new Map(entrants.map((entrant, i) => [entrant.bot, bots[i]!]));
    const created = await store.createTournament({ game: xix.id, entrants, dealsPerPairing: DEALS, seats: 2, createdBy: 'bench' });
    const series = (await Promise.all(created.series.map((id) => store.getSeries(id)))) as Series[];
    console.log(`run ${run + 1}: tournament ${created.tournament} (seed ${series[0]!.seed})`);
    const pool = await poolAlone(count, series, codeOf);
    const platform = await workersRun(count, own.url, redis, prefix, store, created.tournament, series);
    results.push({ workers: count, pool, platform });
  }

  console.log('\nsummary');
  for (const { workers, pool, platform } of results) {
    const poolRate = pool.games / pool.seconds;
    const platformRate = platform.games / platform.seconds;
    console.log(`  ${workers} worker(s): ${platformRate.toFixed(1)} games/s; pool alone (hosts=${workers}) ${poolRate.toFixed(1)} games/s; queue + storage + ratings cost ${((1 - platformRate / poolRate) * 100).toFixed(1)}% of the pool's throughput (target ≤ 20%)`);
    // CPU-bound view: on a saturated machine throughput goes as 1 / (CPU a game)
    const poolCpu = (pool.hostCpu + pool.otherCpu) / pool.games;
    const platformCpu = (platform.hostCpu + platform.otherCpu) / platform.games;
    console.log(`    by CPU a game: pool ${(poolCpu * 1000).toFixed(2)} ms, platform ${(platformCpu * 1000).toFixed(2)} ms (hosts ${((platform.hostCpu / platform.games) * 1000).toFixed(2)}, workers + Redis ${((platform.otherCpu / platform.games) * 1000).toFixed(2)}): the platform's CPU-bound throughput is ${((poolCpu / platformCpu) * 100).toFixed(0)}% of the pool's`);
  }
  const one = results.find((r) => r.workers === 1);
  const two = results.find((r) => r.workers === 2);
  if (one !== undefined && two !== undefined) {
    const speedUp = (two.platform.games / two.platform.seconds) / (one.platform.games / one.platform.seconds);
    const poolSpeedUp = (two.pool.games / two.pool.seconds) / (one.pool.games / one.pool.seconds);
    console.log(`  2 workers / 1 worker: ${speedUp.toFixed(2)}× (target ≥ 1.7×); pool alone, 2 hosts / 1 host: ${poolSpeedUp.toFixed(2)}×`);
    // A host is one thread: W workers of concurrency 1 play at most W / (host CPU a game) games/s,
    // and all processes together at most cores / (CPU a game).
    const cores = availableParallelism();
    const bound = (run: Timed, workers: number): number => Math.min(workers / (run.hostCpu / run.games), cores / ((run.hostCpu + run.otherCpu) / run.games));
    console.log(`  by CPU a game, on ${cores} idle cores: 1 worker ≤ ${bound(one.platform, 1).toFixed(0)} games/s, 2 workers ≤ ${bound(two.platform, 2).toFixed(0)} games/s: ${(bound(two.platform, 2) / bound(one.platform, 1)).toFixed(2)}×`);
  }
} finally {
  redis.disconnect();
  await own.stop();
  rmSync(dir, { recursive: true, force: true });
}
