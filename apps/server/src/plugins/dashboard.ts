/**
 * bull-board's dashboard of the `series` queue at /admin/queues, for the admin only. A browser
 * cannot send a Bearer header on page loads, so the dashboard takes HTTP Basic auth with the admin
 * token as the password (any user name): the browser asks once and resends it; the token never
 * appears in a URL, so it never reaches a log line. A Bearer admin token works too (scripts).
 * Its routes are hidden from the OpenAPI document: they are bull-board's, not the platform's API.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Queue } from 'bullmq';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { ADMIN, bearerToken } from './auth.ts';

export const DASHBOARD_PATH = '/admin/queues';
const REALM = 'Basic realm="XIX Arena admin", charset="UTF-8"';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token a request carries: Bearer, or the password of Basic auth; null without one. */
function presentedToken(request: FastifyRequest): string | null {
  const bearer = bearerToken(request);
  if (bearer !== null) return bearer;
  const match = /^Basic +([A-Za-z0-9+/=]{1,1024})$/i.exec(request.headers.authorization ?? '');
  if (match?.[1] === undefined) return null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  return colon < 0 ? null : decoded.slice(colon + 1);
}

/** An onRequest hook: 401 (with a Basic challenge, so a browser asks) unless the admin token is sent. */
export function adminOnly(adminToken: string | null) {
  // comparing digests keeps the comparison constant-time whatever the lengths
  const expected = adminToken === null ? null : digest(adminToken);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply | undefined> => {
    // answered here rather than thrown: bull-board's error handler would give its own internal-error body
    const token = presentedToken(request);
    if (token !== null) {
      const throttled = await request.server.authThrottle.refusal(request, reply, ADMIN);
      if (throttled !== null) return reply.code(throttled.statusCode).send({ error: throttled.code, message: throttled.message });
      if (expected !== null && timingSafeEqual(digest(token), expected)) return undefined;
      await request.server.authThrottle.failed(request, ADMIN);
    }
    return reply.code(401).header('www-authenticate', REALM).send({
      error: 'unauthorized',
      message: expected === null
        ? 'no admin token is configured on this server (XIX_ADMIN_TOKEN)'
        : 'this needs the admin token: HTTP Basic auth with the token as password, or Authorization: Bearer <token>',
    });
  };
}

export async function dashboardPlugin(app: FastifyInstance, options: { queue: Queue; adminToken: string | null }): Promise<void> {
  const adapter = new FastifyAdapter();
  adapter.setBasePath(DASHBOARD_PATH);
  createBullBoard({ queues: [new BullMQAdapter(options.queue)], serverAdapter: adapter });
  await app.register(async (scope) => {
    // in the parent scope of bull-board's plugin, so the hook guards its pages, API and assets alike
    scope.addHook('onRequest', adminOnly(options.adminToken));
    await scope.register(adapter.registerPlugin(), { prefix: DASHBOARD_PATH });
  });
}
