export { startWorker, type SeriesWorker, type StartWorkerOptions } from './worker.ts';
export { runSeries, InfrastructureError, type RunContext, type SeriesRun } from './run-series.ts';
export { createBundleCache, MissingBundleError, type BundleCache, type CachedBot } from './bundle-cache.ts';
export { matchInput } from './match-input.ts';
export { workerConfig, type WorkerConfig } from './config.ts';
export { redactUrl } from './redact-url.ts';
export type { MatchInput, SeriesEntrant, StoredSeries, WorkerStore } from './store-port.ts';
export { startSprtRunner, type SprtRunner, type SprtRunnerOptions } from './sprt-runner.ts';
