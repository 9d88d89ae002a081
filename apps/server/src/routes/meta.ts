/** Health and the games the arena knows. */
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import { readFile } from 'node:fs/promises';
import { defaultGame, findGame } from '@xix/engine';
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
    queue: { type: 'object', properties: { waiting: { type: 'integer' }, active: { type: 'integer' }, failed: { type: 'integer' } } },
    workers: { type: 'integer' },
  },
} as const;

export function metaRoutes(app: FastifyInstance, options: { store: Store; queue: Queue }): void {
  // The front door is the leaderboard of the default game (the web pages, plugins/web.ts).
  app.get('/', { schema: { hide: true } }, async (_request, reply) => reply.redirect(`/leaderboard/${defaultGame().id}`));
  app.get('/api/health', {
    schema: { summary: 'Is the server up, with Redis, the queue counts and the workers', tags: ['meta'], response: { 200: healthSchema, 503: healthSchema } },
  }, async (_request, reply) => {
    const redis = await options.store.redis.ping().then((pong) => pong === 'PONG', () => false);
    const [counts, workers] = redis
      ? await Promise.all([options.queue.getJobCounts('waiting', 'active', 'failed'), options.queue.getWorkersCount()]).catch(() => [null, 0] as const)
      : [null, 0];
    const queue = { waiting: counts?.waiting ?? 0, active: counts?.active ?? 0, failed: counts?.failed ?? 0 };
    const ok = redis && counts !== null;
    return reply.status(ok ? 200 : 503).send({ ok, redis, queue, workers });
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
