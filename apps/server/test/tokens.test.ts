/**
 * Issue 23, item 1: a token can be revoked (a leaked one stops working at once), rotated, and
 * listed without being shown; a user keeps at least one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tokenId } from '@xix/store';
import { ADMIN_TOKEN, failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
beforeAll(async () => { t = await openApp(); });
afterAll(async () => { await t.close(); });

const me = async (token: string) => (await t.call({ method: 'GET', url: '/api/me', token })).statusCode;
const issue = async (token: string) => {
  const response = await t.call({ method: 'POST', url: '/api/tokens', token });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; token: string; createdAt: number }>();
};

describe('issue 23 item 1: tokens', () => {
  it('item 1: a leaked token is revoked and stops working at once; the list shows ids, never tokens', async () => {
    const leaked = await t.register('alice');
    const laptop = await issue(leaked);
    expect(laptop).toEqual({ id: tokenId(laptop.token), token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/), createdAt: expect.any(Number) });
    expect(await me(laptop.token)).toBe(200);

    const listed = await t.call({ method: 'GET', url: '/api/tokens', token: laptop.token });
    expect(listed.json()).toEqual({ tokens: [
      { id: tokenId(leaked), createdAt: expect.any(Number), current: false },
      { id: laptop.id, createdAt: laptop.createdAt, current: true },
    ] });
    expect(listed.body).not.toContain(leaked);
    expect(listed.body).not.toContain(laptop.token);

    expect((await t.call({ method: 'DELETE', url: `/api/tokens/${tokenId(leaked)}`, token: laptop.token })).json()).toEqual({ revoked: tokenId(leaked) });
    expect(await me(leaked)).toBe(401);
    expect(failure(await t.call({ method: 'DELETE', url: `/api/tokens/${tokenId(leaked)}`, token: laptop.token }))).toMatchObject({ status: 404 });
  });

  it('item 1: rotation gives a new token and kills the one used, in one step', async () => {
    const old = await t.register('bob');
    const rotated = await t.call({ method: 'POST', url: '/api/tokens/rotate', token: old });
    expect(rotated.statusCode).toBe(201);
    const fresh = rotated.json<{ id: string; token: string }>();
    expect(await me(old)).toBe(401);
    expect(await me(fresh.token)).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/tokens', token: fresh.token })).json()).toEqual({ tokens: [{ id: fresh.id, createdAt: expect.any(Number), current: true }] });
  });

  it('item 1: logging out revokes the token in use (DELETE /api/tokens/current), but never the last one', async () => {
    const first = await t.register('carol');
    const second = await issue(first);
    expect((await t.call({ method: 'DELETE', url: '/api/tokens/current', token: first })).json()).toEqual({ revoked: tokenId(first) });
    expect(await me(first)).toBe(401);
    expect(failure(await t.call({ method: 'DELETE', url: '/api/tokens/current', token: second.token }))).toMatchObject({ status: 409, error: 'conflict', message: expect.stringMatching(/is your last one: revoking it would lock the account/) });
    expect(await me(second.token)).toBe(200);
  });

  it('item 1: one user cannot see or revoke another\'s tokens; the admin token has no list; bad ids are 400', async () => {
    const dave = await t.register('dave');
    const erin = await t.register('erin');
    await issue(erin);
    expect(failure(await t.call({ method: 'DELETE', url: `/api/tokens/${tokenId(erin)}`, token: dave }))).toMatchObject({ status: 404 });
    expect(await me(erin)).toBe(200);
    expect((await t.call({ method: 'GET', url: '/api/tokens', token: dave })).json<{ tokens: unknown[] }>().tokens).toHaveLength(1);
    expect(failure(await t.call({ method: 'GET', url: '/api/tokens', token: ADMIN_TOKEN }))).toMatchObject({ status: 403, message: expect.stringMatching(/XIX_ADMIN_TOKEN/) });
    expect(failure(await t.call({ method: 'POST', url: '/api/tokens/rotate', token: ADMIN_TOKEN }))).toMatchObject({ status: 403 });
    expect(failure(await t.call({ method: 'DELETE', url: '/api/tokens/abcdef0123456789', token: dave }))).toMatchObject({ status: 400 });
    expect(failure(await t.call({ method: 'GET', url: '/api/tokens' }))).toMatchObject({ status: 401 });
  });
});
