/**
 * Issue 23, item 4: every registered route answers with a Content-Security-Policy, no framing
 * (frame-ancestors 'none' and X-Frame-Options DENY) and nosniff: the JSON API, the docs, the queue
 * dashboard and its API, the metrics, the web app's pages and assets, and unknown routes.
 */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES } from '../src/plugins/web.ts';
import { ADMIN_TOKEN, openApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => { t = await openApp(); });
afterAll(async () => { await t.close(); });

interface RegisteredRoute {
  readonly method: string;
  readonly url: string;
}

/**
 * Every (method, url) fastify's router holds, read from its printRoutes tree: each line is
 * `<indent>├── <segment> (METHOD, …)`, a route's url being its ancestors' segments and its own.
 */
function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const routes: RegisteredRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const parsed = /^((?:│ {3}| {4})*)[├└]── (.+?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (parsed === null) continue;
    const depth = parsed[1]!.length / 4;
    const url = `${depth === 0 ? '' : prefixes[depth - 1]}${parsed[2]}`;
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of (parsed[3] ?? '').split(', ').filter((m) => m !== '')) routes.push({ method, url });
  }
  return routes;
}

/** A URL that reaches the route: parameters and wildcards filled in. */
const concrete = (url: string) => url.replace(/:[A-Za-z]+/g, 'x1').replace(/\*$/, 'x1');

const PAGE = /^default-src 'self';/;
const API = /^default-src 'none';/;
/** Either: a page route's 404 (e.g. a missing docs asset) is the API's not-found answer. */
const EITHER = /^default-src '(self|none)';/;

function expectSafeHeaders(headers: Record<string, unknown>, what: string, policy: RegExp): void {
  expect(headers['content-security-policy'], what).toMatch(policy);
  expect(headers['content-security-policy'], what).toMatch(/frame-ancestors 'none'/);
  expect(headers['content-security-policy'], what).not.toMatch(/upgrade-insecure-requests/);
  expect(headers['x-frame-options'], what).toBe('DENY');
  expect(headers['x-content-type-options'], what).toBe('nosniff');
  expect(headers['referrer-policy'], what).toBe('no-referrer');
}

describe('issue 23 item 4', () => {
  it('item 4: every registered route sends a CSP with frame-ancestors none, X-Frame-Options DENY and nosniff', async () => {
    const routes = registeredRoutes(t.app);
    // the router's list is read whole: the API, the docs, the dashboard's pages and API, the pages
    expect(routes.length).toBeGreaterThan(100);
    for (const expected of ['GET /api/me', 'POST /api/bots', 'GET /api/docs/', 'PUT /admin/queues/api/queues/pause', 'GET /metrics', 'GET /leaderboard/:game', 'GET /api/lobby']) {
      expect(routes.map((r) => `${r.method} ${r.url}`)).toContain(expected);
    }
    for (const route of routes) {
      const url = concrete(route.url);
      const policy = (PAGE_ROUTES as readonly string[]).includes(route.url) ? PAGE : url.startsWith('/api/docs') || url.startsWith('/admin/queues') ? EITHER : API;
      for (const headers of [{}, { authorization: `Bearer ${ADMIN_TOKEN}` }]) {
        const response = await t.app.inject({ method: route.method as 'GET', url, headers });
        expectSafeHeaders(response.headers, `${route.method} ${url} (${response.statusCode})`, policy);
      }
    }
  });

  it('item 4: the admin dashboard, the docs, a web page, an asset and an unknown route each carry their policy', async () => {
    const basic = { authorization: `Basic ${Buffer.from(`admin:${ADMIN_TOKEN}`).toString('base64')}` };
    const dashboard = await t.call({ method: 'GET', url: '/admin/queues', headers: basic });
    expect(dashboard.statusCode).toBe(200);
    expectSafeHeaders(dashboard.headers, 'the dashboard', PAGE);
    const docs = await t.call({ method: 'GET', url: '/api/docs/' });
    expect(docs.statusCode).toBe(200);
    expectSafeHeaders(docs.headers, 'the docs', PAGE);
    const page = await t.call({ method: 'GET', url: '/sign-in' });
    expect(page.statusCode).toBe(200);
    expectSafeHeaders(page.headers, 'a web page', PAGE);
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    const asset = await t.call({ method: 'GET', url: script! });
    expect(asset.statusCode).toBe(200);
    expectSafeHeaders(asset.headers, 'an asset', API);
    const json = await t.call({ method: 'GET', url: '/api/games' });
    expectSafeHeaders(json.headers, 'the API', API);
    expectSafeHeaders((await t.call({ method: 'GET', url: '/no/such/page' })).headers, 'a 404', API);
  });
});
