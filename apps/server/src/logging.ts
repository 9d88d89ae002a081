/**
 * The server's request log: one line per request (fastify's default is two, "incoming request" and
 * "request completed"; the second one names the request too), written to stdout asynchronously.
 * A synchronous write per line was the biggest cost of a cheap read under load (npm run bench:api).
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pino from 'pino';

export class OneLinePerRequest extends LogController {
  override incomingRequest(): void {
    // the completion line carries the request: method, url, address
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    if (this.isLogDisabled(request)) return;
    if (error) reply.log.error({ req: request, res: reply, err: error, responseTime: reply.elapsedTime }, 'request errored');
    else reply.log.info({ req: request, res: reply, responseTime: reply.elapsedTime }, 'request completed');
  }
}

/** Lines are written in batches of about this many bytes (a write is a system call)… */
const LOG_BATCH_BYTES = 8192;
/** …or at the latest after this many milliseconds, so a quiet server's log is still current. */
const LOG_FLUSH_MS = 500;

/**
 * fastify's logger option for a server process: pino at `level` on stdout, batched (pino flushes
 * what is left when the process exits).
 */
export function processLogger(level: string): NonNullable<FastifyServerOptions['logger']> {
  return { level, stream: pino.destination({ dest: 1, sync: false, minLength: LOG_BATCH_BYTES, periodicFlush: LOG_FLUSH_MS }) };
}
