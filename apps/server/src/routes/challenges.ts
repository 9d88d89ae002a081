/** Challenges: your bot against any active bot of the same game, an unrated mirrored series. */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import type { Bot, Store } from '@xix/store';
import { callerOf } from '../plugins/auth.ts';
import { enqueueSeries } from '../enqueue.ts';
import { badRequest, conflict, notFound } from '../http-error.ts';
import { BOT_ID_PATTERN, SERIES_ID_PATTERN, errors, idParams, seriesSchema } from '../schemas.ts';
import { rateLimitOf } from '../rate-limits.ts';
import { requireBot, requireOwner } from './bots.ts';

export const MAX_CHALLENGE_DEALS = 50;
export const DEFAULT_CHALLENGE_DEALS = 5;

function playable(bot: Bot, field: string): number {
  if (bot.retired) throw conflict(`${field}: bot ${bot.id} is retired`);
  if (bot.active === null) throw conflict(`${field}: bot ${bot.id} has no active version yet`);
  return bot.active;
}

export function challengeRoutes(app: FastifyInstance, options: { store: Store; queue: Queue; challengeRate: number }): void {
  const { store, queue } = options;

  app.post<{ Body: { bot: string; opponent: string; deals?: number } }>('/api/challenges', {
    onRequest: app.requireCaller,
    config: rateLimitOf('challenge', options.challengeRate, 'minute', 'caller'),
    schema: {
      summary: 'Challenge: your bot against another active bot of its game, unrated; each deal is played from both seats', tags: ['series'], security: [{ bearer: [] }],
      body: {
        type: 'object', required: ['bot', 'opponent'], additionalProperties: false,
        properties: {
          bot: { type: 'string', pattern: BOT_ID_PATTERN, description: 'your bot' },
          opponent: { type: 'string', pattern: BOT_ID_PATTERN },
          deals: { type: 'integer', minimum: 1, maximum: MAX_CHALLENGE_DEALS, default: DEFAULT_CHALLENGE_DEALS },
        },
      },
      response: { 202: { type: 'object', properties: { series: { type: 'string' } } }, ...errors(400, 401, 403, 404, 409, 429) },
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const { bot: botId, opponent: opponentId, deals = DEFAULT_CHALLENGE_DEALS } = request.body;
    if (botId === opponentId) throw badRequest('body.opponent must be another bot than body.bot');
    const bot = await requireBot(store, botId, 'body.bot');
    requireOwner(bot, caller);
    const opponent = await requireBot(store, opponentId, 'body.opponent');
    if (opponent.game !== bot.game) throw conflict(`body.opponent: bot ${opponent.id} plays ${opponent.game}, not ${bot.game}`);
    const entrants = [{ bot: bot.id, version: playable(bot, 'body.bot') }, { bot: opponent.id, version: playable(opponent, 'body.opponent') }];
    const series = await store.createSeries({ game: bot.game, kind: 'challenge', rated: false, entrants, deals, seed: randomInt(2 ** 31), requestedBy: caller.name });
    await enqueueSeries(queue, 'challenge', series);
    return reply.status(202).send({ series });
  });

  app.get<{ Params: { id: string } }>('/api/series/:id', {
    schema: { summary: 'A series: its status and the matches stored so far', tags: ['series'], params: idParams(SERIES_ID_PATTERN, 'series id'), response: { 200: seriesSchema, ...errors(400, 404) } },
  }, async (request) => {
    const series = await store.getSeries(request.params.id);
    if (series === null) throw notFound(`params.id: no series ${request.params.id}`);
    // the response schema leaves the secret bot-seed key out; this says so in the code too
    const { botSeedKey: _secret, ...visible } = series;
    return visible;
  });
}
