/**
 * A closing server lets the requests in flight finish (fastify's close), for at most `graceMs`;
 * then it cuts their connections. Without the bound, a client that stops reading a streamed
 * response (an asset sent from a file) holds the close for as long as it holds the socket open:
 * a SIGTERM that never ends the process, a test whose afterAll never returns.
 */
import type { FastifyInstance } from 'fastify';

export function closeGracePlugin(app: FastifyInstance, graceMs: number): void {
  app.addHook('preClose', async () => {
    const cutOff = setTimeout(() => app.server.closeAllConnections(), graceMs);
    cutOff.unref();
    app.server.once('close', () => clearTimeout(cutOff));
  });
}
