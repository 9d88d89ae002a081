/** The leaderboard of a game: records, Elo and Bradley–Terry (docs/api.md). */
import type { FastifyInstance } from 'fastify';
import { findGame } from '@xix/engine';
import type { Store } from '@xix/store';
import { notFound } from '../http-error.ts';
import { GAME_ID_PATTERN, btSchema, errors, recordSchema } from '../schemas.ts';

const rowSchema = {
  type: 'object',
  properties: {
    bot: { type: 'string' }, owner: { type: 'string' }, name: { type: 'string' }, ...recordSchema.properties, winRate: { type: 'number' },
    elo: { type: ['number', 'null'], description: 'null: no rated game yet' }, bt: btSchema,
  },
} as const;

export function leaderboardRoutes(app: FastifyInstance, options: { store: Store }): void {
  app.get<{ Params: { game: string } }>('/api/leaderboard/:game', {
    schema: {
      summary: 'Records, Elo and Bradley–Terry ratings of the bots of a game, best win rate first', tags: ['leaderboard'],
      params: { type: 'object', required: ['game'], properties: { game: { type: 'string', pattern: GAME_ID_PATTERN } } },
      response: { 200: { type: 'object', properties: { game: { type: 'string' }, rows: { type: 'array', items: rowSchema } } }, ...errors(400, 404) },
    },
  }, async (request) => {
    const { game } = request.params;
    if (findGame(game) === undefined) throw notFound(`params.game: no game ${game} here`);
    return { game, rows: await options.store.leaderboard(game) };
  });
}
