/**
 * Bearer tokens: `Authorization: Bearer <token>`. A user's token is looked up by its SHA-256; the
 * admin token comes from the environment and acts as user `admin`. A wrong token counts as a
 * failed login (auth-throttle.ts).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Store } from '@xix/store';
import { HttpError } from '../http-error.ts';

export const ADMIN = 'admin';

export interface Caller {
  readonly name: string;
  readonly admin: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    caller: Caller | null;
  }
  interface FastifyInstance {
    /** An onRequest hook for routes that need a login: 401 without a valid token. */
    requireCaller(request: FastifyRequest, reply: FastifyReply): Promise<void>;
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest();

export function bearerToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header === undefined) return null;
  // the scheme is case-insensitive (RFC 9110 §11.1): `bearer` is `Bearer`
  const match = /^Bearer +([\x21-\x7e]{1,256})$/i.exec(header);
  return match?.[1] ?? null;
}

export function authPlugin(app: FastifyInstance, options: { store: Store; adminToken: string | null }): void {
  // comparing digests keeps the comparison constant-time whatever the lengths
  const adminDigest = options.adminToken === null ? null : digest(options.adminToken);

  async function identify(request: FastifyRequest): Promise<Caller | null> {
    const token = bearerToken(request);
    if (token === null) return null;
    if (adminDigest !== null && timingSafeEqual(digest(token), adminDigest)) return { name: ADMIN, admin: true };
    const name = await options.store.userByToken(token);
    return name === null ? null : { name, admin: false };
  }

  app.decorateRequest('caller', null);
  app.decorate('requireCaller', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.headers.authorization === undefined) throw new HttpError(401, 'unauthorized', 'this needs a login: send Authorization: Bearer <token>');
    const throttled = await app.authThrottle.refusal(request, reply);
    if (throttled !== null) throw throttled;
    const caller = await identify(request);
    if (caller === null) {
      await app.authThrottle.failed(request);
      throw new HttpError(401, 'unauthorized', 'the token is not valid');
    }
    request.caller = caller;
  });
}

/** The caller of a route behind requireCaller. */
export function callerOf(request: FastifyRequest): Caller {
  if (request.caller === null) throw new HttpError(401, 'unauthorized', 'this needs a login');
  return request.caller;
}
