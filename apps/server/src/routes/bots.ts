/** Bots: upload (a new version), list, look up, read a version's source (owner), retire (owner). */
import type { FastifyInstance } from 'fastify';
import type { Queue } from 'bullmq';
import { DEFAULT_VARIANT, findGame } from '@xix/engine';
import { VARIANT, type Bot, type Store } from '@xix/store';
import { mainVariant, variantsOf } from '../game-info.ts';
import { rateLimitOf } from '../rate-limits.ts';
import { callerOf, type Caller } from '../plugins/auth.ts';
import { HOUSE } from '../house-bots.ts';
import { forbidden, notFound } from '../http-error.ts';
import { BOT_ID_PATTERN, GAME_ID_PATTERN, USER_NAME_PATTERN, botSchema, diagnosticSchema, errors, idParams, ratingHistorySchema, versionSchema } from '../schemas.ts';
import { BOT_FILE_RULE, uploadBot, type UploadBody } from '../upload.ts';

/** A file name of a bot: its form is checked by the upload (upload.ts botFileProblem), which says what is wrong in words. */
const FILE_NAME = { type: 'string', minLength: 1, maxLength: 256 } as const;

const count = { type: 'integer', minimum: 0 } as const;
const headToHeadSchema = {
  type: 'object',
  required: ['bot', 'matches', 'complete', 'opponents'],
  properties: {
    bot: { type: 'string' },
    matches: { ...count, description: 'matches read, newest first' },
    complete: { type: 'boolean', description: "false: the bot has older matches than those read" },
    opponents: {
      type: 'array',
      items: {
        type: 'object', required: ['opponent', 'name', 'games', 'wins', 'losses', 'draws'],
        properties: { opponent: { type: 'string' }, name: { type: 'string' }, games: count, wins: count, losses: count, draws: count },
      },
    },
  },
} as const;

export interface BotRouteOptions {
  readonly store: Store;
  readonly queue: Queue;
  readonly uploadRate: number;
  readonly validationDeals: number;
}

export async function requireBot(store: Store, id: string, field = 'params.id'): Promise<Bot> {
  const bot = await store.getBot(id);
  if (bot === null) throw notFound(`${field}: no bot ${id}`);
  return bot;
}

export function requireOwner(bot: Bot, caller: Caller): void {
  if (bot.owner !== caller.name && !caller.admin) throw forbidden(`bot ${bot.id} is not yours`);
}

