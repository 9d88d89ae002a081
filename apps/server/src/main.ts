/**
 * The server process: configuration from the environment, pino logging through fastify, the house
 * bots registered, and a graceful close on SIGTERM/SIGINT (in-flight requests finish first).
 */
import { pino } from 'pino';
import { loadFixtureGames } from '@xix/engine';
import { ConfigError, MAKE_ADMIN_TOKEN, MIN_ADMIN_TOKEN_LENGTH, configFromEnv, type ServerConfig } from './config.ts';
import { openServerConnections } from './connections.ts';
import { houseGames, registerHouseBots } from './house-bots.ts';
import { processLogger } from './logging.ts';
import { reconcileQueue } from './reconcile.ts';
import { buildServer } from './server.ts';

// The fixture games join the registry before anything reads it (the test-only switch).
await loadFixtureGames();

function readConfig(): ServerConfig {
  try {
    return configFromEnv();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    // a configuration mistake is one line, not a stack trace
    console.error(`xix server: ${error.message}`);
    process.exit(2);
  }
}

const config = readConfig();
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = process.env.XIX_PREFIX || 'xix';

// The connections' errors may come before the app (and its logger) exists: they have a logger of their own.
const connections = openServerConnections({ redisUrl, prefix, leaderboardCacheMs: config.leaderboardCacheMs, dataDir: config.dataDir, log: pino({ level: config.logLevel }) });
const { store, queue } = connections;
const app = await buildServer({ store, queue, config, logger: processLogger(config.logLevel) });
if (config.adminToken === null) {
  app.log.info(`no admin: XIX_ADMIN_TOKEN is unset, so /admin/queues, /metrics and creating tournaments are closed; to open them, set it to ${MIN_ADMIN_TOKEN_LENGTH} or more random characters, made with: ${MAKE_ADMIN_TOKEN}`);
}

for (const game of houseGames()) {
  const house = await registerHouseBots(store, game);
  app.log.info({ game, house: house.map(({ name, bot, version }) => `${name}=${bot}v${version}`) }, 'house bots ready');
}

// Series stored by a server that died before enqueuing them get their jobs now. A failure here is
// logged, not fatal: the series stay stored and the next start enqueues them.
try {
  const reconciled = await reconcileQueue(store, queue);
  app.log.info({ ...reconciled }, 'queue reconciled with the unfinished series');
} catch (error) {
  app.log.error({ err: error instanceof Error ? error.message : String(error) }, 'cannot reconcile the queue with the unfinished series');
}

let closing = false;
async function shutdown(signal: string): Promise<void> {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'closing');
  await app.close();
  await connections.close();
}
process.once('SIGTERM', () => void shutdown('SIGTERM'));
process.once('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });

// Started by the launcher with an IPC channel: a launcher that died (even by SIGKILL) takes its
// server down with it instead of leaving it running unsupervised.
if (process.channel !== undefined) {
  process.channel.unref();
  process.once('disconnect', () => void shutdown('launcher gone'));
}
