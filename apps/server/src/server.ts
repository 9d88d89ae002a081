/**
 * buildServer: the platform's HTTP API as a fastify app. Everything is a plugin: errors, auth,
 * the OpenAPI document, the rate limit (in Redis, so it holds across server processes), routes.
 * Tests call inject(); a process calls listen() (main.ts).
 */
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Queue } from 'bullmq';
import type { Store } from '@xix/store';
import { DEFAULT_CONFIG, type ServerConfig } from './config.ts';
import { OneLinePerRequest } from './logging.ts';
import { rateLimitPlugin } from './rate-limits.ts';
import { withRedactedUrls } from './redact.ts';
import { authPlugin } from './plugins/auth.ts';
import { authThrottlePlugin } from './plugins/auth-throttle.ts';
import { closeGracePlugin } from './plugins/close-grace.ts';
import { contentEncodingPlugin } from './plugins/content-encoding.ts';
import { dashboardPlugin } from './plugins/dashboard.ts';
import { errorsPlugin } from './plugins/errors.ts';
import { livePlugin } from './plugins/live.ts';
import { metricsPlugin } from './plugins/metrics.ts';
import { openapiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { validationPlugin } from './plugins/validation.ts';
import { webPlugin } from './plugins/web.ts';
import { botRoutes } from './routes/bots.ts';
import { challengeRoutes } from './routes/challenges.ts';
import { leaderboardRoutes } from './routes/leaderboard.ts';
import { liveRoutes } from './routes/live.ts';
import { storeTapes } from './live/broadcast-tape.ts';
import { DEFAULT_TIMING, storeHolds } from './live/broadcast.ts';
import { Broadcasts } from './live/channels.ts';
import { matchRoutes } from './routes/matches.ts';
import { metaRoutes } from './routes/meta.ts';
import { tokenRoutes } from './routes/tokens.ts';
import { tournamentRoutes } from './routes/tournaments.ts';
import { userRoutes } from './routes/users.ts';

export interface ServerOptions {
  readonly store: Store;
  /** The `series` queue (BullMQ), with the store's queue prefix. */
  readonly queue: Queue;
  readonly config?: Partial<ServerConfig>;
  /** fastify's logger option: false (default) in tests, processLogger() in main.ts. */
  readonly logger?: FastifyServerOptions['logger'];
}

export async function buildServer(options: ServerOptions): Promise<FastifyInstance> {
  const config: ServerConfig = { ...DEFAULT_CONFIG, ...options.config };
  const { store, queue } = options;
  const app = Fastify({
    logger: withRedactedUrls(options.logger),
    logController: new OneLinePerRequest(),
    bodyLimit: config.bodyLimit,
  });

  closeGracePlugin(app, config.closeGraceMs);
  await securityHeadersPlugin(app);
  validationPlugin(app);
  errorsPlugin(app);
  contentEncodingPlugin(app);
  authThrottlePlugin(app, { store, perAddress: config.authFailureRate });
  authPlugin(app, { store, adminToken: config.adminToken });
  await openapiPlugin(app);
  rateLimitPlugin(app, store);

  // the broadcast (live/channels.ts): holds keep a game's deal and result news back while it is shown
  const broadcasts = new Broadcasts(store, storeTapes(store), storeHolds(store), { ...DEFAULT_TIMING, paceMs: config.broadcastPaceMs, pauseMs: config.broadcastPauseMs }, app.log);
  if (config.featuredAlwaysOn) broadcasts.pinFeatured();
  await app.register(async (api) => {
    metaRoutes(api, { store, queue });
    userRoutes(api, { store, registerRate: config.registerRate });
    tokenRoutes(api, { store });
    botRoutes(api, { store, queue, uploadRate: config.uploadRate, validationDeals: config.validationDeals });
    matchRoutes(api, { store });
    challengeRoutes(api, { store, queue, challengeRate: config.challengeRate });
    leaderboardRoutes(api, { store });
    tournamentRoutes(api, { store, queue });
    liveRoutes(api, { store, broadcasts });
  });
  metricsPlugin(app, { store, queue, adminToken: config.adminToken });
  await dashboardPlugin(app, { queue, adminToken: config.adminToken });
  await livePlugin(app, { store, heartbeatMs: config.heartbeatMs, broadcasts });
  await webPlugin(app);
  return app;
}
