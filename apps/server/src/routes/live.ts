/** The games in progress and the broadcast, each a websocket away (GET /api/follow/match:<id>, docs/api.md "Streams"). */
import type { FastifyInstance } from 'fastify';
import type { Store } from '@xix/store';
import { MAX_LIVE_GAMES, gamesInProgress } from '../live/games-in-progress.ts';
import type { Broadcasts } from '../live/channels.ts';
import { broadcastsSchema, liveGamesSchema } from '../schemas.ts';

export function liveRoutes(app: FastifyInstance, options: { store: Store; broadcasts: Broadcasts }): void {
  const { store, broadcasts } = options;
  app.get('/api/broadcasts', {
    schema: { summary: 'The games this server broadcasts and those it just finished showing (docs/api.md "Follow stream")', tags: ['live'], response: { 200: broadcastsSchema } },
  }, async () => broadcasts.summaries());
  app.get('/api/live', {
    schema: { summary: `The games in progress, newest first (at most ${MAX_LIVE_GAMES})`, tags: ['live'], response: { 200: liveGamesSchema } },
  }, async () => ({ games: await gamesInProgress(store) }));
}
