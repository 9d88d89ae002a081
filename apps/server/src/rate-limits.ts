/**
 * Per-route rate limits (@fastify/rate-limit, counted in Redis so every server process shares
 * them). Keys are the caller's name, or the client's address for registration: never a token.
 */
import type { FastifyRequest } from 'fastify';

export interface RouteRateLimit {
  readonly rateLimit: {
    readonly max: number;
    readonly timeWindow: string;
    readonly hook: 'preHandler';
    readonly keyGenerator: (request: FastifyRequest) => string;
    readonly errorResponseBuilder: (request: FastifyRequest, context: { max: number; after: string }) => { statusCode: number; message: string };
  };
}

/**
 * `max` requests of this kind per `per` ('minute', 'hour'), per logged-in caller, or per address
 * where there is no caller. Counted after validation and auth (preHandler), so a malformed or
 * refused request costs nothing.
 */
export function rateLimitOf(what: string, max: number, per: 'minute' | 'hour', by: 'caller' | 'address'): RouteRateLimit {
  return {
    rateLimit: {
      max,
      timeWindow: `1 ${per}`,
      hook: 'preHandler',
      keyGenerator: (request) => `${what}:${by === 'caller' ? (request.caller?.name ?? request.ip) : request.ip}`,
      errorResponseBuilder: (_request, context) => ({ statusCode: 429, message: `too many ${what}s: at most ${context.max} ${per === 'hour' ? 'an hour' : 'a minute'} ${by === 'caller' ? 'per user' : 'per address'}; try again in ${context.after}` }),
    },
  };
}
