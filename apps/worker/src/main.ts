/**
 * A worker process: `node --no-node-snapshot apps/worker/src/main.ts`, configured from the
 * environment (config.ts: REDIS_URL, XIX_PREFIX, XIX_DATA_DIR, WORKER_CONCURRENCY, LOG_LEVEL, XIX_LADDER, XIX_LADDER_*, XIX_SPRT, XIX_SPRT_*,
 * XIX_REPLAY_RETENTION_DAYS, …). SIGTERM or
 * SIGINT stop it gracefully: no new jobs, the running series finished or handed back, the sandbox
 * hosts closed. With XIX_LADDER=on it also runs the ladder's scheduler (one acts at a time, ladder.ts).
 */
import { pino } from 'pino';
import { loadFixtureGames } from '@xix/engine';
import { workerConfig } from './config.ts';
import { startLadder } from './ladder.ts';
import { startSprtRunner } from './sprt-runner.ts';
import { startStorageKeeper } from './storage-keeper.ts';
import { startWorker } from './worker.ts';

// The fixture games join the registry before anything reads it (the test-only switch).
await loadFixtureGames();

let config;
try {
  config = workerConfig(process.env);
} catch (error) {
  console.error(`xix worker: ${(error as Error).message}`);
  process.exit(2);
}
const log = pino({ level: config.logLevel, base: { service: 'worker' } });
// the background SPRT of each new active version against the previous one (XIX_SPRT=off: none)
const sprt = config.sprt.enabled ? startSprtRunner({ redisUrl: config.redisUrl, prefix: config.prefix, settings: config.sprt.settings, intervalMs: config.sprt.intervalMs, logger: log }) : null;
const worker = startWorker({ ...config, logger: log, ...(sprt !== null && { afterSeries: sprt.afterSeries }) });
const ladder = config.ladder.enabled
  ? startLadder({
    redisUrl: config.redisUrl, prefix: config.prefix, intervalMs: config.ladder.intervalMs, backlog: config.ladder.backlog, logger: log,
    pace: { quietMs: config.ladder.quietMs, settledElo: config.ladder.settledElo },
  })
  : null;
// moves old data out of Redis at start-up, then deletes expired replays (one worker acts at a time)
const storage = startStorageKeeper({ redisUrl: config.redisUrl, prefix: config.prefix, dataDir: config.dataDir, ...config.storage, logger: log });
worker.ready.then(
  () => log.info({ concurrency: config.concurrency, prefix: config.prefix, pid: process.pid, ladder: config.ladder.enabled }, 'worker ready'),
  (error: unknown) => log.error({ err: String(error) }, 'worker cannot start'),
);

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping');
  Promise.all([ladder?.close(), storage.close(), worker.close().then(() => sprt?.close())]).then(
    () => {
      log.info('worker stopped');
      process.exit(0);
    },
    (error: unknown) => {
      log.error({ err: String(error) }, 'worker did not stop cleanly');
      process.exit(1);
    },
  );
};
process.on('SIGTERM', () => stop('SIGTERM'));
process.on('SIGINT', () => stop('SIGINT'));
// Started by the launcher with an IPC channel: a launcher that died (even by SIGKILL) takes its
// worker down with it instead of leaving it running unsupervised.
if (process.channel !== undefined) {
  process.channel.unref();
  process.on('disconnect', () => stop('launcher gone'));
}
