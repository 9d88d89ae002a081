/** The games in progress, each a websocket away (GET /api/matches/:id/events, docs/api.md "Streams"). */
import type { FastifyInstance } from 'fastify';
import type { Store } from '@xix/store';
import { MAX_LIVE_GAMES, gamesInProgress } from '../live/games-in-progress.ts';
import { liveGamesSchema } from '../schemas.ts';

export function liveRoutes(app: FastifyInstance, options: { store: Store }): void {
  const { store } = options;
  app.get('/api/live', {
    schema: { summary: `The games in progress, newest first (at most ${MAX_LIVE_GAMES})`, tags: ['live'], response: { 200: liveGamesSchema } },
  }, async () => ({ games: await gamesInProgress(store) }));
}