export function botRoutes(app: FastifyInstance, options: BotRouteOptions): void {
  const { store, queue } = options;

  app.post<{ Body: UploadBody }>('/api/bots', {
    onRequest: app.requireCaller,
    // an upload counts once it reaches the compiler, whether it compiles (201, 409) or not (422)
    config: rateLimitOf('upload', options.uploadRate, 'minute', 'caller', [201, 409, 422]),
    schema: {
      summary: 'Upload a bot: a new bot, or a new version of your bot of that name. Validation runs in the background.',
      tags: ['bots'], security: [{ bearer: [] }],
      body: {
        type: 'object',
        required: ['name', 'files'],
        additionalProperties: false,
        properties: {
          game: { type: 'string', pattern: GAME_ID_PATTERN, description: 'the game; default: the game the source is written for (whose SDK it uses), else the default game' },
          name: { type: 'string', pattern: USER_NAME_PATTERN, description: "the bot's name among your bots" },
          entry: { ...FILE_NAME, description: `the file that default-exports the bot (default: bot.ts, or the only file); ${BOT_FILE_RULE}` },
          files: {
            type: 'object', minProperties: 1, maxProperties: 64,
            propertyNames: { ...FILE_NAME, description: BOT_FILE_RULE },
            additionalProperties: { type: 'string' },
            description: 'relative path → source text',
          },
        },
      },
      response: {
        201: {
          type: 'object',
          properties: {
            bot: { type: 'string' }, game: { type: 'string' }, version: { type: 'integer' },
            state: { type: 'string', enum: ['checking'], description: 'the new version is type-checked first, then validated: GET /api/bots/{id} follows it' },
            compileMs: { type: 'integer' }, validation: { type: 'array', items: { type: 'string' } },
          },
        },
        422: {
          type: 'object',
          properties: { error: { type: 'string' }, message: { type: 'string' }, diagnostics: { type: 'array', items: diagnosticSchema } },
        },
        ...errors(400, 401, 409, 413, 429),
      },
    },
  }, async (request, reply) => {
    const result = await uploadBot(store, queue, callerOf(request).name, request.body, options.validationDeals);
    return reply.status(201).send(result);
  });

  app.get<{ Querystring: { game?: string; owner?: string } }>('/api/bots', {
    schema: {
      summary: 'Bots, by game and/or owner', tags: ['bots'],
      querystring: { type: 'object', additionalProperties: false, properties: { game: { type: 'string', pattern: GAME_ID_PATTERN }, owner: { type: 'string', pattern: USER_NAME_PATTERN } } },
      response: { 200: { type: 'object', properties: { bots: { type: 'array', items: botSchema } } }, ...errors(400) },
    },
  }, async (request) => {
    const { game, owner } = request.query;
    return { bots: await store.listBots({ ...(game !== undefined && { game }), ...(owner !== undefined && { owner }) }) };
  });

  app.get<{ Params: { id: string } }>('/api/bots/:id', {
    schema: {
      summary: 'A bot with its record and versions', tags: ['bots'],
      params: idParams(BOT_ID_PATTERN, 'bot id'),
      response: { 200: { ...botSchema, properties: { ...botSchema.properties, versions: { type: 'array', items: versionSchema } } }, ...errors(400, 404) },
    },
  }, async (request) => {
    const [bot, tests] = await Promise.all([store.getBotWithVersions(request.params.id), store.sprtsOfBot(request.params.id)]);
    if (bot === null) throw notFound(`params.id: no bot ${request.params.id}`);
    const sprtOf = new Map(tests.map((test) => [test.version, test]));
    // the response schema keeps the test's public fields (not its seed, chunks or field)
    return { ...bot, versions: bot.versions.map((version) => ({ ...version, sprt: sprtOf.get(version.version) ?? null })) };
  });

  app.get<{ Params: { id: string; n: number } }>('/api/bots/:id/versions/:n/source', {
    onRequest: app.requireCaller,
    schema: {
      summary: "A version's source files (yours, or a house bot's)", tags: ['bots'], security: [{ bearer: [] }],
      params: { type: 'object', required: ['id', 'n'], properties: { id: { type: 'string', pattern: BOT_ID_PATTERN }, n: { type: 'integer', minimum: 1 } } },
      response: { 200: { type: 'object', properties: { entry: { type: 'string' }, files: { type: 'object', additionalProperties: { type: 'string' } } } }, ...errors(400, 401, 403, 404) },
    },
  }, async (request) => {
    const bot = await requireBot(store, request.params.id);
    // the house bots are our own examples, public anyway (sdk/examples)
    if (bot.owner !== HOUSE) requireOwner(bot, callerOf(request));
    const version = await store.getVersion(bot.id, request.params.n, { source: true });
    if (version === null) throw notFound(`params.n: bot ${bot.id} has no version ${request.params.n}`);
    return { entry: version.entry, files: version.files };
  });

  app.get<{ Params: { id: string }; Querystring: { variant?: string } }>('/api/bots/:id/ratings', {
    schema: {
      summary: "A bot's Elo after each of its rated games of one variant (default: its game's main one), oldest first (for charts)", tags: ['bots'],
      params: idParams(BOT_ID_PATTERN, 'bot id'),
      querystring: { type: 'object', additionalProperties: false, properties: { variant: { type: 'string', pattern: VARIANT.source, description: 'a variant of the game (GET /api/games)' } } },
      response: { 200: ratingHistorySchema, ...errors(400, 404) },
    },
  }, async (request) => {
    const bot = await requireBot(store, request.params.id);
    const game = findGame(bot.game);
    const variant = request.query.variant ?? (game === undefined ? DEFAULT_VARIANT : mainVariant(game));
    const known = game === undefined ? null : variantsOf(game);
    if (known !== null && !known.includes(variant)) throw notFound(`querystring.variant: ${bot.game} has no variant ${variant}; its variants: ${known.join(', ')}`);
    return { game: bot.game, variant, history: await store.ratingHistory(bot.game, bot.id, variant) };
  });

  app.get<{ Params: { id: string } }>('/api/bots/:id/head-to-head', {
    schema: {
      summary: "A bot's wins, losses and draws against each opponent over its latest matches (most games first)", tags: ['bots'],
      params: idParams(BOT_ID_PATTERN, 'bot id'),
      response: { 200: headToHeadSchema, ...errors(400, 404) },
    },
  }, async (request) => {
    const bot = await requireBot(store, request.params.id);
    return store.headToHead(bot.id);
  });

  app.delete<{ Params: { id: string } }>('/api/bots/:id', {
    onRequest: app.requireCaller,
    schema: {
      summary: 'Retire your bot: it keeps its history, leaves the leaderboard and takes no challenges', tags: ['bots'], security: [{ bearer: [] }],
      params: idParams(BOT_ID_PATTERN, 'bot id'),
      response: { 200: botSchema, ...errors(400, 401, 403, 404) },
    },
  }, async (request) => {
    const bot = await requireBot(store, request.params.id);
    requireOwner(bot, callerOf(request));
    await store.retireBot(bot.id);
    return requireBot(store, bot.id);
  });
}
