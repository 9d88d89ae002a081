/**
 * Challenges: your bot against one or more active bots of the same game, an unrated series in which
 * every deal is played once per seat rotation. The entrant count, the table size and the options
 * are checked at the door (game-table.ts).
 */
import { randomInt } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import { findGame, type OptionValue } from '@xix/engine';
import type { Bot, Store } from '@xix/store';
import { callerOf } from '../plugins/auth.ts';
import { enqueueSeries } from '../enqueue.ts';
import { doorTable } from '../game-table.ts';
import { badRequest, conflict, notFound } from '../http-error.ts';
import { BOT_ID_PATTERN, SERIES_ID_PATTERN, errors, idParams, seriesSchema } from '../schemas.ts';
import { rateLimitOf } from '../rate-limits.ts';
import { requireBot, requireOwner } from './bots.ts';

export const MAX_CHALLENGE_DEALS = 50;
export const DEFAULT_CHALLENGE_DEALS = 5;
/** Opponents of one challenge at most: a table of 9 entrants (1923's largest). */
export const MAX_CHALLENGE_OPPONENTS = 8;

function playable(bot: Bot, field: string): number {
  if (bot.retired) throw conflict(`${field}: bot ${bot.id} is retired`);
  if (bot.active === null) throw conflict(`${field}: bot ${bot.id} has no active version yet`);
  return bot.active;
}

interface ChallengeBody {
  bot: string;
  opponents: string[];
  deals?: number;
  seats?: number;
  options?: Record<string, OptionValue>;
}

export function challengeRoutes(app: FastifyInstance, options: { store: Store; queue: Queue; challengeRate: number }): void {
  const { store, queue } = options;

  app.post<{ Body: ChallengeBody }>('/api/challenges', {
    onRequest: app.requireCaller,
    config: rateLimitOf('challenge', options.challengeRate, 'minute', 'caller'),
    schema: {
      summary: 'Challenge: your bot against other active bots of its game at one table, unrated; each deal is played once per seat rotation', tags: ['series'], security: [{ bearer: [] }],
      body: {
        type: 'object', required: ['bot', 'opponents'], additionalProperties: false,
        properties: {
          bot: { type: 'string', pattern: BOT_ID_PATTERN, description: 'your bot' },
          opponents: {
            type: 'array', minItems: 1, maxItems: MAX_CHALLENGE_OPPONENTS, uniqueItems: true, items: { type: 'string', pattern: BOT_ID_PATTERN },
            description: 'the other entrants (one for a two-entrant table); GET /api/games lists the entrant counts each game seats',
          },
          deals: { type: 'integer', minimum: 1, maximum: MAX_CHALLENGE_DEALS, default: DEFAULT_CHALLENGE_DEALS },
          seats: { type: 'integer', minimum: 2, maximum: 64, description: 'seats at the table; default the smallest table that seats the entrants' },
          options: { type: 'object', additionalProperties: { type: ['integer', 'boolean', 'string'] }, description: "the game's options (GET /api/games); default the game's defaults" },
        },
      },
      response: { 202: { type: 'object', properties: { series: { type: 'string' } } }, ...errors(400, 401, 403, 404, 409, 429) },
    },
  }, async (request, reply) => {
    const caller = callerOf(request);
    const { bot: botId, opponents: opponentIds, deals = DEFAULT_CHALLENGE_DEALS } = request.body;
    if (opponentIds.includes(botId)) throw badRequest('body.opponents must be other bots than body.bot');
    const bot = await requireBot(store, botId, 'body.bot');
    requireOwner(bot, caller);
    const game = findGame(bot.game);
    if (game === undefined) throw conflict(`body.bot: bot ${bot.id} plays ${bot.game}, which this server no longer has`);
    const table = doorTable(game, 1 + opponentIds.length, request.body.seats, request.body.options, { entrants: 'body.opponents', seats: 'body.seats', options: 'body.options' });
    const entrants = [{ bot: bot.id, version: playable(bot, 'body.bot') }];
    for (const [i, id] of opponentIds.entries()) {
      const field = `body.opponents[${i}]`;
      const opponent = await requireBot(store, id, field);
      if (opponent.game !== bot.game) throw conflict(`${field}: bot ${opponent.id} plays ${opponent.game}, not ${bot.game}`);
      entrants.push({ bot: opponent.id, version: playable(opponent, field) });
    }
    const series = await store.createSeries({
      game: bot.game, kind: 'challenge', rated: false, entrants, seats: table.seats, options: table.options, deals, seed: randomInt(2 ** 31), requestedBy: caller.name,
    });
    await enqueueSeries(queue, 'challenge', series);
    return reply.status(202).send({ series });
  });

  app.get<{ Params: { id: string } }>('/api/series/:id', {
    schema: { summary: 'A series: its status and the matches stored so far', tags: ['series'], params: idParams(SERIES_ID_PATTERN, 'series id'), response: { 200: seriesSchema, ...errors(400, 404) } },
  }, async (request) => {
    const series = await store.getSeries(request.params.id);
    if (series === null) throw notFound(`params.id: no series ${request.params.id}`);
    // the response schema leaves the secret keys out; this says so in the code too
    const { botSeedKey: _botSeedKey, dealKey: _dealKey, ...visible } = series;
    // a game whose deal is not public yet is not listed, as a game in progress (routes/matches.ts)
    const unpublished = await store.unpublishedMatches(series.matches);
    return unpublished.size === 0 ? visible : { ...visible, matches: series.matches.filter((id) => !unpublished.has(id)) };
  });
}
