/**
 * `npm start`: the whole platform with one command. Finds Redis (find-redis.ts), starts the server
 * and one worker as child processes (the same entry points as in Docker, each crash visible on its
 * own), and prints the URL and the house bots (the server registers them, as it does in Docker).
 * Ctrl-C stops the children first, then our own redis-server with SHUTDOWN, so the next start
 * finds everything again.
 */
import { loadFixtureGames } from '@xix/engine';
import { SERVER_MAIN, WORKER_MAIN, startChild, type Child } from './children.ts';
import { LauncherError, launcherConfig } from './config.ts';
import { findRedis, type FoundRedis } from './find-redis.ts';

// Every process entry point loads the fixture games before it reads a registry (the test-only
// switch; the server and worker it starts inherit it and load them too).
await loadFixtureGames();

const say = (line: string): void => console.log(`xix: ${line}`);
const CHILD_GRACE_MS = 20_000;

/** The house bots as the server (which registers them before it listens) lists them. */
async function houseBots(url: string): Promise<string> {
  try {
    const response = await fetch(`${url}/api/bots?owner=house`);
    const { bots } = (await response.json()) as { bots?: { id: string; name: string; active: number | null }[] };
    if (!response.ok || bots === undefined) return `house bots: the server answered ${response.status}`;
    return `house bots ${bots.map((bot) => `${bot.name}=${bot.id}v${String(bot.active)}`).join(', ') || 'none'}`;
  } catch (error) {
    return `house bots: cannot list them (${(error as Error).message})`;
  }
}

async function waitForHealth(url: string, children: readonly Child[]): Promise<{ workers: number }> {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const dead = children.find((child) => child.process.exitCode !== null || child.process.signalCode !== null);
    if (dead !== undefined) throw new LauncherError(`the ${dead.name} exited while starting (see its log above)`);
    try {
      const response = await fetch(`${url}/api/health`);
      const health = (await response.json()) as { ok?: boolean; workers?: number };
      if (response.ok && health.ok === true && (health.workers ?? 0) >= 1) return { workers: health.workers ?? 0 };
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new LauncherError(`the server did not report healthy with a worker at ${url}/api/health within 120 s`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

async function main(): Promise<number> {
  const config = launcherConfig(process.env);
  let redis: FoundRedis | null = null;
  const children: Child[] = [];
  let stopping: Promise<void> | null = null;
  const stopAll = (): Promise<void> =>
    (stopping ??= (async () => {
      await Promise.all(children.map((child) => child.stop(CHILD_GRACE_MS)));
      if (redis?.own) {
        say('stopping our redis-server (SHUTDOWN: the append-only file is complete)');
        await redis.own.stop();
      }
    })());
  let exitCode = 0;
  let stopped!: () => void;
  const stoppedByUser = new Promise<void>((resolve) => (stopped = resolve));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      say(`${signal}: stopping`);
      stopped();
    });
  }

  try {
    redis = await findRedis(config);
    say(redis.how);
    // the rated ladder keeps the leaderboard moving on a running platform (XIX_LADDER=off turns it off)
    // the children resolve nothing themselves: the blob store is `<dataDir>/blobs` whatever their working directory
    const env = { ...process.env, REDIS_URL: redis.url, HOST: config.host, PORT: String(config.port), XIX_DATA_DIR: config.dataDir, XIX_LADDER: process.env.XIX_LADDER || 'on' };
    children.push(startChild('server', SERVER_MAIN, env, true), startChild('worker', WORKER_MAIN, env, true));
    const url = `http://${config.host}:${config.port}`;
    const crashed = Promise.race(children.map(async (child) => ({ child, ...(await child.exited) })));
    const health = await Promise.race([waitForHealth(url, children), stoppedByUser.then(() => null)]);
    if (health !== null) {
      say(`pids: launcher ${process.pid}, server ${children[0]!.process.pid}, worker ${children[1]!.process.pid}${redis.own && 'process' in redis.own ? `, redis ${redis.own.process.pid}` : ''}`);
      say(await houseBots(url));
      say(`ready at ${url}/ (API docs at ${url}/api/docs; ${health.workers} worker) — Ctrl-C stops everything`);
      const ended = await Promise.race([stoppedByUser.then(() => null), crashed]);
      if (ended !== null) {
        say(`the ${ended.child.name} exited (${ended.signal ?? `code ${String(ended.code)}`}): stopping the rest`);
        exitCode = 1;
      }
    }
  } catch (error) {
    console.error(error instanceof LauncherError ? error.message : `xix: ${String((error as Error).stack ?? error)}`);
    exitCode = 1;
  }
  await stopAll();
  say('stopped');
  return exitCode;
}

process.exit(await main());
