import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { StoreInputError, createStore, hashToken } from '../src/index.ts';
import { REDIS_URL, openWorld, testBlobs, upload, type World } from './world.ts';

let world: World;
beforeEach(async () => { world = await openWorld(); });
afterEach(async () => { await world.close(); });

describe('users', () => {
  it('creates a user whose token finds it, and refuses the name a second time', async () => {
    const created = await world.store.createUser('alice');
    if (created === 'exists') throw new Error('expected a new user');
    expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await world.store.userByToken(created.token)).toBe('alice');
    expect(await world.store.userByToken(created.token + 'x')).toBeNull();
    expect(await world.store.createUser('alice')).toBe('exists');
    expect((await world.store.getUser('alice'))?.name).toBe('alice');
    expect(await world.store.getUser('bob')).toBeNull();
  });

  it('stores only the SHA-256 of a token, never the token', async () => {
    const created = await world.store.createUser('carol');
    if (created === 'exists') throw new Error('expected a new user');
    const keys = await world.keys();
    expect(keys).toContain(`${world.prefix}:token:${hashToken(created.token)}`);
    for (const key of keys) {
      expect(key).not.toContain(created.token);
      const type = await world.redis.type(key);
      const values = type === 'hash' ? Object.values(await world.redis.hgetall(key)) : type === 'string' ? [await world.redis.get(key)] : [];
      for (const value of values) expect(value).not.toContain(created.token);
    }
  });

  it('refuses invalid names with a clear error', async () => {
    await expect(world.store.createUser('A')).rejects.toThrow(StoreInputError);
    await expect(world.store.createUser('1abc')).rejects.toThrow(/user name/);
  });
});

