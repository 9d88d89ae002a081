/**
 * Failed logins are throttled: a wrong token (Bearer on any route that needs a login, Bearer or
 * Basic on the admin's views) counts against the client's address, and on the admin's views also
 * against the admin's account as a whole, in windows of 10 minutes (the store's rate counters, so
 * every server process shares them). Past the limit every login from that address (or to that
 * account) is answered 429 until the window closes, the right token too: otherwise the throttle
 * would still answer every guess. A request without credentials is not a failed login.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '@xix/store';
import { HttpError } from '../http-error.ts';
import { setRateHeaders } from '../rate-limits.ts';

export const AUTH_FAILURE_WINDOW_MS = 10 * 60_000;
/** The admin's account takes this many times the failures one address may make. */
export const ACCOUNT_FACTOR = 5;

const BY_ADDRESS = 'auth-failure';
const BY_ACCOUNT = 'auth-failure-account';

export interface AuthThrottle {
  /** A 429 to answer when this address, or `account`, failed too often lately; null to go on. */
  refusal(request: FastifyRequest, reply: FastifyReply, account?: string): Promise<HttpError | null>;
  /** Counts a failed login from this address (and against `account`). */
  failed(request: FastifyRequest, account?: string): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    authThrottle: AuthThrottle;
  }
}

export function authThrottlePlugin(app: FastifyInstance, options: { store: Store; perAddress: number }): void {
  const { store, perAddress } = options;
  const perAccount = perAddress * ACCOUNT_FACTOR;
  const minutes = AUTH_FAILURE_WINDOW_MS / 60_000;

  const throttle: AuthThrottle = {
    async refusal(request, reply, account) {
      const checks = [{ limit: BY_ADDRESS, subject: request.ip, max: perAddress, who: 'from this address' }];
      if (account !== undefined) checks.push({ limit: BY_ACCOUNT, subject: account, max: perAccount, who: `to the ${account} account` });
      for (const { limit, subject, max, who } of checks) {
        const { count, resetMs } = await store.readHits(limit, subject);
        if (count < max) continue;
        const seconds = setRateHeaders(reply, max, count, resetMs);
        reply.header('retry-after', seconds);
        return new HttpError(429, 'rate_limited', `too many failed logins ${who}: at most ${max} in ${minutes} minutes; try again in ${seconds} s`);
      }
      return null;
    },
    async failed(request, account) {
      await store.countHit(BY_ADDRESS, request.ip, AUTH_FAILURE_WINDOW_MS);
      if (account !== undefined) await store.countHit(BY_ACCOUNT, account, AUTH_FAILURE_WINDOW_MS);
    },
  };
  app.decorate('authThrottle', throttle);
}
