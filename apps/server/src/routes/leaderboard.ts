/**
 * The leaderboards of a game, one per variant: records, Elo (provisional or not) and Bradley–Terry
 * (docs/api.md). `/api/leaderboard/{game}` is the game's main variant (game-info.ts mainVariant:
 * the default variant for games with one board, so the boards of before keep their address).
 */
import type { FastifyInstance } from 'fastify';
import { findGame, type AnyGame } from '@xix/engine';
import { PROVISIONAL_GAMES, VARIANT, type Store } from '@xix/store';
import { mainVariant, variantsOf } from '../game-info.ts';
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

export const leaderboardSchema = {
  type: 'object',
  required: ['game', 'variant', 'rows'],
  properties: { game: { type: 'string' }, variant: { type: 'string' }, rows: { type: 'array', items: rowSchema } },
} as const;

function requireGame(id: string): AnyGame {
  const game = findGame(id);
  if (game === undefined) throw notFound(`params.game: no game ${id} here`);
  return game;
}

export function leaderboardRoutes(app: FastifyInstance, options: { store: Store }): void {
  const summary = 'Records, Elo (provisional while a new version settles) and Bradley–Terry ratings of the bots of a game, best win rate first';
  app.get<{ Params: { game: string } }>('/api/leaderboard/:game', {
    schema: {
      summary: `${summary}: its main variant (GET /api/games)`, tags: ['leaderboard'],
      params: { type: 'object', required: ['game'], properties: { game: { type: 'string', pattern: GAME_ID_PATTERN } } },
      response: { 200: leaderboardSchema, ...errors(400, 404) },
    },
  }, async (request) => {
    const game = requireGame(request.params.game);
    const variant = mainVariant(game);
    return { game: game.id, variant, rows: await options.store.leaderboard(game.id, variant) };
  });

  app.get<{ Params: { game: string; variant: string } }>('/api/leaderboard/:game/:variant', {
    schema: {
      summary: `${summary}: one variant (GET /api/games lists them)`, tags: ['leaderboard'],
      params: { type: 'object', required: ['game', 'variant'], properties: { game: { type: 'string', pattern: GAME_ID_PATTERN }, variant: { type: 'string', pattern: VARIANT.source } } },
      response: { 200: leaderboardSchema, ...errors(400, 404) },
    },
  }, async (request) => {
    const game = requireGame(request.params.game);
    const { variant } = request.params;
    const known = variantsOf(game);
    if (known !== null && !known.includes(variant)) throw notFound(`params.variant: ${game.id} has no variant ${variant}; its variants: ${known.join(', ')}`);
    return { game: game.id, variant, rows: await options.store.leaderboard(game.id, variant) };
  });
}
