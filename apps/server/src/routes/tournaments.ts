/**
 * Round-robin tournaments (admin): every table of k entrants (every pair when k = 2; every pair
 * shares as many tables) plays one rated series, each deal once per seat rotation; anyone
 * reads the progress, standings and cross table. Cancelling removes the pairings not yet started
 * from the queue; a running one finishes and counts.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Queue } from 'bullmq';
import { entrantsAt, findGame, tableSizes, type OptionValue } from '@xix/engine';
import { validationTableSizes } from '@xix/referee';
import { doorTable } from '../game-table.ts';
import { MAX_DEALS_PER_PAIRING, MAX_TOURNAMENT_ENTRANTS, cancelledSeriesReason, tableScheduleProblem, type EntrantRef, type Store } from '@xix/store';
import { callerOf } from '../plugins/auth.ts';
import { enqueueSeries } from '../enqueue.ts';
import { badRequest, conflict, forbidden, notFound } from '../http-error.ts';
import { BOT_ID_PATTERN, GAME_ID_PATTERN, TOURNAMENT_ID_PATTERN, errors, idParams, optionsValuesSchema, tournamentReportSchema, tournamentSchema } from '../schemas.ts';

export const DEFAULT_DEALS_PER_PAIRING = 50;

/** Job states of a pairing not yet taken by a worker: those a cancel removes. */
const NOT_STARTED = new Set(['waiting', 'prioritized', 'delayed', 'waiting-children']);

interface CreateBody {
  game: string;
  bots?: string[];
  dealsPerPairing?: number;
  seats?: number;
  options?: Record<string, OptionValue>;
  limits?: Record<string, number>;
}

function requireAdmin(request: FastifyRequest): string {
  const caller = callerOf(request);
  if (!caller.admin) throw forbidden('only the admin runs tournaments');
  return caller.name;
}

/** The entrants: the bots asked for (each active, of the game) or every active bot of the game; `perTable` sit at each table. */
async function entrantsOf(store: Store, game: string, seats: number, perTable: number, ids: readonly string[] | undefined): Promise<EntrantRef[]> {
  if (ids === undefined) {
    const bots = (await store.listBots({ game })).filter((bot) => !bot.retired && bot.active !== null);
    if (bots.length < perTable) throw conflict(`game ${game} has ${bots.length} active bot(s); a tournament at ${seats} seats needs at least ${perTable}`);
    if (bots.length > MAX_TOURNAMENT_ENTRANTS) throw conflict(`game ${game} has ${bots.length} active bots; name at most ${MAX_TOURNAMENT_ENTRANTS} in body.bots`);
    return bots.map((bot) => ({ bot: bot.id, version: bot.active ?? 0 }));
  }
  if (new Set(ids).size !== ids.length) throw badRequest('body.bots names a bot twice');
  if (ids.length < perTable) throw badRequest(`body.bots: tables of ${seats} seats need at least ${perTable} bots, got ${ids.length}`);
  const entrants: EntrantRef[] = [];
  for (const id of ids) {
    const bot = await store.getBot(id);
    if (bot === null) throw notFound(`body.bots: no bot ${id}`);
    if (bot.game !== game) throw conflict(`body.bots: bot ${id} plays ${bot.game}, not ${game}`);
    if (bot.retired) throw conflict(`body.bots: bot ${id} is retired`);
    if (bot.active === null) throw conflict(`body.bots: bot ${id} has no active version yet`);
    entrants.push({ bot: id, version: bot.active });
  }
  return entrants;
}

