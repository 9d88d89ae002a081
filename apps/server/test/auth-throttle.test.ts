/**
 * Issue 23, item 2: failed authentication is throttled per address (every login-needing route,
 * the admin's views) and for the admin's account as a whole; the admin token must be at least 32
 * random characters. Failures are driven through inject(), no waiting.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG, configFromEnv } from '../src/config.ts';
import { ADMIN_TOKEN, failure, openApp, type TestApp } from './app.ts';

const basic = (password: string) => ({ authorization: `Basic ${Buffer.from(`admin:${password}`).toString('base64')}` });
const from = (t: TestApp, remoteAddress: string, url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers, remoteAddress });

describe('issue 23 item 2: failed logins are throttled', () => {
  it('item 2: wrong admin passwords get 429 past AUTH_FAILURE_RATE from one address (the probe sent 300, all 401)', async () => {
    const t = await openApp();
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 300 && !statuses.includes(429); i++) statuses.push((await from(t, '10.0.0.1', '/admin/queues', basic(`guess-${i}`))).statusCode);
      expect(statuses).toEqual([...Array<number>(DEFAULT_CONFIG.authFailureRate).fill(401), 429]);
      const refused = await from(t, '10.0.0.1', '/admin/queues', basic(ADMIN_TOKEN));
      // the right password too, else the throttle would still answer every guess
      expect(failure(refused)).toEqual({ status: 429, error: 'rate_limited', message: expect.stringMatching(/^too many failed logins from this address: at most 20 in 10 minutes; try again in \d+ s$/) });
      expect(refused.headers['retry-after']).toMatch(/^\d+$/);
      // another address is not held up
      expect((await from(t, '10.0.0.2', '/admin/queues', basic(ADMIN_TOKEN))).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('item 2: wrong Bearer tokens on the API count the same way, per address; a valid token from there is held too', async () => {
    const t = await openApp({ authFailureRate: 3 });
    try {
      const token = await t.register('alice');
      for (let i = 0; i < 3; i++) expect((await from(t, '10.0.0.1', '/api/me', { authorization: `Bearer wrong-${i}` })).statusCode).toBe(401);
      expect((await from(t, '10.0.0.1', '/api/me', { authorization: 'Bearer wrong' })).statusCode).toBe(429);
      expect((await from(t, '10.0.0.1', '/api/me', { authorization: `Bearer ${token}` })).statusCode).toBe(429);
      expect((await from(t, '10.0.0.1', '/metrics', { authorization: `Bearer ${ADMIN_TOKEN}` })).statusCode).toBe(429);
      expect((await from(t, '10.0.0.3', '/api/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
      // reading needs no login: the throttle does not stand in the way of public routes
      expect((await from(t, '10.0.0.1', '/api/games', {})).statusCode).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('item 2: the admin account is throttled as a whole, whatever the addresses the guesses come from', async () => {
    const t = await openApp({ authFailureRate: 2 });
    try {
      const accountLimit = 2 * 5;
      for (let i = 0; i < accountLimit; i++) expect((await from(t, `10.1.0.${i}`, '/metrics', basic(`guess-${i}`))).statusCode).toBe(401);
      const held = await from(t, '10.2.0.1', '/metrics', basic(ADMIN_TOKEN));
      expect(failure(held)).toMatchObject({ status: 429, message: expect.stringMatching(/^too many failed logins to the admin account: at most 10 in 10 minutes; try again in \d+ s$/) });
      expect((await from(t, '10.2.0.1', '/admin/queues', basic(ADMIN_TOKEN))).statusCode).toBe(429);
    } finally {
      await t.close();
    }
  });

  it('item 2: successes and requests without credentials do not count', async () => {
    const t = await openApp({ authFailureRate: 2 });
    try {
      const token = await t.register('alice');
      for (let i = 0; i < 5; i++) {
        expect((await from(t, '10.0.0.1', '/api/me', { authorization: `Bearer ${token}` })).statusCode).toBe(200);
        expect((await from(t, '10.0.0.1', '/api/me', {})).statusCode).toBe(401);
        expect((await from(t, '10.0.0.1', '/admin/queues', {})).statusCode).toBe(401);
        expect((await from(t, '10.0.0.1', '/admin/queues', basic(ADMIN_TOKEN))).statusCode).toBe(200);
      }
    } finally {
      await t.close();
    }
  });
});

describe('issue 23 item 2: the admin token', () => {
  it('item 2: must be at least 32 random characters, and the refusal says how to make one', () => {
    const refusal = /XIX_ADMIN_TOKEN .*: it must be at least 32 random characters; make one with: openssl rand -base64 32/;
    for (const weak of ['sixteen-chars-ok', 'x'.repeat(31), 'a'.repeat(40), 'changeme'.repeat(5), `${'token with spaces '.repeat(3)}`]) {
      expect(() => configFromEnv({ XIX_ADMIN_TOKEN: weak }), weak).toThrow(ConfigError);
      expect(() => configFromEnv({ XIX_ADMIN_TOKEN: weak }), weak).toThrow(refusal);
    }
    for (const strong of [randomBytes(32).toString('base64'), randomBytes(16).toString('hex'), randomBytes(32).toString('base64url')]) {
      expect(configFromEnv({ XIX_ADMIN_TOKEN: strong }).adminToken).toBe(strong);
    }
    expect(configFromEnv({}).adminToken).toBeNull();
    expect(configFromEnv({ AUTH_FAILURE_RATE: '7' }).authFailureRate).toBe(7);
    expect(ADMIN_TOKEN.length).toBeGreaterThanOrEqual(32);
  });
});
