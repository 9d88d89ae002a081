/**
 * The web pages (apps/web): built by esbuild at start when the build is missing or older than the
 * sources, the hashed assets served by @fastify/static under /assets/ (cached for good: a change
 * makes new names), and one HTML shell, never cached, for every page route; the page's script
 * renders the route in the browser. A browser that navigates to a path that is no route gets the
 * shell too, with 404, and the script shows the app's not-found page; any other client, and any
 * path under /api/, gets the API's JSON 404. The icon is served at /favicon.svg and /favicon.ico.
 * Their Content-Security-Policy: plugins/security-headers.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { PAGE_POLICY_HEADER, PLAY_WORKER_POLICY_HEADER } from './page-policy.ts';
import fastifyStatic from '@fastify/static';
import { WEB_DIST, WEB_FAVICON, ensureWebBuilt } from '@xix/web/build';
import { notFound } from '../http-error.ts';

/** The page routes (docs/api.md "Web pages"); `/` is the front page, the featured broadcast. */
export const PAGE_ROUTES = [
  '/', '/leaderboard/:game', '/leaderboard/:game/:variant', '/bots/:id', '/users/:name', '/tournaments', '/tournaments/:id', '/matches/:id', '/live', '/upload', '/editor', '/sign-in',
] as const;

/** Every other GET: a browser's gets the shell (and the not-found page), anything else a JSON 404. */
export const CATCH_ALL_ROUTE = '/*';

/** The icon changes seldom and has no hashed name: a day in caches. */
const FAVICON_MAX_AGE_S = 86_400;

/** A browser navigating (its Accept names HTML), not a script or a client of the API. */
function wantsPage(request: FastifyRequest): boolean {
  return /\btext\/html\b/.test(request.headers.accept ?? '');
}

export async function webPlugin(app: FastifyInstance): Promise<void> {
  await ensureWebBuilt();
  const [html, favicon] = await Promise.all([readFile(join(WEB_DIST, 'index.html'), 'utf8'), readFile(WEB_FAVICON)]);
  await app.register(async (scope) => {
    // the editor's play worker runs the author's bot (compiled in the page): it may evaluate it, and nothing else
    scope.addHook('onSend', async (request, reply) => {
      if (/^\/assets\/play-worker-[A-Za-z0-9]+\.js$/.test(request.url)) reply.header('content-security-policy', PLAY_WORKER_POLICY_HEADER);
    });
    await scope.register(fastifyStatic, {
      root: WEB_DIST, prefix: '/assets/', decorateReply: false, index: false, immutable: true, maxAge: '365d',
      // the build's name.gz beside each script and style (the editor's TypeScript worker: 4.4 MB, 1.2 MB gzipped)
      preCompressed: true,
    });
  });
  const shell = (reply: FastifyReply, status: number) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').header('content-security-policy', PAGE_POLICY_HEADER).send(html);
  for (const url of PAGE_ROUTES) app.get(url, { schema: { hide: true } }, async (_request, reply) => shell(reply, 200));
  for (const url of ['/favicon.svg', '/favicon.ico']) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('image/svg+xml').header('cache-control', `public, max-age=${FAVICON_MAX_AGE_S}`).send(favicon));
  }
  // every other GET: more specific routes (the API, the assets, the pages) win over this one
  app.get(CATCH_ALL_ROUTE, { schema: { hide: true } }, async (request, reply) => {
    const path = request.url.split('?')[0]!;
    if (path.startsWith('/api/') || !wantsPage(request)) throw notFound(`no route ${request.method} ${path}`);
    return shell(reply, 404);
  });
}