export function tournamentRoutes(app: FastifyInstance, options: { store: Store; queue: Queue }): void {
  const { store, queue } = options;

  app.post<{ Body: CreateBody }>('/api/tournaments', {
    onRequest: app.requireCaller,
    schema: {
      summary: 'Round robin (admin): every table of `seats` entrants (every pair at 2 seats) plays a rated series, each deal once per seat rotation', tags: ['tournaments'], security: [{ bearer: [] }],
      body: {
        type: 'object', required: ['game'], additionalProperties: false,
        properties: {
          game: { type: 'string', pattern: GAME_ID_PATTERN },
          bots: { type: 'array', minItems: 2, maxItems: MAX_TOURNAMENT_ENTRANTS, items: { type: 'string', pattern: BOT_ID_PATTERN }, description: 'default: every active, non-retired bot of the game' },
          dealsPerPairing: { type: 'integer', minimum: 1, maximum: MAX_DEALS_PER_PAIRING, default: DEFAULT_DEALS_PER_PAIRING, description: 'deals each table plays, each once per seat rotation' },
          seats: { type: 'integer', minimum: 2, maximum: MAX_TOURNAMENT_ENTRANTS, description: 'seats at each table, one of the game\'s table sizes (GET /api/games); default its smallest that seats two entrants' },
          options: { type: 'object', additionalProperties: { type: ['integer', 'boolean', 'string'] }, description: "the game's options (GET /api/games); default the game's defaults" },
          limits: {
            type: 'object', additionalProperties: false, description: 'sandbox limits overriding the defaults',
            properties: {
              memoryMb: { type: 'integer', minimum: 8, maximum: 512 }, decisionMs: { type: 'integer', minimum: 1, maximum: 10_000 },
              bankMs: { type: 'integer', minimum: 0, maximum: 60_000 }, loadMs: { type: 'integer', minimum: 1, maximum: 60_000 },
            },
          },
        },
      },
      response: { 201: { type: 'object', properties: { tournament: { type: 'string' }, seats: { type: 'integer' }, options: optionsValuesSchema, series: { type: 'array', items: { type: 'string' } } } }, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request, reply) => {
    const admin = requireAdmin(request);
    const { game, bots, dealsPerPairing = DEFAULT_DEALS_PER_PAIRING, limits } = request.body;
    const definition = findGame(game);
    if (definition === undefined) throw badRequest(`body.game: no game ${game}`);
    const seats = request.body.seats ?? validationTableSizes(definition)[0]!;
    if (!tableSizes(definition).includes(seats) || entrantsAt(definition, seats) < 2) {
      throw badRequest(`body.seats: ${game} is played at ${definition.seats.min} to ${definition.seats.max} seats with two entrants or more at a table, not ${seats}`);
    }
    const perTable = entrantsAt(definition, seats);
    const { options } = doorTable(definition, perTable, seats, request.body.options, { entrants: 'body.bots', seats: 'body.seats', options: 'body.options' });
    const entrants = await entrantsOf(store, game, seats, perTable, bots);
    const problem = tableScheduleProblem(entrants.length, perTable);
    if (problem !== null) throw (bots === undefined ? conflict : badRequest)(`${bots === undefined ? `the active bots of ${game}` : 'body.bots'}: ${problem}`);
    const created = await store.createTournament({ game, entrants, dealsPerPairing, seats, options, createdBy: admin, ...(limits !== undefined && { limits }) });
    for (const series of created.series) await enqueueSeries(queue, 'tournament', series);
    return reply.status(201).send({ ...created, seats, options });
  });

  app.get<{ Querystring: { game?: string } }>('/api/tournaments', {
    schema: {
      summary: 'Tournaments, newest first (at most 100)', tags: ['tournaments'],
      querystring: { type: 'object', additionalProperties: false, properties: { game: { type: 'string', pattern: GAME_ID_PATTERN } } },
      response: { 200: { type: 'array', items: tournamentSchema }, ...errors(400) },
    },
  }, async (request) => store.listTournaments(request.query.game === undefined ? {} : { game: request.query.game }));

  app.get<{ Params: { id: string } }>('/api/tournaments/:id', {
    schema: {
      summary: 'A tournament: status, progress, standings, cross table, and the pairings that failed (with why)', tags: ['tournaments'],
      params: idParams(TOURNAMENT_ID_PATTERN, 'tournament id'), response: { 200: tournamentReportSchema, ...errors(400, 404) },
    },
  }, async (request) => {
    const report = await store.getTournament(request.params.id);
    if (report === null) throw notFound(`params.id: no tournament ${request.params.id}`);
    return report;
  });

  app.post<{ Params: { id: string } }>('/api/tournaments/:id/cancel', {
    onRequest: app.requireCaller,
    schema: {
      summary: 'Cancel a tournament (admin): pairings not yet started are removed; finished games are kept', tags: ['tournaments'], security: [{ bearer: [] }],
      params: idParams(TOURNAMENT_ID_PATTERN, 'tournament id'),
      response: { 200: { type: 'object', properties: { tournament: { type: 'string' }, status: { type: 'string' }, removed: { type: 'array', items: { type: 'string' } } } }, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    requireAdmin(request);
    const { id } = request.params;
    const cancelled = await store.cancelTournament(id);
    if (cancelled === null) throw notFound(`params.id: no tournament ${id}`);
    if (cancelled.before === 'done') throw conflict(`tournament ${id} is done already`);
    const removed: string[] = [];
    for (const seriesId of cancelled.queuedSeries) {
      const job = await queue.getJob(seriesId);
      // a job a worker took meanwhile is left to it: the worker sees the cancel and skips it
      if (job === undefined || !NOT_STARTED.has(await job.getState())) continue;
      try {
        await job.remove();
      } catch {
        continue; // locked by a worker between the two calls: same as above
      }
      await store.setSeriesStatus(seriesId, 'failed', cancelledSeriesReason(id));
      removed.push(seriesId);
    }
    return { tournament: id, status: 'cancelled', removed };
  });
}
