/**
 * GET /metrics: Prometheus text format, for the admin (the scraper sends the admin token, Bearer
 * or Basic). Everything is read from Redis when scraped, so any server process answers for the
 * whole platform: the `series` queue by state, the age of its oldest waiting job and how long jobs
 * waited (per queue kind, counted by the workers), live workers, and the counters recordMatch keeps
 * per game (games, forfeits by verdict, CPU time per decision).
 * A registry per app, not prom-client's global one, so that several apps (tests) can coexist.
 */
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import { Counter, Gauge, Histogram, Registry } from 'prom-client';
import { GAMES } from '@xix/engine';
import { DECISION_BUCKETS_MS, QUEUE_WAIT_BUCKETS_S, readGameCounters, readQueueWaits, type GameCounters, type HistogramCounts, type Store } from '@xix/store';
import { adminOnly } from './dashboard.ts';

const QUEUE_STATES = ['waiting', 'active', 'delayed', 'prioritized', 'failed'] as const;

type HistogramData = Awaited<ReturnType<Histogram['get']>>;
// prom-client's MetricType is a TypeScript enum of these strings that its JavaScript does not export
const HISTOGRAM = 'histogram' as unknown as HistogramData['type'];

interface StoredHistogramConfig {
  readonly name: string;
  readonly help: string;
  /** The one label the histograms are kept by (besides `le`). */
  readonly label: string;
  readonly buckets: readonly number[];
  /** Each label value's counts, as the store keeps them. */
  readonly read: () => Promise<(readonly [string, HistogramCounts])[]>;
}

/**
 * A histogram whose buckets are counted in Redis (by recordMatch's script, by the workers), not
 * observed in this process: it reports the stored counts instead of its own.
 */
class StoredHistogram extends Histogram {
  private readonly config: StoredHistogramConfig;

  constructor(config: StoredHistogramConfig, registry: Registry) {
    super({ name: config.name, help: config.help, labelNames: [config.label], buckets: [...config.buckets], registers: [registry] });
    this.config = config;
  }

  override async get(): Promise<HistogramData> {
    const { name, help, label } = this.config;
    const values: HistogramData['values'] = [];
    for (const [value, { buckets, sum, count }] of await this.config.read()) {
      for (const { le, count: n } of buckets) values.push({ metricName: `${name}_bucket`, labels: { [label]: value, le }, value: n });
      values.push({ metricName: `${name}_sum`, labels: { [label]: value }, value: sum });
      values.push({ metricName: `${name}_count`, labels: { [label]: value }, value: count });
    }
    return { name, help, type: HISTOGRAM, aggregator: 'sum', collect: () => undefined, values };
  }

  /** The registry's text output calls this one when it exists (prom-client 15); the base one would not call get(). */
  async getForPromString(): Promise<HistogramData> {
    return this.get();
  }
}

export function metricsRegistry(store: Store, queue: Queue): Registry {
  const registry = new Registry();
  const readCounters = async () => Promise.all([...GAMES.keys()].map(async (game) => [game, await readGameCounters(store.redis, store.prefix, game)] as [string, GameCounters]));

  new Gauge({
    name: 'xix_queue_jobs', help: 'jobs of the queue by state', labelNames: ['queue', 'state'], registers: [registry],
    async collect() {
      const counts = await queue.getJobCounts(...QUEUE_STATES);
      this.reset();
      for (const state of QUEUE_STATES) this.set({ queue: queue.name, state }, counts[state] ?? 0);
    },
  });
  new Gauge({
    name: 'xix_queue_oldest_waiting_seconds',
    help: 'age of the oldest job waiting to run (waiting list, and the next prioritized job: jobs of one priority run oldest first); 0 when none waits',
    labelNames: ['queue'], registers: [registry],
    async collect() {
      const [waiting, prioritized] = await Promise.all([queue.getJobs(['waiting'], 0, 0, true), queue.getJobs(['prioritized'], 0, 0, true)]);
      const stamps = [...waiting, ...prioritized].map((job) => job.timestamp).filter((t) => Number.isFinite(t));
      this.set({ queue: queue.name }, stamps.length === 0 ? 0 : Math.max(0, (Date.now() - Math.min(...stamps)) / 1000));
    },
  });
  new Gauge({
    name: 'xix_workers', help: 'worker connections on the queue (BullMQ getWorkers)', labelNames: ['queue'], registers: [registry],
    async collect() { this.set({ queue: queue.name }, await queue.getWorkersCount()); },
  });
  new Counter({
    name: 'xix_games_stored_total', help: 'games stored, by game, across all processes', labelNames: ['game'], registers: [registry],
    async collect() {
      this.reset();
      for (const [game, counters] of await readCounters()) this.inc({ game }, counters.games);
    },
  });
  new Counter({
    name: 'xix_forfeits_total', help: 'games lost by forfeit, by game and verdict (R12), across all processes', labelNames: ['game', 'verdict'], registers: [registry],
    async collect() {
      this.reset();
      for (const [game, counters] of await readCounters()) {
        for (const [verdict, n] of Object.entries(counters.forfeits)) this.inc({ game, verdict }, n);
      }
    },
  });
  new StoredHistogram({
    name: 'xix_decision_cpu_ms', help: 'CPU milliseconds a sandboxed bot used per decision, from stored replays', label: 'game', buckets: DECISION_BUCKETS_MS,
    read: async () => (await readCounters()).map(([game, counters]) => [game, counters.cpuMs] as const),
  }, registry);
  new StoredHistogram({
    name: 'xix_queue_wait_seconds', help: 'seconds a job waited in the queue before a worker first started it, by queue kind (job name)', label: 'kind', buckets: QUEUE_WAIT_BUCKETS_S,
    read: () => readQueueWaits(store.redis, store.prefix),
  }, registry);
  return registry;
}

export function metricsPlugin(app: FastifyInstance, options: { store: Store; queue: Queue; adminToken: string | null }): void {
  const registry = metricsRegistry(options.store, options.queue);
  app.get('/metrics', { schema: { hide: true }, onRequest: adminOnly(options.adminToken) }, async (_request, reply) => {
    const text = await registry.metrics();
    return reply.type(registry.contentType).send(text);
  });
}
