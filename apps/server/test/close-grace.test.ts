/**
 * A closing server waits for requests in flight, but not for ever: a client that stopped reading
 * a streamed response (seen as a test's afterAll hanging on an asset download it never read) has
 * its connection cut after the grace (XIX_CLOSE_GRACE_MS), and the close completes.
 */
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { openApp } from './app.ts';

describe('closing the server', () => {
  it('cuts a response its client stopped reading once the grace is over, and closes', async () => {
    const test = await openApp({ closeGraceMs: 200 });
    // a response that never ends on its own: only the cut can end its connection
    test.app.get('/test/endless', async (_request, reply) => reply.type('application/octet-stream').send(new Readable({
      read() { this.push(Buffer.alloc(64 * 1024)); },
    })));
    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const address = test.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
    const response = await fetch(`http://127.0.0.1:${address.port}/test/endless`);
    expect(response.status).toBe(200);
    // the body is never read: the server's writes back up and the request stays in flight
    await test.close();
    await expect(response.arrayBuffer()).rejects.toThrow();
  });
});
