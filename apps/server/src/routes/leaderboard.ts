/** The leaderboard of a game: rated records (ratings come with tournaments). */
import type { FastifyInstance } from 'fastify';
import { findGame } from '@xix/engine';
import type { Store } from '@xix/store';
import { notFound } from '../http-error.ts';
import { GAME_ID_PATTERN, errors, recordSchema } from '../schemas.ts';

const rowSchema = { type: 'object', properties: { bot: { type: 'string' }, owner: { type: 'string' }, name: { type: 'string' }, ...recordSchema.properties, winRate: { type: 'number' } } } as const;

export function leaderboardRoutes(app: FastifyInstance, options: { store: Store }): void {
  app.get<{ Params: { game: string } }>('/api/leaderboard/:game', {
    schema: {
      summary: 'Rated records of the bots of a game, best win rate first', tags: ['leaderboard'],
      params: { type: 'object', required: ['game'], properties: { game: { type: 'string', pattern: GAME_ID_PATTERN } } },
      response: { 200: { type: 'object', properties: { game: { type: 'string' }, rows: { type: 'array', items: rowSchema } } }, ...errors(400, 404) },
    },
  }, async (request) => {
    const { game } = request.params;
    if (findGame(game) === undefined) throw notFound(`params.game: no game ${game} here`);
    return { game, rows: await options.store.leaderboard(game) };
  });
}
