/**
 * bench:tournament's A/B entry (BENCH_LIVE=off): a worker process like src/main.ts, configured from
 * the same environment, but started with `live: false`, so that the cost of publishing games to
 * live spectators can be told apart from the rest of the platform's.
 */
import { pino } from 'pino';
import { workerConfig } from '../src/config.ts';
import { startWorker } from '../src/worker.ts';

const config = workerConfig(process.env);
const log = pino({ level: config.logLevel, base: { service: 'worker' } });
const worker = startWorker({ ...config, logger: log, live: false });
worker.ready.then(() => log.info({ live: false }, 'worker ready'), (error: unknown) => log.error({ err: String(error) }, 'worker cannot start'));
process.once('SIGTERM', () => void worker.close().then(() => process.exit(0)));
