import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { hashToken } from '@xix/store';
import { ADMIN_TOKEN, failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
beforeEach(async () => { t = await openApp(); });
afterEach(async () => { await t.close(); });

describe('POST /api/users', () => {
  it('answers 201 with the token once, then 409 for the same name', async () => {
    const created = await t.call({ method: 'POST', url: '/api/users', payload: { name: 'alice' } });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({ name: 'alice', token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/) });
    const again = await t.call({ method: 'POST', url: '/api/users', payload: { name: 'alice' } });
    expect(failure(again)).toEqual({ status: 409, error: 'conflict', message: 'body.name: the name alice is taken' });
  });

  it('refuses the reserved names and bad input, naming the field', async () => {
    expect(failure(await t.call({ method: 'POST', url: '/api/users', payload: { name: 'house' } }))).toMatchObject({ status: 409, message: 'body.name: house is reserved' });
    expect(failure(await t.call({ method: 'POST', url: '/api/users', payload: { name: 'A!' } }))).toMatchObject({ status: 400, error: 'bad_request', message: expect.stringMatching(/^body\.name must match pattern/) });
    expect(failure(await t.call({ method: 'POST', url: '/api/users', payload: {} }))).toMatchObject({ status: 400, message: 'body.name is required' });
    expect(failure(await t.call({ method: 'POST', url: '/api/users', payload: { name: 'alice', admin: true } }))).toMatchObject({ status: 400, message: 'body.admin is not allowed here' });
    expect(failure(await t.call({ method: 'POST', url: '/api/users', payload: '{"name":', headers: { 'content-type': 'application/json' } }))).toMatchObject({ status: 400 });
    expect(failure(await t.call({ method: 'POST', url: '/api/users', payload: 'name=alice', headers: { 'content-type': 'text/plain' } }))).toMatchObject({ status: 400, message: 'body must be object' });
    expect(failure(await t.call({ method: 'POST', url: '/api/users', payload: '<x/>', headers: { 'content-type': 'application/xml' } }))).toMatchObject({ status: 415, error: 'unsupported_media_type' });
  });

  it('answers 429 past the registration rate of a client address; refused requests do not count', async () => {
    const limited = await openApp({ registerRate: 2 });
    try {
      const register = (name: string, remoteAddress = '127.0.0.1') => limited.app.inject({ method: 'POST', url: '/api/users', payload: { name }, remoteAddress });
      expect((await register('Bad Name')).statusCode).toBe(400);
      expect((await register('ann')).statusCode).toBe(201);
      expect((await register('ben')).statusCode).toBe(201);
      expect(failure(await register('cat'))).toMatchObject({ status: 429, error: 'rate_limited', message: expect.stringMatching(/^too many registrations: at most 2 an hour per address/) });
      expect((await register('cat', '10.0.0.7')).statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });

  it('stores tokens only as SHA-256 hashes', async () => {
    const token = await t.register('carol');
    // a login and an upload too: the rate limit's counter must not be keyed by the token
    expect((await t.call({ method: 'GET', url: '/api/me', token })).statusCode).toBe(200);
    const files = { 'bot.ts': `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! });\n` };
    expect((await t.call({ method: 'POST', url: '/api/bots', token, payload: { game: 'xix', name: 'first', files } })).statusCode).toBe(201);
    const keys = await t.world.keys();
    expect(keys.some((key) => key.includes(':ratelimit:'))).toBe(true);
    expect(keys).toContain(`${t.world.prefix}:token:${hashToken(token)}`);
    for (const key of keys) {
      expect(key).not.toContain(token);
      const type = await t.world.redis.type(key);
      const values = type === 'hash' ? Object.values(await t.world.redis.hgetall(key)) : type === 'string' ? [await t.world.redis.get(key)] : [];
      for (const value of values) expect(value).not.toContain(token);
    }
  });
});

describe('GET /api/users/:name and /api/me', () => {
  it('shows a user with their bots, 404 for an unknown one, 400 for a bad name', async () => {
    await t.register('alice');
    const user = await t.call({ method: 'GET', url: '/api/users/alice' });
    expect(user.statusCode).toBe(200);
    expect(user.json()).toEqual({ name: 'alice', createdAt: expect.any(Number), bots: [] });
    expect(failure(await t.call({ method: 'GET', url: '/api/users/bob' }))).toMatchObject({ status: 404, message: 'params.name: no user bob' });
    expect(failure(await t.call({ method: 'GET', url: '/api/users/B' }))).toMatchObject({ status: 400, message: expect.stringMatching(/^params\.name/) });
  });

  it('says who the token belongs to; 401 without a token or with a bad one; the admin token is admin', async () => {
    const token = await t.register('alice');
    expect((await t.call({ method: 'GET', url: '/api/me', token })).json()).toEqual({ name: 'alice', admin: false });
    expect(failure(await t.call({ method: 'GET', url: '/api/me' }))).toMatchObject({ status: 401, error: 'unauthorized' });
    expect(failure(await t.call({ method: 'GET', url: '/api/me', token: 'nope' }))).toMatchObject({ status: 401, message: 'the token is not valid' });
    expect(failure(await t.call({ method: 'GET', url: '/api/me', headers: { authorization: 'Basic abc' } }))).toMatchObject({ status: 401 });
    expect((await t.call({ method: 'GET', url: '/api/me', token: ADMIN_TOKEN })).json()).toEqual({ name: 'admin', admin: true });
  });
});
