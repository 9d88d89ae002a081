/**
 * A worker process: `node --no-node-snapshot apps/worker/src/main.ts`, configured from the
 * environment (config.ts: REDIS_URL, XIX_PREFIX, WORKER_CONCURRENCY, LOG_LEVEL, …). SIGTERM or SIGINT stop it
 * gracefully: no new jobs, the running series finished or handed back, the sandbox hosts closed.
 */
import { pino } from 'pino';
import { workerConfig } from './config.ts';
import { startWorker } from './worker.ts';

let config;
try {
  config = workerConfig(process.env);
} catch (error) {
  console.error(`xix worker: ${(error as Error).message}`);
  process.exit(2);
}
const log = pino({ level: config.logLevel, base: { service: 'worker' } });
const worker = startWorker({ ...config, logger: log });
worker.ready.then(
  () => log.info({ concurrency: config.concurrency, prefix: config.prefix, pid: process.pid }, 'worker ready'),
  (error: unknown) => log.error({ err: String(error) }, 'worker cannot start'),
);

let stopping = false;
const stop = (signal: string): void => {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'worker stopping');
  worker.close().then(
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
