/** The leaderboard of a game: records, Elo (provisional or not) and Bradley–Terry (docs/api.md). */
import type { FastifyInstance } from 'fastify';
import { findGame } from '@xix/engine';
import { PROVISIONAL_GAMES, type Store } from '@xix/store';
import { notFound } from '../http-error.ts';
import { GAME_ID_PATTERN, btSchema, errors, recordSchema } from '../schemas.ts';

const rowSchema = {
  type: 'object',
  required: ['bot', 'owner', 'name', ...Object.keys(recordSchema.properties), 'winRate', 'elo', 'provisional', 'bt'],
  properties: {
    bot: { type: 'string' }, owner: { type: 'string' }, name: { type: 'string' }, ...recordSchema.properties, winRate: { type: 'number' },
    elo: {
      type: ['number', 'null'],
      description: "Elo of the bot's current version (the active one): its own, or the rating it starts from, its previous version's; null: no version of the bot has a rated game yet",
    },
    provisional: {
      type: 'boolean',
      description: `true while the current version has fewer than ${PROVISIONAL_GAMES} rated games: its Elo is still settling (the ladder schedules it first)`,
    },
    bt: btSchema,
  },
} as const;

export function leaderboardRoutes(app: FastifyInstance, options: { store: Store }): void {
  app.get<{ Params: { game: string } }>('/api/leaderboard/:game', {
    schema: {
      summary: 'Records, Elo (provisional while a new version settles) and Bradley–Terry ratings of the bots of a game, best win rate first', tags: ['leaderboard'],
      params: { type: 'object', required: ['game'], properties: { game: { type: 'string', pattern: GAME_ID_PATTERN } } },
      response: { 200: { type: 'object', properties: { game: { type: 'string' }, rows: { type: 'array', items: rowSchema } } }, ...errors(400, 404) },
    },
  }, async (request) => {
    const { game } = request.params;
    if (findGame(game) === undefined) throw notFound(`params.game: no game ${game} here`);
    return { game, rows: await options.store.leaderboard(game) };
  });
}