describe('bots and versions', () => {
  it('creates a bot on its first upload and a new version on the next', async () => {
    const first = await upload(world.store, 'alice', 'greedy', 'validating');
    const second = await upload(world.store, 'alice', 'greedy', 'validating');
    expect(first.bot).toBe(second.bot);
    expect([first.version, second.version]).toEqual([1, 2]);
    const bot = await world.store.getBot(first.bot);
    expect(bot).toMatchObject({ id: first.bot, owner: 'alice', name: 'greedy', game: 'xix', versions: 2, active: null, retired: false, probation: null });
    const version = await world.store.getVersion(first.bot, 2, { source: true });
    expect(version).toMatchObject({ state: 'validating', entry: 'bot.ts', files: { 'bot.ts': '// greedy' }, bundle: '/* greedy */' });
    expect(await world.store.loadBundle(first.bot, 1)).toBe('/* greedy */');
    expect(await world.store.getVersion(first.bot, 3)).toBeNull();
    expect((await world.store.getBotWithVersions(first.bot))!.versions.map((v) => v.version)).toEqual([1, 2]);
  });

  it('reads a bot and its versions as one snapshot while validations end beside the read', async () => {
    // the activating writes come over a second connection, so they land between any two reads
    const writer = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    try {
      const other = createStore(writer, { prefix: world.prefix, blobs: testBlobs });
      const bots = await Promise.all(Array.from({ length: 20 }, (_, i) => upload(world.store, 'alice', `racer${i}`, 'validating')));
      const reads = bots.flatMap(({ bot }) => Array.from({ length: 10 }, () => world.store.getBotWithVersions(bot)));
      const activations = bots.map(({ bot }) => other.setVersionState(bot, 1, { state: 'active' }));
      const [read] = await Promise.all([Promise.all(reads), Promise.all(activations)]);
      const seen = read.map((bot) => [bot?.versions[0]?.state, bot?.active]);
      for (const pair of seen) expect([['validating', null], ['active', 1]]).toContainEqual(pair);
    } finally {
      writer.disconnect();
    }
  });

  it('makes one bot when two uploads of a new name race', async () => {
    const both = await Promise.all([upload(world.store, 'alice', 'racer'), upload(world.store, 'alice', 'racer')]);
    expect(both[0].bot).toBe(both[1].bot);
    expect(both.map((e) => e.version).sort()).toEqual([1, 2]);
  });

  it('refuses a new version in another game, and on a retired bot', async () => {
    const bot = await upload(world.store, 'alice', 'greedy');
    const other = await world.store.putVersion({ owner: 'alice', name: 'greedy', game: 'chess', entry: 'b.ts', files: {}, bundle: '', bytes: 0, compileMs: 0 });
    expect(other).toEqual({ ok: false, reason: 'game_differs', bot: bot.bot });
    expect(await world.store.retireBot(bot.bot)).toBe(true);
    expect((await world.store.getBot(bot.bot))?.retired).toBe(true);
    const retired = await world.store.putVersion({ owner: 'alice', name: 'greedy', game: 'xix', entry: 'b.ts', files: {}, bundle: '', bytes: 0, compileMs: 0 });
    expect(retired).toEqual({ ok: false, reason: 'retired', bot: bot.bot });
    expect(await world.store.retireBot('b999')).toBe(false);
  });

  it('lists bots by game and by owner', async () => {
    const a = await upload(world.store, 'alice', 'one');
    const b = await upload(world.store, 'bob', 'two');
    expect((await world.store.listBots({ game: 'xix' })).map((bot) => bot.id)).toEqual([a.bot, b.bot]);
    expect((await world.store.listBots({ owner: 'bob' })).map((bot) => bot.id)).toEqual([b.bot]);
    expect(await world.store.listBots({ game: 'chess' })).toEqual([]);
    expect(await world.store.botIdByName('alice', 'one')).toBe(a.bot);
  });

  it('moves the active version with setVersionState, back to the newest active one when it falls', async () => {
    const v1 = await upload(world.store, 'alice', 'greedy', 'validating');
    await upload(world.store, 'alice', 'greedy', 'validating');
    expect(await world.store.setVersionState(v1.bot, 1, { state: 'active' })).toBe(true);
    expect(await world.store.setVersionState(v1.bot, 2, { state: 'active' })).toBe(true);
    expect((await world.store.getBot(v1.bot))?.active).toBe(2);
    await world.store.setVersionState(v1.bot, 2, { state: 'rejected', verdict: 'error', message: 'admin' });
    expect((await world.store.getBot(v1.bot))?.active).toBe(1);
    expect(await world.store.getVersion(v1.bot, 2)).toMatchObject({ state: 'rejected', verdict: 'error', message: 'admin', failingMatch: null });
    expect(await world.store.setVersionState(v1.bot, 9, { state: 'active' })).toBe(false);
  });
});

describe('series', () => {
  it('stores a series with a secret seed key and its status', async () => {
    const a = await upload(world.store, 'alice', 'one');
    const b = await upload(world.store, 'bob', 'two');
    const id = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [a, b], deals: 3, seed: 42, requestedBy: 'alice' });
    expect(id).toMatch(/^s\d+$/);
    const series = await world.store.getSeries(id);
    expect(series).toMatchObject({ id, game: 'xix', kind: 'challenge', rated: true, deals: 3, seed: 42, games: 6, gamesDone: 0, status: 'queued', validates: null, error: null, limits: null, matches: [] });
    expect(series?.entrants).toEqual([{ bot: a.bot, version: 1 }, { bot: b.bot, version: 1 }]);
    expect(series?.botSeedKey).toMatch(/^[0-9a-f]{64}$/);
    expect(await world.store.setSeriesStatus(id, 'failed', 'redis went away')).toBe(true);
    expect(await world.store.getSeries(id)).toMatchObject({ status: 'failed', error: 'redis went away' });
    expect(await world.store.setSeriesStatus('s99999', 'done')).toBe(false);
    expect(await world.store.getSeries('s99999')).toBeNull();
    await expect(world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [a], deals: 3, seed: 1, requestedBy: 'x' })).rejects.toThrow(/two entrants/);
  });
});
