/** Issue 23, item 1: a user's tokens can be listed (never shown), made, rotated and revoked. */
import { describe, expect, it } from 'vitest';
import { MAX_TOKENS_PER_USER, hashToken, tokenId } from '../src/index.ts';
import { useWorld } from './use-world.ts';

const world = useWorld();

async function newUser(name: string): Promise<string> {
  const created = await world.store.createUser(name);
  if (created === 'exists') throw new Error(`${name} exists`);
  return created.token;
}

describe('issue 23 item 1: tokens', () => {
  it('item 1: lists the registration token by id only; another token works beside it', async () => {
    const first = await newUser('alice');
    const listed = await world.store.listTokens('alice');
    expect(listed).toEqual([{ id: tokenId(first), createdAt: expect.any(Number) }]);
    expect(JSON.stringify(listed)).not.toContain(first);

    const second = await world.store.issueToken('alice');
    if (second === 'too-many') throw new Error('expected a token');
    expect(second.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await world.store.userByToken(second.token)).toBe('alice');
    expect(await world.store.userByToken(first)).toBe('alice');
    expect((await world.store.listTokens('alice')).map((t) => t.id)).toEqual([tokenId(first), second.id]);
  });

  it('item 1: a revoked token stops working at once; the last token cannot be revoked', async () => {
    const first = await newUser('alice');
    const second = await world.store.issueToken('alice');
    if (second === 'too-many') throw new Error('expected a token');
    expect(await world.store.revokeToken('alice', tokenId(first))).toBe('revoked');
    expect(await world.store.userByToken(first)).toBeNull();
    expect(await world.store.revokeToken('alice', tokenId(first))).toBe('not-found');
    expect(await world.store.revokeToken('alice', second.id)).toBe('last');
    expect(await world.store.userByToken(second.token)).toBe('alice');
    // another user's token is not found under this name
    const bob = await newUser('bob');
    expect(await world.store.revokeToken('alice', tokenId(bob))).toBe('not-found');
    expect(await world.store.revokeToken('alice', 'not-an-id')).toBe('not-found');
  });

  it('item 1: rotation puts a new token in the old one\'s place in one step', async () => {
    const old = await newUser('alice');
    const rotated = await world.store.rotateToken('alice', old);
    if (rotated === 'not-found') throw new Error('expected a rotation');
    expect(await world.store.userByToken(old)).toBeNull();
    expect(await world.store.userByToken(rotated.token)).toBe('alice');
    expect((await world.store.listTokens('alice')).map((t) => t.id)).toEqual([rotated.id]);
    expect(await world.store.rotateToken('alice', old)).toBe('not-found');
  });

  it('item 1: a user holds at most MAX_TOKENS_PER_USER tokens', async () => {
    await newUser('alice');
    for (let i = 1; i < MAX_TOKENS_PER_USER; i++) expect(await world.store.issueToken('alice')).not.toBe('too-many');
    expect(await world.store.issueToken('alice')).toBe('too-many');
  });

  it('item 1: an account made before token lists keeps its token, which joins the list', async () => {
    // the shape of such an account: the token's hash in the user's hash only
    const token = 'a-token-from-before-token-lists-0123456789a';
    const hash = hashToken(token);
    await world.redis.hset(`${world.prefix}:user:olga`, { name: 'olga', tokenHash: hash, createdAt: 1000 });
    await world.redis.set(`${world.prefix}:token:${hash}`, 'olga');
    expect(await world.store.userByToken(token)).toBe('olga');
    expect(await world.store.listTokens('olga')).toEqual([{ id: tokenId(token), createdAt: 1000 }]);
    const second = await world.store.issueToken('olga');
    if (second === 'too-many') throw new Error('expected a token');
    expect(await world.store.revokeToken('olga', tokenId(token))).toBe('revoked');
    expect(await world.store.userByToken(token)).toBeNull();
    // revoked for good: it does not come back into the list from the user's hash
    expect((await world.store.listTokens('olga')).map((t) => t.id)).toEqual([second.id]);
  });
});
