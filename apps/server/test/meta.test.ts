import fc from 'fast-check';
import { GAMES } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await openApp();
  token = await t.register('alice');
});
afterAll(async () => { await t.close(); });

/** Every route of the platform contract (docs/platform-spec, docs/api.md). */
const ROUTES = [
  'get /api/health', 'get /api/games', 'get /api/games/{id}/template', 'post /api/users', 'get /api/users/{name}', 'get /api/me',
  'post /api/bots', 'get /api/bots', 'get /api/bots/{id}', 'get /api/bots/{id}/versions/{n}/source', 'get /api/broadcasts', 'get /api/bots/{id}/ratings', 'get /api/bots/{id}/head-to-head', 'delete /api/bots/{id}',
  'get /api/matches', 'get /api/matches/{id}', 'get /api/matches/{id}/replay', 'get /api/matches/{id}/logs',
  'post /api/challenges', 'get /api/series/{id}', 'get /api/leaderboard/{game}', 'get /api/leaderboard/{game}/{variant}',
  'post /api/tournaments', 'get /api/tournaments', 'get /api/tournaments/{id}', 'post /api/tournaments/{id}/cancel',
  'get /api/live',
  'get /api/tokens', 'post /api/tokens', 'post /api/tokens/rotate', 'delete /api/tokens/{id}',
];

describe('health and games', () => {
  it('reports Redis, the queue counts and the workers', async () => {
    const health = await t.call({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ ok: true, redis: true, queue: { waiting: 0, delayed: 0, active: 0, failed: 0 }, workers: 0 });
  });

  it('counts prioritized jobs (tournaments, challenges, the ladder) as waiting, and delayed ones apart (issue 17 item 12)', async () => {
    await t.queue.add('tournament', { seriesId: 's900' }, { jobId: 's900', priority: 5 });
    await t.queue.add('validation', { seriesId: 's901' }, { jobId: 's901' });
    await t.queue.add('challenge', { seriesId: 's902' }, { jobId: 's902', priority: 10, delay: 3_600_000 });
    try {
      const health = await t.call({ method: 'GET', url: '/api/health' });
      expect(health.json()).toMatchObject({ ok: true, queue: { waiting: 2, delayed: 1, active: 0, failed: 0 } });
    } finally {
      await t.queue.obliterate({ force: true });
    }
  });

  it('lists the games with their seats', async () => {
    const games = (await t.call({ method: 'GET', url: '/api/games' })).json<{ id: string; seats: unknown }[]>();
    // the engine's registry in its order (a new game adds a line there, not here), the fixture game last
    expect(games.map(({ id, seats }) => ({ id, seats }))).toEqual([...GAMES.values()].map(({ id, seats }) => ({ id, seats })));
    expect(games.slice(0, 2)).toMatchObject([{ id: 'xix', seats: { min: 2, max: 2 } }, { id: '1923', seats: { min: 2, max: 9 } }]);
    expect(games.at(-1)).toMatchObject({ id: 'nim', seats: { min: 2, max: 4 } });
  });

  it("gives each game's new-bot template, and 404 for a game it does not know", async () => {
    for (const id of ['xix', '1923', 'nim']) {
      const template = (await t.call({ method: 'GET', url: `/api/games/${id}/template` })).json<{ game: string; file: string; source: string }>();
      expect(template).toMatchObject({ game: id, file: 'bot.ts' });
      expect(template.source).toMatch(/export default/);
    }
    expect(failure(await t.call({ method: 'GET', url: '/api/games/chess/template' }))).toMatchObject({ status: 404, error: 'not_found' });
  });

  it('serves the front page (the featured broadcast) at /; the API documentation is served', async () => {
    const root = await t.call({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(200);
    expect(root.headers['content-type']).toMatch(/text\/html/);
    const docs = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expect(docs.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers an unknown route with a 404 error body', async () => {
    expect(failure(await t.call({ method: 'GET', url: '/api/nowhere' }))).toMatchObject({ status: 404, error: 'not_found' });
  });
});

describe('the OpenAPI document', () => {
  it('lists every route, each with its responses and, where it takes one, a request schema', async () => {
    const doc = (await t.call({ method: 'GET', url: '/api/openapi.json' })).json<{ openapi: string; paths: Record<string, Record<string, { responses: object; requestBody?: object; parameters?: unknown[] }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    const listed = Object.entries(doc.paths).flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method} ${path}`));
    expect(listed.sort()).toEqual([...ROUTES].sort());
    expect(doc.paths['/api/bots']?.post?.requestBody).toBeDefined();
    expect(Object.keys(doc.paths['/api/bots']?.post?.responses ?? {})).toEqual(expect.arrayContaining(['201', '400', '401', '409', '413', '422', '429']));
    expect((await t.call({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });
});

describe('random bodies', () => {
  const bodyRoutes = [
    { method: 'POST' as const, url: '/api/users' },
    { method: 'POST' as const, url: '/api/bots' },
    { method: 'POST' as const, url: '/api/challenges' },
  ];
  // shapes near the real ones reach deeper than arbitrary JSON alone
  const nearBody = fc.record(
    { game: fc.oneof(fc.constant('xix'), fc.string()), name: fc.oneof(fc.constantFrom('bot', 'abc', 'house'), fc.string()), bot: fc.string(), opponents: fc.oneof(fc.array(fc.string()), fc.jsonValue()), options: fc.jsonValue(), seats: fc.jsonValue(), deals: fc.jsonValue(), files: fc.dictionary(fc.string(), fc.oneof(fc.string(), fc.jsonValue())), entry: fc.jsonValue() },
    { requiredKeys: [] },
  );

  it('never give a 500, and every failure is { error, message }', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...bodyRoutes), fc.oneof(fc.jsonValue(), nearBody), fc.boolean(), async (route, body, withToken) => {
        const response = await t.call({ ...route, payload: JSON.stringify(body), headers: { 'content-type': 'application/json' }, ...(withToken && { token }) });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) failure(response);
      }),
      { numRuns: 150 },
    );
  });

  it('random path segments and query strings never give a 500 either', async () => {
    const paths = ['/api/users/', '/api/bots/', '/api/matches/', '/api/series/', '/api/leaderboard/', '/api/matches?before=', '/api/bots?owner=', '/api/matches?limit='];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.string(), fc.constantFrom('', '/replay', '/logs', '/versions/1/source'), async (base, text, tail) => {
        const response = await t.call({ method: 'GET', url: `${base}${encodeURIComponent(text)}${base.includes('?') ? '' : tail}`, token });
        expect(response.statusCode, response.body).toBeLessThan(500);
        if (response.statusCode >= 400) failure(response);
      }),
      { numRuns: 150 },
    );
  });
});
