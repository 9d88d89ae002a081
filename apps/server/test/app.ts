/** A test's own server: its own Redis prefix and queue prefix, closed and cleaned after. */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { queuePrefix, SERIES_QUEUE } from '@xix/store';
import { buildServer, type ServerOptions } from '../src/index.ts';
import type { ServerConfig } from '../src/config.ts';
import { REDIS_URL, openWorld, type World } from '../../store/test/world.ts';

/** A fresh one per test process, as the server requires: at least 32 random characters. */
export const ADMIN_TOKEN = randomBytes(32).toString('base64url');

export interface TestApp {
  readonly world: World;
  readonly app: FastifyInstance;
  readonly queue: Queue;
  /** Registers a user and answers its token. */
  register(name: string): Promise<string>;
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function openApp(config: Partial<ServerConfig> = {}, options: Pick<ServerOptions, 'logger'> = {}): Promise<TestApp> {
  const world = await openWorld();
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
  const queue = new Queue(SERIES_QUEUE, { connection, prefix: queuePrefix(world.prefix) });
  const app = await buildServer({ store: world.store, queue, config: { adminToken: ADMIN_TOKEN, ...config }, ...options });
  const call: TestApp['call'] = ({ token, headers, ...options }) =>
    app.inject({ ...options, headers: { ...headers, ...(token !== undefined && { authorization: `Bearer ${token}` }) } });
  return {
    world,
    app,
    queue,
    call,
    async register(name) {
      const response = await call({ method: 'POST', url: '/api/users', payload: { name } });
      if (response.statusCode !== 201) throw new Error(`cannot register ${name}: ${response.body}`);
      return response.json<{ token: string }>().token;
    },
    async close() {
      await app.close();
      await queue.close();
      connection.disconnect();
      await world.close();
    },
  };
}

/** `{ error, message }` of a failed call, checked to be one. */
export function failure(response: LightMyRequestResponse): { status: number; error: string; message: string } {
  const body = response.json<{ error: unknown; message: unknown }>();
  if (typeof body.error !== 'string' || typeof body.message !== 'string') throw new Error(`not an error body: ${response.body}`);
  return { status: response.statusCode, error: body.error, message: body.message };
}
