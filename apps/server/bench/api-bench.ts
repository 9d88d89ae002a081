/**
 * npm run bench:api — the HTTP API under load, on loopback. The server runs in its own process
 * (bench-server.ts) on a store of its own prefix, seeded with four bots and ~1,000 real matches;
 * autocannon (in this process) measures the two hottest reads, then small bots are uploaded one
 * after another (compile + store + two validation series queued; no worker runs), and the
 * compile alone is timed for comparison. Everything under the prefix is deleted at the end.
 *
 * The server gets one core and this process (autocannon) the other: both are pinned with taskset
 * when the machine has two cores or more (Redis is left to the scheduler). The server logs at the
 * production default (LOG_LEVEL info: a line per request) to a pipe this process drains.
 *
 * BENCH_SECONDS (per read, default 10), BENCH_CONNECTIONS (default 10), BENCH_UPLOADS (default 50),
 * BENCH_MATCHES (default 1000), BENCH_ROUTES (comma-separated, default the two reads), BENCH_PIN
 * (1 default, 0: no pinning), BENCH_PROFILE (a directory: the server writes a V8 CPU profile there,
 * --cpu-prof), LOG_LEVEL (info), XIX_LEADERBOARD_CACHE_MS (the server's default), REDIS_URL.
 */
import { xix } from '@xix/engine';
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { once } from 'node:events';
import { availableParallelism, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { Redis } from 'ioredis';
import { compileBot } from '@xix/sandbox';
import { blobDirOf, createStore, dataDirOf, fileBlobStore, keysFor } from '@xix/store';
// The worker tests' cleanup: every key of a prefix, the store's and the queue's.
import { deletePrefix } from '../../store/test/world.ts';
import { loadAverages } from '../../worker/bench/bench-env.ts';
import { seedStore } from './bench-seed.ts';

interface Histogram {
  readonly average: number;
  readonly p50: number;
  readonly p99: number;
}
interface CannonResult {
  readonly requests: Histogram;
  readonly latency: Histogram;
  readonly errors: number;
  readonly non2xx: number;
  readonly duration: number;
}
// autocannon ships no types: the part of its programmatic API used here.
const autocannon = createRequire(import.meta.url)('autocannon') as (options: { url: string; connections: number; duration: number; pipelining: number }) => Promise<CannonResult>;

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const SECONDS = positive('BENCH_SECONDS', 10);
const CONNECTIONS = positive('BENCH_CONNECTIONS', 10);
const UPLOADS = positive('BENCH_UPLOADS', 50);
const MATCHES = positive('BENCH_MATCHES', 1000);
const SERVER = fileURLToPath(new URL('./bench-server.ts', import.meta.url));
const ROUTES = (process.env.BENCH_ROUTES || '/api/leaderboard/xix,/api/matches?game=xix&limit=20').split(',');
const LOG_LEVEL = process.env.LOG_LEVEL || 'info';
const PIN = process.env.BENCH_PIN !== '0' && availableParallelism() >= 2 && spawnSync('taskset', ['-V']).status === 0;

const BOT = `import { defineXixBot } from '@xix/sdk';\n// upload N\nexport default defineXixBot({ decide: (view) => view.legalActions[view.legalActions.length - 1]! });\n`;

let logLines = 0;
const prefix = `bench-${randomBytes(4).toString('hex')}`;
const redis = new Redis(REDIS_URL);
const line = (label: string, figure: string, target: string): void => console.log(`${label.padEnd(44)} ${figure.padStart(22)}   target ${target}`);
// autocannon (this process, all its threads) on core 1; the server goes on core 0 below
if (PIN) pin(process.pid, 1);
console.log(`load average ${loadAverages()} before; ${PIN ? 'server pinned to core 0, autocannon to core 1' : 'no pinning'}; server LOG_LEVEL ${LOG_LEVEL}`);

try {
  const store = createStore(redis, { prefix, blobs: fileBlobStore(blobDirOf(dataDirOf(process.env))) });
  let started = performance.now();
  const seeded = await seedStore(store, MATCHES);
  console.log(`seeded ${prefix}: ${seeded.bots.length} bots, ${seeded.matches} matches in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  await reportBytesPerGame(store);
  const user = await store.createUser('uploader');
  if (user === 'exists') throw new Error('the fresh prefix already has a user uploader');

  const profile = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  const server = spawn(process.execPath, ['--no-node-snapshot', ...profile, SERVER], {
    env: { ...process.env, REDIS_URL, XIX_PREFIX: prefix, LOG_LEVEL, UPLOAD_RATE: String(UPLOADS * 10) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const url = await serverUrl(server);
    if (PIN) pin(server.pid!, 0);
    console.log(`server pid ${server.pid} at ${url}; autocannon: ${CONNECTIONS} connections, ${SECONDS} s per route\n`);
    for (const route of ROUTES) {
      const result = await autocannon({ url: `${url}${route}`, connections: CONNECTIONS, duration: SECONDS, pipelining: 1 });
      if (result.errors > 0 || result.non2xx > 0) throw new Error(`${route}: ${result.errors} errors, ${result.non2xx} non-2xx answers`);
      line(`GET ${route}`, `${Math.round(result.requests.average)} req/s`, '≥ 10,000 req/s');
      line('', `p99 ${result.latency.p99} ms`, '< 20 ms');
      line('', `p50 ${result.latency.p50} ms, load ${loadavg()[0]!.toFixed(2)}`, '-');
    }

    const times: number[] = [];
    started = performance.now();
    for (let i = 0; i < UPLOADS; i++) {
      const begin = performance.now();
      const response = await fetch(`${url}/api/bots`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: JSON.stringify({ game: xix.id, name: 'lastbot', files: { 'lastbot.ts': BOT.replace('N', String(i)) } }),
      });
      const text = await response.text();
      times.push(performance.now() - begin);
      if (response.status !== 201) throw new Error(`upload ${i + 1}: ${response.status} ${text}`);
    }
    const elapsed = (performance.now() - started) / 1000;
    console.log('');
    line(`POST /api/bots (${UPLOADS} uploads, one at a time)`, `${(UPLOADS / elapsed).toFixed(1)} uploads/s`, '-');
    line('', `median ${median(times).toFixed(1)} ms`, 'answered in < 50 ms median');

    const compiles: number[] = [];
    for (let i = 0; i < UPLOADS; i++) {
      const begin = performance.now();
      const compiled = await compileBot({ entry: 'lastbot.ts', files: new Map([['lastbot.ts', BOT.replace('N', String(i))]]) });
      compiles.push(performance.now() - begin);
      if (!compiled.ok) throw new Error(compiled.message);
    }
    line('compileBot alone (this process)', `median ${median(compiles).toFixed(1)} ms`, '-');
    console.log(`\nserver log: ${logLines} lines; load average ${loadAverages()} after`);
  } finally {
    server.kill('SIGTERM');
    if (server.exitCode === null) await once(server, 'exit');
  }
} finally {
  await deletePrefix(redis, prefix);
  await redis.quit();
}

/**
 * The child prints `listening <url>` once it is up; its exit before that is a failure. Its log
 * (pino, a JSON line per entry) is only counted, in logLines.
 */
async function serverUrl(child: ReturnType<typeof spawn>): Promise<string> {
  let seen = '';
  let url: string | null = null;
  return new Promise((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) logLines++;
      if (url !== null) return;
      seen += chunk.toString();
      const found = /^listening (\S+)$/m.exec(seen);
      if (found) {
        url = found[1]!;
        resolve(url);
      }
    });
    child.once('exit', (code) => reject(new Error(`the bench server exited (${code}) before listening: ${seen}`)));
  });
}

/** Every thread of a process onto one core (taskset -a). */
function pin(pid: number, core: number): void {
  const result = spawnSync('taskset', ['-a', '-p', '-c', String(core), String(pid)], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`taskset could not pin ${pid} to core ${core}: ${result.stderr}`);
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

function positive(name: string, fallback: number): number {
  const text = process.env[name];
  if (text === undefined) return fallback;
  const n = Number(text);
  if (!/^\d+$/.test(text) || n < 1) throw new Error(`${name} must be a positive whole number, got ${text}`);
  return n;
}

/** What a stored game costs: its blob's JSON and its gzip, and Redis's own count of its series' games hash. */
async function reportBytesPerGame(store: ReturnType<typeof createStore>): Promise<void> {
  const keys = keysFor(prefix);
  let games = 0, raw = 0, gzipped = 0, redisBytes = 0;
  const seriesSeen = new Set<string>();
  for (let before: string | undefined; ;) {
    const page = await store.listMatches({ game: xix.id, limit: 100, ...(before !== undefined && { before }) });
    for (const match of page.matches) {
      games++;
      raw += match.rawBytes;
      gzipped += match.replayBytes;
      if (!seriesSeen.has(match.seriesId)) redisBytes += Number(await redis.call('MEMORY', 'USAGE', keys.games(match.seriesId), 'SAMPLES', '0'));
      seriesSeen.add(match.seriesId);
    }
    if (page.next === null) break;
    before = page.next;
  }
  if (games === 0) return;
  console.log(`stored games: ${games}; replay and logs JSON ${(raw / games).toFixed(0)} B, gzipped ${(gzipped / games).toFixed(0)} B (${(raw / gzipped).toFixed(1)}x) in the blob store; Redis memory of the records (games hashes) ${(redisBytes / games).toFixed(0)} B a game\n`);
}
