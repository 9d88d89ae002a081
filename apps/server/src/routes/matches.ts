/**
 * Matches: list (paged), one match, its replay, and the logs of the caller's own seats. A stored
 * match whose deal is not public yet (another game of the deal still to be played or on broadcast:
 * the store's unpublishedMatches) is answered for as a game in progress: not found, not listed.
 */
import type { FastifyInstance } from 'fastify';
import { botSeed } from '@xix/referee';
import { EXPIRED, MAX_PAGE, type Match, type Store } from '@xix/store';
import { matchPageJson } from '../match-list-json.ts';
import { callerOf } from '../plugins/auth.ts';
import { forbidden, gone, notFound } from '../http-error.ts';
import { BOT_ID_PATTERN, GAME_ID_PATTERN, MATCH_ID_PATTERN, SERIES_ID_PATTERN, errors, idParams, matchSchema } from '../schemas.ts';

interface MatchQuerystring {
  game?: string;
  bot?: string;
  series?: string;
  limit?: number;
  before?: string;
}

export function matchRoutes(app: FastifyInstance, options: { store: Store }): void {
  const { store } = options;

  /** What a game in progress gets, and a finished one whose deal is not public yet: the same answer. */
  const noMatch = (id: string) => notFound(`params.id: no match ${id}`);

  async function requireMatch(id: string): Promise<Match> {
    const [match, unpublished] = await Promise.all([store.getMatch(id), store.unpublishedMatches([id])]);
    if (match === null || unpublished.has(id)) throw noMatch(id);
    return match;
  }

  /** Retention deleted a ladder or challenge game's replay and logs; its result stays (docs/api.md). */
  const expired = (id: string) => gone(`the replay of match ${id} has expired: ladder, challenge and SPRT games keep their replays and logs for a limited time; its result still counts`);

  app.get<{ Querystring: MatchQuerystring }>('/api/matches', {
    schema: {
      summary: 'Matches, newest first; pass `next` as `before` for the next page', tags: ['matches'],
      querystring: {
        type: 'object', additionalProperties: false,
        properties: {
          game: { type: 'string', pattern: GAME_ID_PATTERN }, bot: { type: 'string', pattern: BOT_ID_PATTERN },
          series: { type: 'string', pattern: SERIES_ID_PATTERN }, limit: { type: 'integer', minimum: 1, maximum: MAX_PAGE, default: 20 },
          before: { type: 'string', pattern: MATCH_ID_PATTERN },
        },
      },
      response: { 200: { type: 'object', properties: { matches: { type: 'array', items: matchSchema }, next: { type: ['string', 'null'] } } }, ...errors(400) },
    },
  }, async (request, reply) => {
    const { game, bot, series, limit, before } = request.query;
    const listed = await store.listMatches({
      limit: limit ?? 20,
      ...(game !== undefined && { game }), ...(bot !== undefined && { bot }), ...(series !== undefined && { series }), ...(before !== undefined && { before }),
    });
    // a page may come out shorter than `limit`: `next` still goes on from where the index left off
    const unpublished = await store.unpublishedMatches(listed.matches.map((match) => match.id));
    const page = unpublished.size === 0 ? listed : { ...listed, matches: listed.matches.filter((match) => !unpublished.has(match.id)) };
    // already JSON (the 200 schema's shape): fastify sends a string with a JSON content type as it is
    return reply.type('application/json; charset=utf-8').send(matchPageJson(reply, page));
  });

  app.get<{ Params: { id: string } }>('/api/matches/:id', {
    schema: { summary: 'One match', tags: ['matches'], params: idParams(MATCH_ID_PATTERN, 'match id, <series>.<index>'), response: { 200: matchSchema, ...errors(400, 404) } },
  }, async (request) => {
    const match = await requireMatch(request.params.id);
    // the game is over: each seat's bot seed may be known now (the series' key stays secret)
    const [series, replay] = await Promise.all([store.getSeries(match.seriesId), store.getReplay(match.id)]);
    const seed = replay === EXPIRED ? undefined : (replay as { seed?: unknown } | null)?.seed;
    if (series === null || !Number.isSafeInteger(seed) || series.botSeedKey === '') return match;
    return { ...match, botSeeds: match.entrants.map((_, seat) => botSeed(series.botSeedKey, seed as number, seat)) };
  });

  app.get<{ Params: { id: string } }>('/api/matches/:id/replay', {
    schema: {
      summary: 'The replay (docs/replay-format.md)', tags: ['matches'], params: idParams(MATCH_ID_PATTERN, 'match id'),
      response: { 200: { type: 'object', additionalProperties: true, description: 'a replay document' }, ...errors(400, 404, 410) },
    },
  }, async (request) => {
    const [replay, unpublished] = await Promise.all([store.getReplay(request.params.id), store.unpublishedMatches([request.params.id])]);
    if (replay === null || unpublished.has(request.params.id)) throw noMatch(request.params.id);
    if (replay === EXPIRED) throw expired(request.params.id);
    return replay;
  });

  app.get<{ Params: { id: string } }>('/api/matches/:id/logs', {
    onRequest: app.requireCaller,
    schema: {
      summary: 'What your bots printed in this match (only the seats of your bots)', tags: ['matches'], security: [{ bearer: [] }],
      params: idParams(MATCH_ID_PATTERN, 'match id'),
      response: { 200: { type: 'object', properties: { logs: { type: 'array', items: { type: 'object', properties: { seat: { type: 'integer' }, text: { type: 'string' } } } } } }, ...errors(400, 401, 403, 404, 410) },
    },
  }, async (request) => {
    const caller = callerOf(request);
    const match = await requireMatch(request.params.id);
    const owners = await Promise.all(match.entrants.map(async (entrant) => (await store.getBot(entrant.bot))?.owner));
    const seats = owners.flatMap((owner, seat) => (caller.admin || owner === caller.name ? [seat] : []));
    if (seats.length === 0) throw forbidden(`no bot of yours played match ${match.id}`);
    const texts = await Promise.all(seats.map((seat) => store.getLogs(match.id, seat)));
    if (texts.includes(EXPIRED)) throw expired(match.id);
    return { logs: seats.map((seat, i) => ({ seat, text: (texts[i] as string | null) ?? '' })) };
  });
}
