/** Issue 23, item 3: a credential sent in a query string never reaches the request log. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { redactRequestUrl } from '../src/redact.ts';
import { ADMIN_TOKEN, openApp, type TestApp } from './app.ts';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await openApp({}, { logger: { level: 'info', stream: { write: (line: string) => void lines.push(line) } } });
});
afterAll(async () => { await t.close(); });

/** The url of each request-log line. */
const loggedUrls = () => lines.map((line) => JSON.parse(line) as { req?: { url?: string } }).flatMap((entry) => (entry.req?.url === undefined ? [] : [entry.req.url]));

describe('issue 23 item 3', () => {
  it('item 3: tokens in query strings are redacted from logged URLs (user and admin tokens, API and admin routes)', async () => {
    const token = await t.register('alice');
    const secrets = [token, ADMIN_TOKEN, 'pa55-word-in-the-query', 'an-api-key-value', 'a-session-value'];
    lines.length = 0;
    for (const url of [
      `/api/me?token=${token}`,
      `/metrics?token=${ADMIN_TOKEN}`,
      `/admin/queues?token=${ADMIN_TOKEN}`,
      `/api/tournaments?game=xix&token=${ADMIN_TOKEN}`,
      `/api/tournaments?access_token=${ADMIN_TOKEN}&game=xix`,
      '/api/matches?limit=5&password=pa55-word-in-the-query&API_KEY=an-api-key-value&sessionId=a-session-value',
      `/api/nowhere?Authorization=Bearer%20${token}`,
    ]) await t.call({ method: 'GET', url });

    const urls = loggedUrls();
    expect(urls).toEqual([
      '/api/me?token=***',
      '/metrics?token=***',
      '/admin/queues?token=***',
      '/api/tournaments?game=xix&token=***',
      '/api/tournaments?access_token=***&game=xix',
      '/api/matches?limit=5&password=***&API_KEY=***&sessionId=***',
      '/api/nowhere?Authorization=***',
    ]);
    for (const line of lines) for (const secret of secrets) expect(line).not.toContain(secret);
  });

  it('item 3: the redaction keeps everything else of the URL as it was', () => {
    expect(redactRequestUrl('/api/matches?limit=5&before=s1.2')).toBe('/api/matches?limit=5&before=s1.2');
    expect(redactRequestUrl('/api/bots/b1')).toBe('/api/bots/b1');
    expect(redactRequestUrl('/x?token')).toBe('/x?token');
    expect(redactRequestUrl('/x?token=')).toBe('/x?token=***');
    expect(redactRequestUrl('/x?a=1&my_secret=s&token=t#frag')).toBe('/x?a=1&my_secret=***&token=***#frag');
    expect(redactRequestUrl('/x?tok%65n=t')).toBe('/x?tok%65n=***');
  });
});
