/** Health and the games the arena knows. */
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import { readFile } from 'node:fs/promises';
import { findGame } from '@xix/engine';
import { templateFile } from '@xix/sdk/files';
import { notFound } from '../http-error.ts';
import { gameInfos } from '../game-info.ts';
import { errors, gameInfoSchema } from '../schemas.ts';
import type { Store } from '@xix/store';

const healthSchema = {
  type: 'object',
  required: ['ok', 'redis', 'queue', 'workers'],
  properties: {
    ok: { type: 'boolean' },
    redis: { type: 'boolean' },
    queue: {
      type: 'object',
      properties: {
        waiting: { type: 'integer', description: 'jobs ready for a worker, whatever their priority' },
        delayed: { type: 'integer', description: 'jobs waiting out a delay: a retry’s backoff' },
        active: { type: 'integer' },
        failed: { type: 'integer' },
      },
    },
    workers: { type: 'integer' },
  },
} as const;

/**
 * How long health waits for Redis at most. A connection that is not ready is not asked at all: a
 * command on it would wait for the reconnection attempts (seconds) before failing.
 */
export const HEALTH_WAIT_MS = 1000;

/** `work`'s value, or null if it fails or takes longer than `ms`. */
async function within<T>(ms: number, work: Promise<T>): Promise<T | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => { timer = setTimeout(() => resolve(null), ms); });
  try {
    return await Promise.race([work.catch(() => null), late]);
  } finally {
    clearTimeout(timer);
  }
}

export function metaRoutes(app: FastifyInstance, options: { store: Store; queue: Queue }): void {
  app.get('/api/health', {
    schema: { summary: 'Is the server up, with Redis, the queue counts and the workers', tags: ['meta'], response: { 200: healthSchema, 503: healthSchema } },
  }, async (_request, reply) => {
    const { store, queue } = options;
    const connected = store.redis.status === 'ready';
    const redis = connected && (await within(HEALTH_WAIT_MS, store.redis.ping())) === 'PONG';
    // BullMQ keeps jobs of a priority in a list of their own ('prioritized'): they wait all the same
    const looked = redis ? await within(HEALTH_WAIT_MS, Promise.all([queue.getJobCounts('waiting', 'prioritized', 'delayed', 'active', 'failed'), queue.getWorkersCount()])) : null;
    const [counts, workers] = looked ?? [null, 0];
    const count = (state: string): number => counts?.[state] ?? 0;
    const ok = redis && counts !== null;
    return reply.status(ok ? 200 : 503).send({ ok, redis, queue: { waiting: count('waiting') + count('prioritized'), delayed: count('delayed'), active: count('active'), failed: count('failed') }, workers });
  });

  app.get('/api/games', {
    schema: {
      summary: 'The games bots can play (the default game first): table sizes and the entrants each seats, options, variants (one leaderboard each), house bots', tags: ['meta'],
      response: { 200: { type: 'array', items: gameInfoSchema } },
    },
  }, async () => gameInfos());

  app.get<{ Params: { id: string } }>('/api/games/:id/template', {
    schema: {
      summary: "A game's new-bot template (what `xix new-bot --game ID` starts from): the upload page's starting source", tags: ['meta'],
      params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^[a-z0-9][a-z0-9-]{0,31}$', description: 'game id' } } },
      response: {
        200: { type: 'object', required: ['game', 'file', 'source'], properties: { game: { type: 'string' }, file: { type: 'string' }, source: { type: 'string' } } },
        ...errors(400, 404),
      },
    },
  }, async (request) => {
    const game = findGame(request.params.id);
    if (game === undefined) throw notFound(`params.id: no game ${request.params.id}`);
    return { game: game.id, file: 'bot.ts', source: await readFile(templateFile(game.id), 'utf8') };
  });
}
