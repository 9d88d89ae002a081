/**
 * Security headers on every answer, whatever route or plugin made it (@fastify/helmet's onRequest
 * hook, registered before any route): a Content-Security-Policy whose `frame-ancestors 'none'`
 * and X-Frame-Options DENY forbid framing anything here (a framed /admin/queues would act with the
 * admin's Basic credentials), X-Content-Type-Options nosniff, Referrer-Policy no-referrer, and
 * same-origin opener and resource policies.
 *
 * Two policies. The pages (the web app's shell, the API docs, the queue dashboard) load scripts,
 * styles, images and data from this origin only: no inline script, inline style attributes allowed
 * (bars, charts; Swagger UI and bull-board set styles), nothing from elsewhere (bull-board's Google
 * font falls back to a local one). Everything else (the JSON API, assets, errors) may load nothing.
 * No Strict-Transport-Security and no upgrade-insecure-requests: the server speaks plain HTTP
 * (npm start, a LAN address); HSTS belongs to the TLS proxy in front of it.
 */
import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import { DASHBOARD_PATH } from './dashboard.ts';
import { PAGE_POLICY } from './page-policy.ts';
import { PAGE_ROUTES } from './web.ts';

export const API_POLICY = {
  defaultSrc: ["'none'"], baseUri: ["'none'"], formAction: ["'none'"], frameAncestors: ["'none'"],
};


const PAGE_PREFIXES = ['/api/docs', DASHBOARD_PATH];
const pages: ReadonlySet<string> = new Set(PAGE_ROUTES);

function isPage(url: string): boolean {
  return pages.has(url) || PAGE_PREFIXES.some((prefix) => url === prefix || url.startsWith(`${prefix}/`));
}

export async function securityHeadersPlugin(app: FastifyInstance): Promise<void> {
  // before helmet's own onRoute hook, which reads a route's `helmet` option
  app.addHook('onRoute', (route) => {
    if (isPage(route.url)) route.helmet = { contentSecurityPolicy: { useDefaults: false, directives: PAGE_POLICY } };
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: API_POLICY },
    frameguard: { action: 'deny' },
    strictTransportSecurity: false,
  });
}
