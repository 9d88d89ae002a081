/**
 * bench:storage (issue 24): what a finished ladder game costs Redis and the blob store. Stores
 * BENCH_GAMES (default a million) games of ladder series (LADDER_DEALS deals × 2 seats, as the
 * ladder plays them, each series marked done) between BENCH_BOTS bots through the real store
 * (recordMatch: its checks, its compression, its one Lua script), BENCH_CONCURRENCY at a time,
 * into a redis-server of its own on a free port, and prints Redis's used_memory a game and the
 * blob store's bytes a game. The replays are real games of the example bots (a few, reused).
 *
 * The first BENCH_FILE_GAMES (default 20,000) go to the real file blob store in a temp directory
 * (fsynced writes: what they cost on disk is measured there); the rest to a blob store that only
 * counts bytes, so a million games need neither hours of fsyncs nor gigabytes of files. Redis does
 * the same work either way.
 *
 *   npm run bench:storage                      # a million games
 *   BENCH_GAMES=60000 npm run bench:storage    # a quick run
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { xix } from '@xix/engine';
import { playSeries, trustedPlayer } from '@xix/referee';
import heuristic from '../../../sdk/examples/xix/heuristic.ts';
import random from '../../../sdk/examples/xix/random.ts';
import { freePort, startRedisServer } from '../../platform/src/redis-server.ts';
import { LADDER_DEALS, compressGame, createStore, fileBlobStore, keysFor, type BlobStore, type MatchEntrant, type ReplayLike } from '../src/index.ts';

const whole = (name: string, fallback: number): number => {
  const text = process.env[name];
  if (text === undefined || text === '') return fallback;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new Error(`${name} must be a positive whole number, got "${text}"`);
  return Number(text);
};
const GAMES = whole('BENCH_GAMES', 1_000_000);
const FILE_GAMES = Math.min(GAMES, whole('BENCH_FILE_GAMES', 20_000));
const BOTS = whole('BENCH_BOTS', 20);
const CONCURRENCY = whole('BENCH_CONCURRENCY', 64);
const PER_SERIES = LADDER_DEALS * 2;
/** The ladder's pace on `npm start` (issue 24: about 1.9 games a second): finishedAt steps by this. */
const GAME_EVERY_MS = 526;

/** A blob store that keeps nothing and counts what it was given. */
function countingBlobStore(): BlobStore & { bytes: number; blobs: number } {
  const counter = {
    bytes: 0,
    blobs: 0,
    async put(_key: string, bytes: Buffer) { counter.bytes += bytes.length; counter.blobs++; },
    async get() { return null; },
    async delete() {},
    async list() { return []; },
    async deleteFolder() {},
  };
  return counter;
}

/** Real games of the example bots: their replays, reused for every stored game. */
function recordedReplays(count: number): ReplayLike[] {
  const replays: ReplayLike[] = [];
  playSeries({
    game: xix, games: count, seed: 24, players: [trustedPlayer(random, 'random'), trustedPlayer(heuristic, 'heuristic')],
    onGame: ({ record }) => { replays.push(record.replay as ReplayLike); },
  });
  return replays;
}

