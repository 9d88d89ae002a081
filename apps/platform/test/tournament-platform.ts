/**
 * The platform as the tournament end-to-end tests drive it: the real server on a real port (in
 * this process), worker processes (apps/worker/src/main.ts), a Redis (the shared one under a
 * prefix of its own, or a test's own redis-server), and an HTTP client. Waiting is always on a
 * condition read over HTTP, with a deadline; never a fixed sleep.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { buildServer, registerHouseBots } from '@xix/server';
import { createStore, queuePrefix, SERIES_QUEUE, type Match, type Series, type Store, type TournamentReport } from '@xix/store';
import { ADMIN_TOKEN } from '../../server/test/app.ts';
import { until, type UntilOptions } from '../../store/test/until.ts';
import { deletePrefix, testBlobs } from '../../store/test/world.ts';
import { testPrefix } from '../../worker/test/helpers.ts';
import { spawnWorker, type WorkerProcess } from '../../worker/test/worker-process.ts';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
/** Long enough for validations and a small tournament on a busy two-core machine. */
export const WAIT_MS = 60_000;
/** The platform's reads go on through a Redis restart: a read that fails then means "not yet". */
const REDIS_MAY_RESTART: UntilOptions = { timeoutMs: WAIT_MS, everyMs: 20, readErrorsWait: true };
/** Shared with the tests that use this platform. */
export { until };

export interface Http {
  readonly url: string;
  /** The JSON of a 2xx answer; any other status throws with the body. */
  call<T>(method: 'GET' | 'POST', route: string, options?: { body?: unknown; token?: string }): Promise<T>;
  /** GET of a text document (the /metrics exposition). */
  text(route: string, token?: string): Promise<string>;
}

function httpClient(url: string): Http {
  const send = async (method: string, route: string, body: unknown, token: string | undefined): Promise<Response> => {
    const response = await fetch(`${url}${route}`, {
      method,
      headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...(token !== undefined && { authorization: `Bearer ${token}` }) },
      ...(body !== undefined && { body: JSON.stringify(body) }),
    });
    if (!response.ok) throw new Error(`${method} ${route}: ${response.status} ${await response.text()}`);
    return response;
  };
  return {
    url,
    async call<T>(method: 'GET' | 'POST', route: string, options: { body?: unknown; token?: string } = {}) {
      return (await (await send(method, route, options.body, options.token)).json()) as T;
    },
    async text(route, token) {
      return (await send('GET', route, undefined, token)).text();
    },
  };
}

export interface Platform {
  readonly http: Http;
  readonly prefix: string;
  /** The platform's store, for what the API does not show yet (a tournament deal not played at every table). */
  readonly store: Store;
  readonly workers: WorkerProcess[];
  /** Spawns a worker process with the platform's settings and `env`; resolves once it takes jobs. */
  startWorker(env?: Record<string, string>): Promise<WorkerProcess>;
  /** Every worker's log, for a failure message. */
  workerLogs(): string;
  close(): Promise<void>;
}

/**
 * The server on a free port, with an admin, one-deal validations, and the house bots (a new
 * version's validation plays house random), over `redisUrl` under a fresh prefix.
 */
export async function openPlatform(redisUrl: string, workerEnv: Record<string, string> = {}): Promise<Platform> {
  const prefix = testPrefix();
  // null: a command waits out a Redis restart instead of failing (the tests restart Redis)
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: null });
  const queueConnection = new Redis(redisUrl, { maxRetriesPerRequest: null });
  for (const connection of [redis, queueConnection]) connection.on('error', () => undefined);
  const store = createStore(redis, { prefix, blobs: testBlobs });
  const queue = new Queue(SERIES_QUEUE, { connection: queueConnection, prefix: queuePrefix(prefix) });
  queue.on('error', () => undefined);
  await registerHouseBots(store);
  const server = await buildServer({ store, queue, config: { adminToken: ADMIN_TOKEN, uploadRate: 1000, validationDeals: 1 } });
  await server.listen({ port: 0, host: '127.0.0.1' });
  const address = server.server.address();
  if (address === null || typeof address === 'string') throw new Error('the server has no port');
  const workers: WorkerProcess[] = [];
  return {
    http: httpClient(`http://127.0.0.1:${address.port}`),
    prefix,
    store,
    workers,
    async startWorker(env = {}) {
      const worker = spawnWorker({ REDIS_URL: redisUrl, XIX_PREFIX: prefix, ...workerEnv, ...env });
      workers.push(worker);
      await worker.ready;
      return worker;
    },
    workerLogs: () => workers.map((w, i) => `worker ${i}:\n${w.output().slice(-3000)}`).join('\n'),
    async close() {
      for (const w of workers) if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGTERM');
      await Promise.all(workers.map((w) => w.exited));
      await server.close();
      await queue.close();
      await deletePrefix(redis, prefix);
      redis.disconnect();
      queueConnection.disconnect();
    },
  };
}

/**
 * A legal bot that spends a counted loop (the sandbox's clock is frozen) on each decision in seat
 * 0, a millisecond or so, far inside the decision limit: its pairings last long enough for a test
 * to kill something in the middle of one. Entered last, it is the second bot of its pairings, in
 * seat 0 in the second game of each deal: a series of it spends most of its time with a deal's
 * first game stored and the second in play, where a job taken up again must not store a game twice.
 */
