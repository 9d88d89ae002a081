/** Issue 23, item 6: the small things an outside probe found in how requests are read. */
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
let token: string;
let bot: string;
beforeAll(async () => {
  t = await openApp();
  token = await t.register('alice');
  const files = { 'bot.ts': `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! });\n` };
  bot = (await t.call({ method: 'POST', url: '/api/bots', token, payload: { game: 'xix', name: 'first', files } })).json<{ bot: string }>().bot;
});
afterAll(async () => { await t.close(); });

describe('issue 23 item 6', () => {
  it('item 6: the Bearer scheme is case-insensitive (RFC 9110)', async () => {
    for (const scheme of ['Bearer', 'bearer', 'BEARER', 'bEaReR']) {
      const response = await t.call({ method: 'GET', url: '/api/me', headers: { authorization: `${scheme} ${token}` } });
      expect(response.statusCode, scheme).toBe(200);
      expect(response.json()).toEqual({ name: 'alice', admin: false });
    }
  });

  it('item 6: /admin/queues and /metrics answer 401 with the usual { error: "unauthorized" } body', async () => {
    for (const url of ['/admin/queues', '/admin/queues/api/queues', '/metrics']) {
      const response = await t.call({ method: 'GET', url });
      expect(failure(response), url).toEqual({ status: 401, error: 'unauthorized', message: expect.stringMatching(/admin token/) });
      expect(response.headers['www-authenticate']).toMatch(/^Basic realm=/);
    }
  });

  it('item 6: a compressed request body is refused with 415, not read as plain JSON', async () => {
    const body = gzipSync(JSON.stringify({ name: 'bobby' }));
    for (const encoding of ['gzip', 'deflate', 'br', 'GZIP', 'identity, gzip']) {
      const response = await t.call({ method: 'POST', url: '/api/users', payload: body, headers: { 'content-type': 'application/json', 'content-encoding': encoding } });
      expect(failure(response), encoding).toEqual({ status: 415, error: 'unsupported_media_type', message: expect.stringMatching(/^Content-Encoding .* is not supported: send the body uncompressed$/) });
    }
    // a plain JSON body said to be plain is read as before; nothing was registered above
    const plain = await t.call({ method: 'POST', url: '/api/users', payload: { name: 'carol' }, headers: { 'content-encoding': 'identity' } });
    expect(plain.statusCode).toBe(201);
    expect((await t.call({ method: 'GET', url: '/api/users/bobby' })).statusCode).toBe(404);
  });

  it('item 6: whole numbers in paths and query strings are plain decimals, never coerced from 1e0, 0x1 or " 1"', async () => {
    expect((await t.call({ method: 'GET', url: `/api/bots/${bot}/versions/1/source`, token })).statusCode).toBe(200);
    for (const n of ['1e0', '0x1', '01', '1.0', '%201', '+1', '0b1']) {
      const response = await t.call({ method: 'GET', url: `/api/bots/${bot}/versions/${n}/source`, token });
      expect(failure(response), n).toEqual({ status: 400, error: 'bad_request', message: 'params.n must be a whole number written in decimal digits' });
    }
    expect((await t.call({ method: 'GET', url: '/api/matches?limit=5' })).statusCode).toBe(200);
    for (const limit of ['5e0', '0x5', '05']) {
      expect(failure(await t.call({ method: 'GET', url: `/api/matches?limit=${limit}` })), limit).toMatchObject({ status: 400, message: 'querystring.limit must be a whole number written in decimal digits' });
    }
  });
});
