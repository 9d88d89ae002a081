/** The server serves the built pages: one HTML shell for every page route, hashed assets cached for good. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type TestApp } from '../../server/test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openApp();
});
afterAll(async () => t?.close());

const PAGES = ['/leaderboard/xix', '/bots/b1', '/tournaments', '/tournaments/t1', '/matches/s1.0', '/live', '/upload', '/sign-in'];

describe('web pages', () => {
  it.each(PAGES)('%s answers the HTML shell, never cached, loading only from this server', async (url) => {
    const response = await t.call({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.headers['cache-control']).toBe('no-cache');
    // nothing from elsewhere: the browser tests fail on any refusal of this policy
    expect(response.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(response.body).toMatch(/<script type="module" src="\/assets\/main-[A-Z0-9]+\.js"><\/script>/);
  });

  it('serves the script and stylesheet the shell names, cached for good (their names change with their content)', async () => {
    const shell = (await t.call({ method: 'GET', url: '/live' })).body;
    const assets = [...shell.matchAll(/(?:src|href)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(assets.some((a) => a.endsWith('.js')) && assets.some((a) => a.endsWith('.css'))).toBe(true);
    for (const url of assets) {
      const response = await t.call({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(url.endsWith('.js') ? /javascript/ : /text\/css/);
      expect(response.headers['cache-control']).toMatch(/immutable/);
    }
  });

  it('answers 404 for paths that are no page and for missing assets', async () => {
    expect((await t.call({ method: 'GET', url: '/bots/b1/extra' })).statusCode).toBe(404);
    expect((await t.call({ method: 'GET', url: '/assets/main-NOPE.js' })).statusCode).toBe(404);
  });
});
