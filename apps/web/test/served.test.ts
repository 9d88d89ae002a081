/** The server serves the built pages: one HTML shell for every page route, hashed assets cached for good. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openApp, type TestApp } from '../../server/test/app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await openApp();
});
afterAll(async () => t?.close());

const PAGES = ['/leaderboard/xix', '/leaderboard/xix/default', '/bots/b1', '/users/alice', '/tournaments', '/tournaments/t1', '/matches/s1.0', '/live', '/upload', '/sign-in'];
/** What a browser's navigation asks for. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

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

  it('answers a browser navigating to no page with the shell and 404 (its script shows the not-found page), anyone else with JSON', async () => {
    const page = await t.call({ method: 'GET', url: '/no/such/page?x=1', headers: { accept: BROWSER_ACCEPT } });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toMatch(/default-src 'self'/);
    expect(page.body).toMatch(/<script type="module" src="\/assets\/main-[A-Z0-9]+\.js"><\/script>/);
    for (const [url, accept] of [['/no/such/page', 'application/json'], ['/api/no-such-route', BROWSER_ACCEPT], ['/assets/main-NOPE.js', BROWSER_ACCEPT]] as const) {
      const json = await t.call({ method: 'GET', url, headers: { accept } });
      expect(json.statusCode, url).toBe(404);
      expect(json.json(), url).toEqual({ error: 'not_found', message: expect.any(String) });
    }
    expect((await t.call({ method: 'GET', url: '/api/no-such-route' })).json()).toEqual({ error: 'not_found', message: 'no route GET /api/no-such-route' });
  });

  it('serves an icon, which the shell names', async () => {
    for (const url of ['/favicon.svg', '/favicon.ico']) {
      const icon = await t.call({ method: 'GET', url });
      expect(icon.statusCode, url).toBe(200);
      expect(icon.headers['content-type'], url).toMatch(/^image\/svg\+xml/);
      expect(icon.body, url).toMatch(/^<svg /);
    }
    expect((await t.call({ method: 'GET', url: '/live' })).body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
  });
});