const usedMemory = async (redis: Redis): Promise<number> => Number(/used_memory:(\d+)/.exec(await redis.info('memory'))![1]);
const usage = async (redis: Redis, key: string): Promise<number> => Number((await redis.call('MEMORY', 'USAGE', key, 'SAMPLES', '0')) ?? 0);
const kb = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KiB`;

const dir = mkdtempSync(path.join(tmpdir(), 'xix-bench-storage-'));
const own = await startRedisServer({ dir: path.join(dir, 'redis'), port: await freePort() });
const redis = new Redis(own.url, { maxRetriesPerRequest: null });
try {
  const fileBlobs = fileBlobStore(path.join(dir, 'blobs'));
  const counted = countingBlobStore();
  const prefix = 'bench';
  const onFiles = createStore(redis, { prefix, blobs: fileBlobs });
  const onCounter = createStore(redis, { prefix, blobs: counted });
  const replays = recordedReplays(24);
  const gz = replays.map((replay) => compressGame({ replay, logs: ['', ''] }).gz.length);
  console.log(`bench:storage: ${GAMES.toLocaleString('en')} ladder games (series of ${PER_SERIES}) among ${BOTS} bots, ${CONCURRENCY} at a time; own redis-server ${own.url}; replays: ${replays.length} real games of the example bots, ${(replays.reduce((s, r) => s + r.moves.length, 0) / replays.length).toFixed(0)} moves and ${(gz.reduce((s, n) => s + n, 0) / gz.length).toFixed(0)} B gzipped a game`);

  const bots: MatchEntrant[] = [];
  for (let i = 0; i < BOTS; i++) {
    const name = `bot-${String(i).padStart(3, '0')}`;
    const put = await onFiles.putVersion({ owner: 'bench', name, game: xix.id, entry: 'bot.ts', files: { 'bot.ts': `// ${name}` }, bundle: `/* ${name} */`, bytes: 10, compileMs: 1, state: 'active' });
    if (!put.ok) throw new Error(put.reason);
    bots.push({ bot: put.bot, version: put.version, name });
  }
  await redis.call('MEMORY', 'PURGE');
  const before = await usedMemory(redis);
  const t0 = Date.now() - GAMES * GAME_EVERY_MS;
  const started = performance.now();
  let next = 0;
  let filesDoneAt = 0;
  const seriesCount = Math.ceil(GAMES / PER_SERIES);
  async function lane(): Promise<void> {
    for (let s = next++; s < seriesCount; s = next++) {
      const a = bots[s % BOTS]!;
      const b = bots[(s + 1 + Math.floor(s / BOTS) % (BOTS - 1)) % BOTS]!;
      const seriesId = await onCounter.createSeries({ game: xix.id, kind: 'ladder', rated: true, entrants: [a, b], deals: LADDER_DEALS, seed: s, requestedBy: 'ladder' });
      await onCounter.setSeriesStatus(seriesId, 'running');
      for (let g = 0; g < PER_SERIES && s * PER_SERIES + g < GAMES; g++) {
        const n = s * PER_SERIES + g;
        await (n < FILE_GAMES ? onFiles : onCounter).recordMatch({
          id: `${seriesId}.${g}`, seriesId, game: xix.id, kind: 'ladder', rated: true,
          entrants: g % 2 === 0 ? [a, b] : [b, a], replay: replays[n % replays.length]!, logs: ['', ''], finishedAt: t0 + n * GAME_EVERY_MS,
        });
        if (n + 1 === FILE_GAMES) filesDoneAt = performance.now();
      }
      await onCounter.setSeriesStatus(seriesId, 'done');
      if (s % 20_000 === 0 && s > 0) console.log(`  ${(s * PER_SERIES).toLocaleString('en')} games, ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  }
  await Promise.all(Array.from({ length: CONCURRENCY }, lane));
  const seconds = (performance.now() - started) / 1000;
  await redis.call('MEMORY', 'PURGE');
  const after = await usedMemory(redis);
  const perGame = (after - before) / GAMES;
  console.log(`stored ${GAMES.toLocaleString('en')} games in ${seconds.toFixed(0)} s (${(GAMES / seconds).toFixed(0)} games/s; the first ${FILE_GAMES.toLocaleString('en')} to files in ${(filesDoneAt / 1000 - started / 1000).toFixed(0)} s)`);
  console.log(`Redis used_memory: ${kb(before)} before, ${kb(after)} after: ${perGame.toFixed(0)} B a game (target ≤ 300)`);

  // where it goes: MEMORY USAGE of a finished series' keys and of the indexes, a game's share
  const sample = 's100';
  const keys = keysFor(prefix);
  const seriesBytes = await usage(redis, keys.series(sample));
  const gamesBytes = await usage(redis, keys.games(sample));
  const stream = await usage(redis, keys.results(xix.id));
  const indexes = (await usage(redis, keys.matchesAll())) + (await usage(redis, keys.matchesOfGame(xix.id))) + (await Promise.all(bots.map((b) => usage(redis, keys.matchesOfBot(b.bot))))).reduce((s, n) => s + n, 0);
  console.log(`  a finished ladder series: series hash ${seriesBytes} B, games hash ${gamesBytes} B: ${((seriesBytes + gamesBytes) / PER_SERIES).toFixed(0)} B a game`);
  console.log(`  results stream (ratings): ${(stream / GAMES).toFixed(0)} B a game; match indexes (capped): ${kb(indexes)} in all, ${(indexes / GAMES).toFixed(1)} B a game`);

  const onDisk = Number(execFileSync('du', ['-sb', path.join(dir, 'blobs')], { encoding: 'utf8' }).split('\t')[0]);
  const blocks = Number(execFileSync('du', ['-sk', path.join(dir, 'blobs')], { encoding: 'utf8' }).split('\t')[0]) * 1024;
  const fileBytes = counted.bytes / Math.max(1, counted.blobs);
  console.log(`blob store: ${(onDisk / FILE_GAMES).toFixed(0)} B a game in files (${FILE_GAMES.toLocaleString('en')} games; ${(blocks / FILE_GAMES).toFixed(0)} B a game in disk blocks, folders included); the other ${counted.blobs.toLocaleString('en')} games ${fileBytes.toFixed(0)} B a game`);
  const month = 1.9 * 86_400 * 30;
  console.log(`a month of the ladder at 1.9 games/s (4.9 M games): Redis ${((perGame * month) / 2 ** 20).toFixed(0)} MiB, kept; blob store ${((fileBytes * month) / 2 ** 30).toFixed(1)} GiB of files, ${((blocks / FILE_GAMES * month) / 2 ** 30).toFixed(1)} GiB of disk blocks (deleted after XIX_REPLAY_RETENTION_DAYS)`);
} finally {
  redis.disconnect();
  await own.stop();
  rmSync(dir, { recursive: true, force: true });
}
