/** Accounts: register (the token is shown once), look a user up, who am I. */
import type { FastifyInstance } from 'fastify';
import type { Store } from '@xix/store';
import { ADMIN, callerOf } from '../plugins/auth.ts';
import { HOUSE } from '../house-bots.ts';
import { conflict, notFound } from '../http-error.ts';
import { rateLimitOf } from '../rate-limits.ts';
import { USER_NAME_PATTERN, botSchema, errors } from '../schemas.ts';

/** Names nobody can register: the admin's and the house bots' owner. */
const RESERVED = new Set([ADMIN, HOUSE]);

export function userRoutes(app: FastifyInstance, options: { store: Store; registerRate: number }): void {
  const { store } = options;

  app.post<{ Body: { name: string } }>('/api/users', {
    // per address: anyone may register, but not an army of users to multiply the per-user limits
    config: rateLimitOf('registration', options.registerRate, 'hour', 'address'),
    schema: {
      summary: 'Register: answers the token once (keep it secret)', tags: ['users'],
      body: { type: 'object', required: ['name'], additionalProperties: false, properties: { name: { type: 'string', pattern: USER_NAME_PATTERN, description: '3–32 of a-z 0-9 _ -, starting with a letter' } } },
      response: { 201: { type: 'object', required: ['name', 'token'], properties: { name: { type: 'string' }, token: { type: 'string' } } }, ...errors(400, 409, 429) },
    },
  }, async (request, reply) => {
    const { name } = request.body;
    if (RESERVED.has(name)) throw conflict(`body.name: ${name} is reserved`);
    const created = await store.createUser(name);
    if (created === 'exists') throw conflict(`body.name: the name ${name} is taken`);
    return reply.status(201).send(created);
  });

  app.get<{ Params: { name: string } }>('/api/users/:name', {
    schema: {
      summary: 'A user and their bots', tags: ['users'],
      params: { type: 'object', required: ['name'], properties: { name: { type: 'string', pattern: USER_NAME_PATTERN } } },
      response: { 200: { type: 'object', properties: { name: { type: 'string' }, createdAt: { type: 'integer' }, bots: { type: 'array', items: botSchema } } }, ...errors(400, 404) },
    },
  }, async (request) => {
    const user = await store.getUser(request.params.name);
    if (user === null) throw notFound(`params.name: no user ${request.params.name}`);
    return { ...user, bots: await store.listBots({ owner: user.name }) };
  });

  app.get('/api/me', {
    onRequest: app.requireCaller,
    schema: {
      summary: 'Who the token belongs to', tags: ['users'], security: [{ bearer: [] }],
      response: { 200: { type: 'object', properties: { name: { type: 'string' }, admin: { type: 'boolean' } } }, ...errors(401) },
    },
  }, async (request) => callerOf(request));
}
