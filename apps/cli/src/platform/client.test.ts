/**
 * How the client turns answers into one-line errors. A tiny local HTTP server answers with fixed
 * statuses and bodies, so each failure the user can meet is produced for real over a socket.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CliError } from '../cli-error.ts';
import { createClient } from './client.ts';

let server: Server;
let url: string;
const seen: { method: string; url: string; authorization: string | undefined; body: string }[] = [];

/** Route → [status, body text]. */
const ANSWERS: Record<string, [number, string]> = {
  '/api/ok': [200, '{"hello":"world"}'],
  '/api/me': [401, '{"error":"unauthorized","message":"the token is not valid"}'],
  '/api/users': [409, '{"error":"conflict","message":"the name alice is taken"}'],
  '/api/bots': [422, '{"error":"compile_error","message":"bot.ts:1:1: error: oops","diagnostics":[]}'],
  '/api/html': [200, '<html>not an arena</html>'],
  '/api/boom': [500, '{"error":"internal","message":"something broke"}'],
};

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body });
      const [status, text] = ANSWERS[new URL(req.url ?? '/', 'http://x').pathname] ?? [404, '{"error":"not_found","message":"no such route"}'];
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function failure(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(CliError);
  return (error as CliError).message;
}

describe('createClient', () => {
  it('sends the token, the query and the JSON body, and returns the parsed answer', async () => {
    const client = createClient(url, 'tok');
    expect(await client.get('/api/ok', { game: 'xix', owner: undefined, limit: 5 })).toEqual({ hello: 'world' });
    await client.request('POST', '/api/ok', { body: { name: 'alice' } });
    const [get, post] = seen.slice(-2);
    expect(get).toMatchObject({ method: 'GET', url: '/api/ok?game=xix&limit=5', authorization: 'Bearer tok' });
    expect(post).toMatchObject({ method: 'POST', body: '{"name":"alice"}' });
  });

  it('a refused token says to log in again; no token says to log in first', async () => {
    expect(await failure(createClient(url, 'bad').get('/api/me'))).toBe('the server refused your token (the token is not valid): run xix login again');
    expect(await failure(createClient(url).get('/api/me'))).toMatch(/^this needs a login: run xix login URL first/);
  });

  it('4xx and 5xx carry the server\'s message; accepted statuses are returned', async () => {
    expect(await failure(createClient(url).request('POST', '/api/users', { body: {} }))).toBe('the name alice is taken (409 conflict)');
    expect(await failure(createClient(url).get('/api/nowhere'))).toBe('no such route (404 not_found)');
    expect(await failure(createClient(url).get('/api/boom'))).toBe('the server failed (500): something broke');
    const reply = await createClient(url).request('POST', '/api/bots', { body: {}, accept: [422] });
    expect(reply).toMatchObject({ status: 422, body: { error: 'compile_error' } });
  });

  it('an answer that is not JSON, and a server that is not there, are one clear line each', async () => {
    expect(await failure(createClient(url).get('/api/html'))).toMatch(/answered GET \/api\/html with 200 and no JSON: is .* an XIX Arena server\?/);
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failure(createClient(`http://127.0.0.1:${port}`).get('/api/health'))).toBe(`cannot reach the server at http://127.0.0.1:${port} (ECONNREFUSED)`);
  });
});
