import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore } from '@xix/store';
import { buildServer, houseBotName, registerHouseBots } from '../src/index.ts';
import { REDIS_URL, testBlobs } from '../../store/test/world.ts';
import { openApp, type TestApp } from './app.ts';

let t: TestApp;
beforeEach(async () => { t = await openApp(); });
afterEach(async () => { await t.close(); });

describe('registerHouseBots', () => {
  it('stores the examples as active versions of user house, finds them again, and makes a new version for a changed source', async () => {
    const first = await registerHouseBots(t.world.store);
    expect(first.map((h) => [h.name, h.version, h.created])).toEqual([['random', 1, true], ['heuristic', 1, true], ['search', 1, true]]);
    for (const house of first) {
      expect(await t.world.store.getBot(house.bot)).toMatchObject({ owner: 'house', name: house.name, active: 1 });
      expect((await t.world.store.loadBundle(house.bot, 1))?.length).toBeGreaterThan(100);
    }
    const again = await registerHouseBots(t.world.store);
    expect(again).toEqual(first.map((h) => ({ ...h, created: false })));

    // an older source stored for `random`: the next registration stores the current one as version 2
    const random = first[0]!;
    await t.world.redis.hset(`${t.world.prefix}:version:${random.bot}:1`, 'files', JSON.stringify({ 'random.ts': '// old' }));
    const changed = await registerHouseBots(t.world.store);
    expect(changed[0]).toEqual({ name: 'random', bot: random.bot, version: 2, created: true });
    expect((await t.world.store.getBot(random.bot))?.active).toBe(2);
  });

  it("registers 1923's random and heuristic as house bots of game 1923 beside XIX's, under names of their own", async () => {
    const xix = await registerHouseBots(t.world.store);
    const nineteen23 = await registerHouseBots(t.world.store, '1923');
    expect(nineteen23.map((h) => [h.name, h.version, h.created])).toEqual([['random-1923', 1, true], ['heuristic-1923', 1, true]]);
    for (const house of nineteen23) {
      expect(await t.world.store.getBot(house.bot)).toMatchObject({ owner: 'house', name: house.name, game: '1923', active: 1 });
      expect((await t.world.store.loadBundle(house.bot, 1))?.length).toBeGreaterThan(100);
    }
    // XIX's are untouched, and found again
    for (const house of xix) expect(await t.world.store.getBot(house.bot)).toMatchObject({ owner: 'house', name: house.name, game: 'xix', active: 1 });
    expect(await registerHouseBots(t.world.store, '1923')).toEqual(nineteen23.map((h) => ({ ...h, created: false })));
    expect(houseBotName('xix', 'random')).toBe('random');
    expect(houseBotName('1923', 'random')).toBe('random-1923');
    expect(() => houseBotName('1923', 'search')).toThrow(/1923 has no house bot "search"/);
    await expect(registerHouseBots(t.world.store, 'chess')).rejects.toThrow(/no house bots for game "chess"/);
  });

  it('makes an upload validate against the house random bot too', async () => {
    const [random] = await registerHouseBots(t.world.store);
    const token = await t.register('alice');
    const files = { 'bot.ts': `import { defineXixBot } from '@xix/sdk';\nexport default defineXixBot({ decide: (view) => view.legalActions[0]! });\n` };
    const upload = await t.call({ method: 'POST', url: '/api/bots', token, payload: { game: 'xix', name: 'first', files } });
    const { bot, validation } = upload.json<{ bot: string; validation: string[] }>();
    expect(validation).toHaveLength(2);
    const series = await Promise.all(validation.map((id) => t.world.store.getSeries(id)));
    expect(series.map((s) => s?.entrants)).toEqual([
      [{ bot, version: 1 }, { bot, version: 1 }],
      [{ bot, version: 1 }, { bot: random!.bot, version: 1 }],
    ]);
    expect(series.map((s) => s?.games)).toEqual([4, 4]);
  });
});

describe('health without Redis', () => {
  it('answers 503 with ok false', async () => {
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0 });
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: null });
    const queue = new Queue('unused', { connection, prefix: `{${t.world.prefix}}` });
    const app = await buildServer({ store: createStore(dead, { prefix: t.world.prefix, blobs: testBlobs }), queue });
    try {
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ ok: false, redis: false, queue: { waiting: 0, active: 0, delayed: 0, failed: 0 }, workers: 0 });
    } finally {
      await app.close();
      await queue.close();
      connection.disconnect();
      dead.disconnect();
    }
  });
});
