/**
 * The web pages (apps/web): built by esbuild at start when the build is missing or older than the
 * sources, the hashed assets served by @fastify/static under /assets/ (cached for good: a change
 * makes new names), and one HTML shell, never cached, for every page route; the page's script
 * renders the route in the browser. Their Content-Security-Policy: plugins/security-headers.ts.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import { WEB_DIST, ensureWebBuilt } from '@xix/web/build';

/** The page routes (docs/api.md "Web pages"); `/` redirects to the default game's leaderboard (meta.ts). */
export const PAGE_ROUTES = [
  '/leaderboard/:game', '/bots/:id', '/tournaments', '/tournaments/:id', '/matches/:id', '/live', '/upload', '/sign-in',
] as const;

export async function webPlugin(app: FastifyInstance): Promise<void> {
  await ensureWebBuilt();
  const html = await readFile(join(WEB_DIST, 'index.html'), 'utf8');
  await app.register(async (scope) => {
    await scope.register(fastifyStatic, {
      root: WEB_DIST, prefix: '/assets/', decorateReply: false, index: false, immutable: true, maxAge: '365d',
    });
  });
  for (const url of PAGE_ROUTES) {
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html));
  }
}
