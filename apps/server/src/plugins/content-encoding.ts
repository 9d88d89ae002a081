/**
 * Request bodies are read as sent. One with a Content-Encoding other than `identity` (gzip, br, …)
 * is refused with 415 instead of being parsed as if it were plain; decoding it would let a small
 * compressed body expand far past BODY_LIMIT.
 */
import type { FastifyInstance } from 'fastify';

export function contentEncodingPlugin(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const encoding = request.headers['content-encoding'];
    if (encoding === undefined) return undefined;
    const codings = encoding.split(',').map((coding) => coding.trim().toLowerCase()).filter((coding) => coding !== '' && coding !== 'identity');
    if (codings.length === 0) return undefined;
    // answered here rather than thrown: a plugin's own error handler (bull-board's) would reshape it
    return reply.code(415).send({ error: 'unsupported_media_type', message: `Content-Encoding ${encoding} is not supported: send the body uncompressed` });
  });
}