const PONDER = `import { defineXixBot } from '@xix/sdk';
export default defineXixBot({
  decide(view) {
    let x = 0;
    if (view.seat === 0) for (let i = 0; i < 500_000; i++) x = (x + i) | 0;
    return view.legalActions[x === 0.5 ? 1 : 0]!;
  },
});
`;

const example = (name: string): string => readFileSync(`${ROOT}sdk/examples/xix/${name}.ts`, 'utf8');

/** The entrants: three bundled example bots and the slow one, last. */
export const ENTRANTS: readonly { name: string; source: string }[] = [
  { name: 'random', source: example('random') },
  { name: 'heuristic', source: example('heuristic') },
  { name: 'tutorial', source: readFileSync(`${ROOT}sdk/tutorial/tutorial.ts`, 'utf8') },
  { name: 'ponder', source: PONDER },
];

export interface Entrant {
  readonly bot: string;
  readonly name: string;
  /** The validation series of its version (their games are stored too, unrated). */
  readonly validation: readonly string[];
}

/** A user uploads the entrants over HTTP; answers them once every one is active. */
export async function uploadEntrants(http: Http): Promise<Entrant[]> {
  const { token } = await http.call<{ token: string }>('POST', '/api/users', { body: { name: 'tess' } });
  const entrants: Entrant[] = [];
  for (const { name, source } of ENTRANTS) {
    const files = { 'bot.ts': source };
    const upload = await http.call<{ bot: string; version: number; validation: string[] }>('POST', '/api/bots', { token, body: { game: 'xix', name, files } });
    entrants.push({ bot: upload.bot, name, validation: upload.validation });
  }
  for (const { bot } of entrants) {
    // the bot and its version are read one after the other: wait for the bot's own word
    const validated = await until(`bot ${bot} validated`, () => http.call<{ active: number | null; versions: { state: string }[] }>('GET', `/api/bots/${bot}`), (b) => b.active === 1 || b.versions[0]?.state === 'rejected', REDIS_MAY_RESTART);
    if (validated.active !== 1) throw new Error(`bot ${bot} was rejected: ${JSON.stringify(validated)}`);
  }
  return entrants;
}

/** The admin's round robin of the entrants over HTTP. */
export async function createTournament(http: Http, entrants: readonly Entrant[], dealsPerPairing: number): Promise<{ tournament: string; series: string[] }> {
  return http.call('POST', '/api/tournaments', { token: ADMIN_TOKEN, body: { game: 'xix', bots: entrants.map((e) => e.bot), dealsPerPairing } });
}

export const tournamentReport = (http: Http, id: string): Promise<TournamentReport> => http.call('GET', `/api/tournaments/${id}`);

export async function finishedTournament(platform: Platform, id: string, timeoutMs = WAIT_MS): Promise<TournamentReport> {
  try {
    return await until(`tournament ${id} done`, () => tournamentReport(platform.http, id), (r) => r.status === 'done', { ...REDIS_MAY_RESTART, timeoutMs });
  } catch (error) {
    throw new Error(`${(error as Error).message}\n${platform.workerLogs()}`);
  }
}

/** A series' stored matches over HTTP (one page: a pairing has at most MAX_PAGE games here). */
export async function matchesOfSeries(http: Http, series: string): Promise<Match[]> {
  const page = await http.call<{ matches: Match[]; next: string | null }>('GET', `/api/matches?series=${series}&limit=100`);
  if (page.next !== null) throw new Error(`series ${series} has more than one page of matches`);
  return page.matches;
}

/**
 * Waits until a pairing of `slow` is in its first half, past its first deal: that deal stored from
 * both seats (so a job taken up again has a deal to skip) and at least half the games still to
 * play, so what the test kills at once dies in the middle of the series. Answers the series id.
 */
export async function midSeries(http: Http, tournament: string, slow: string): Promise<string> {
  const inFirstHalf = (report: TournamentReport, cell: TournamentReport['crossTable'][number]): boolean =>
    cell.entrants.some((e) => e.bot === slow) && cell.games >= 2 && cell.games <= report.dealsPerPairing;
  const report = await until(`a pairing of ${slow} in its first half`, () => tournamentReport(http, tournament), (r) => r.crossTable.some((cell) => inFirstHalf(r, cell)), REDIS_MAY_RESTART);
  return report.crossTable.find((cell) => inFirstHalf(report, cell))!.series;
}

/** What a worker logged about a series: the pino lines naming it with `msg`. */
export function seriesLog(worker: WorkerProcess, series: string, msg: 'series started' | 'series done'): Record<string, unknown>[] {
  return worker
    .output()
    .split('\n')
    .flatMap((line) => {
      if (!line.startsWith('{')) return [];
      const entry = JSON.parse(line) as Record<string, unknown>;
      return entry.series === series && entry.msg === msg ? [entry] : [];
    });
}

export const seriesOf = (http: Http, id: string): Promise<Series> => http.call('GET', `/api/series/${id}`);
