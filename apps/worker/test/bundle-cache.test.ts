/** The bundle cache loads a bot version once, keeps the most recently used, and is bounded. */
import { describe, expect, it } from 'vitest';
import { MissingBundleError, createBundleCache } from '../src/index.ts';

function fakeStore(bundles: Record<string, string>) {
  const loads: string[] = [];
  return {
    loads,
    async getBot(id: string) {
      return Object.keys(bundles).some((key) => key.startsWith(`${id}@`)) ? { name: `name-of-${id}` } : null;
    },
    async loadBundle(id: string, version: number) {
      loads.push(`${id}@${version}`);
      return bundles[`${id}@${version}`] ?? null;
    },
  };
}

describe('createBundleCache', () => {
  it('loads each version once and serves it with the bot name', async () => {
    const store = fakeStore({ 'b1@1': 'code one', 'b1@2': 'code two' });
    const cache = createBundleCache(store);
    expect(await cache.get('b1', 1)).toEqual({ name: 'name-of-b1', code: 'code one' });
    expect(await cache.get('b1', 1)).toEqual({ name: 'name-of-b1', code: 'code one' });
    expect(await cache.get('b1', 2)).toEqual({ name: 'name-of-b1', code: 'code two' });
    expect(store.loads).toEqual(['b1@1', 'b1@2']);
  });

  it('drops the least recently used bundles beyond its size', async () => {
    const store = fakeStore({ 'b1@1': 'a'.repeat(10), 'b2@1': 'b'.repeat(10), 'b3@1': 'c'.repeat(10) });
    const cache = createBundleCache(store, 25);
    await cache.get('b1', 1);
    await cache.get('b2', 1);
    await cache.get('b1', 1); // b1 is now the most recent
    await cache.get('b3', 1); // over 25 characters: b2 goes
    expect(cache.size).toBe(2);
    await cache.get('b1', 1);
    await cache.get('b2', 1);
    expect(store.loads).toEqual(['b1@1', 'b2@1', 'b3@1', 'b2@1']);
  });

  it('refuses a version without a bundle, as an error no retry can fix', async () => {
    const cache = createBundleCache(fakeStore({ 'b1@1': 'code' }));
    const error = await cache.get('b1', 7).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(MissingBundleError);
    expect((error as Error).message).toBe('bot b1 has no stored bundle for version 7');
  });
});
