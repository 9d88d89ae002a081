/** The web pages (apps/web), built by esbuild and served with @fastify/static. */
import type { FastifyInstance } from 'fastify';

export async function webPlugin(_app: FastifyInstance): Promise<void> {
  // built by the spectating work (issue 11)
}
