/**
 * Per-route rate limits, counted in Redis (the store's rate counters), so that every server
 * process shares them. Keys are the caller's name, or the client's address: never a token.
 *
 * A limit counts only the requests that reach what it is for (docs/api.md "Rate limits"): a request
 * is counted when its handler is about to run (after validation and auth, so a malformed or
 * unauthenticated request costs nothing), and the count is taken back when its answer shows it
 * stopped before the action (a status not in `counts`: a taken name, someone else's bot). Counting
 * first, not after, keeps a burst of requests sent together from all getting past the limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler, preHandlerHookHandler } from 'fastify';
import type { Store } from '@xix/store';
import { HttpError } from './http-error.ts';

export interface RateLimit {
  readonly what: string;
  readonly max: number;
  readonly per: 'minute' | 'hour';
  readonly by: 'caller' | 'address';
  /** The statuses of the requests that reached what the limit is for; any other answer is not counted. */
  readonly counts: readonly number[];
}

declare module 'fastify' {
  interface FastifyContextConfig {
    rateLimit?: RateLimit;
  }
}

const WINDOW_MS = { minute: 60_000, hour: 3_600_000 } as const;

/** A route's config: `max` requests of this kind per `per`, per logged-in caller or per address. */
export function rateLimitOf(what: string, max: number, per: 'minute' | 'hour', by: 'caller' | 'address', counts: readonly number[] = [200, 201, 202]): { rateLimit: RateLimit } {
  return { rateLimit: { what, max, per, by, counts } };
}

function subjectOf(limit: RateLimit, request: FastifyRequest): string {
  return limit.by === 'caller' ? (request.caller?.name ?? request.ip) : request.ip;
}

/** Headers an answer of a limited route carries: the limit, what is left, and when the window closes. */
export function setRateHeaders(reply: FastifyReply, max: number, count: number, resetMs: number): number {
  const resetSeconds = Math.max(1, Math.ceil(resetMs / 1000));
  reply.header('x-ratelimit-limit', max).header('x-ratelimit-remaining', Math.max(0, max - count)).header('x-ratelimit-reset', resetSeconds);
  return resetSeconds;
}

/** Adds the counting hooks to every route registered after it whose config has a `rateLimit`. */
export function rateLimitPlugin(app: FastifyInstance, store: Store): void {
  const counted = new WeakSet<FastifyRequest>();
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit;
    if (limit === undefined) return;
    const count: preHandlerHookHandler = async (request, reply) => {
      const subject = subjectOf(limit, request);
      const { count: used, resetMs } = await store.countHit(limit.what, subject, WINDOW_MS[limit.per]);
      const resetSeconds = setRateHeaders(reply, limit.max, used, resetMs);
      if (used > limit.max) {
        await store.takeBackHit(limit.what, subject);
        reply.header('retry-after', resetSeconds);
        throw new HttpError(429, 'rate_limited', `too many ${limit.what}s: at most ${limit.max} ${limit.per === 'hour' ? 'an hour' : 'a minute'} ${limit.by === 'caller' ? 'per user' : 'per address'}; try again in ${resetSeconds} s`);
      }
      counted.add(request);
    };
    const settle: onResponseHookHandler = async (request, reply) => {
      if (counted.has(request) && !limit.counts.includes(reply.statusCode)) await store.takeBackHit(limit.what, subjectOf(limit, request));
    };
    route.preHandler = [...[route.preHandler ?? []].flat(), count];
    route.onResponse = [...[route.onResponse ?? []].flat(), settle];
  });
}
