/**
 * A user's tokens (docs/api.md "Tokens"): list them (by id, never the tokens), make another (one
 * per machine), rotate the one in use, revoke one (`current`: the one in use, i.e. a logout). A
 * user always keeps one: revoking the last would lock the account for good.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MAX_TOKENS_PER_USER, tokenId, type Store } from '@xix/store';
import { bearerToken, callerOf } from '../plugins/auth.ts';
import { HttpError, conflict, forbidden, notFound } from '../http-error.ts';
import { errors } from '../schemas.ts';

const tokenInfoSchema = {
  type: 'object', required: ['id', 'createdAt', 'current'],
  properties: { id: { type: 'string' }, createdAt: { type: 'integer' }, current: { type: 'boolean', description: 'the token this request was made with' } },
} as const;
const issuedSchema = {
  type: 'object', required: ['id', 'token', 'createdAt'],
  properties: { id: { type: 'string' }, token: { type: 'string', description: 'shown once: only its SHA-256 is kept' }, createdAt: { type: 'integer' } },
} as const;

/** The user making the request and the token they made it with; the admin token is not a user's. */
function userOf(request: FastifyRequest): { name: string; token: string } {
  const caller = callerOf(request);
  if (caller.admin) throw forbidden("the admin token is XIX_ADMIN_TOKEN in the server's environment: change it there");
  const token = bearerToken(request);
  if (token === null) throw new HttpError(401, 'unauthorized', 'this needs a login');
  return { name: caller.name, token };
}

export function tokenRoutes(app: FastifyInstance, options: { store: Store }): void {
  const { store } = options;
  const login = { onRequest: app.requireCaller } as const;

  app.get('/api/tokens', {
    ...login,
    schema: {
      summary: 'Your active tokens, oldest first: ids and when they were made, never the tokens', tags: ['users'], security: [{ bearer: [] }],
      response: { 200: { type: 'object', required: ['tokens'], properties: { tokens: { type: 'array', items: tokenInfoSchema } } }, ...errors(401, 403) },
    },
  }, async (request) => {
    const { name, token } = userOf(request);
    const current = tokenId(token);
    return { tokens: (await store.listTokens(name)).map((info) => ({ ...info, current: info.id === current })) };
  });

  app.post('/api/tokens', {
    ...login,
    schema: {
      summary: `Another token for you (for another machine), shown once; at most ${MAX_TOKENS_PER_USER}`, tags: ['users'], security: [{ bearer: [] }],
      response: { 201: issuedSchema, ...errors(401, 403, 409) },
    },
  }, async (request, reply) => {
    const { name } = userOf(request);
    const issued = await store.issueToken(name);
    if (issued === 'too-many') throw conflict(`you hold ${MAX_TOKENS_PER_USER} tokens already: revoke one first`);
    return reply.status(201).send(issued);
  });

  app.post('/api/tokens/rotate', {
    ...login,
    schema: {
      summary: 'A new token in place of the one this request is made with, which stops working at once', tags: ['users'], security: [{ bearer: [] }],
      response: { 201: issuedSchema, ...errors(401, 403) },
    },
  }, async (request, reply) => {
    const { name, token } = userOf(request);
    const rotated = await store.rotateToken(name, token);
    // revoked by another request since this one logged in
    if (rotated === 'not-found') throw new HttpError(401, 'unauthorized', 'the token is not valid');
    return reply.status(201).send(rotated);
  });

  app.delete<{ Params: { id: string } }>('/api/tokens/:id', {
    ...login,
    schema: {
      summary: 'Revoke one of your tokens (current: the one this request is made with, i.e. log out); never your last one', tags: ['users'], security: [{ bearer: [] }],
      params: { type: 'object', required: ['id'], properties: { id: { type: 'string', pattern: '^([0-9a-f]{12}|current)$', description: 'a token id, or current' } } },
      response: { 200: { type: 'object', required: ['revoked'], properties: { revoked: { type: 'string' } } }, ...errors(400, 401, 403, 404, 409) },
    },
  }, async (request) => {
    const { name, token } = userOf(request);
    const id = request.params.id === 'current' ? tokenId(token) : request.params.id;
    const revoked = await store.revokeToken(name, id);
    if (revoked === 'not-found') throw notFound(`params.id: you have no token ${id}`);
    if (revoked === 'last') throw conflict(`token ${id} is your last one: revoking it would lock the account for good; rotate it (POST /api/tokens/rotate) or make another first (POST /api/tokens)`);
    return { revoked: id };
  });
}
