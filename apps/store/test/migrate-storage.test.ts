/**
 * Data stored before issue 24 (a match hash, its gzipped replay and logs in Redis, a series index)
 * reads the same before, during and after migrateStorageBatch moves it to the games string and the
 * blob store; a batch moves each match once, and a game stored since is not touched.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createStore, decompressGame, gameBlobKey } from '../src/index.ts';
import { fakeReplay, match, ratedPair, testBlobs } from './world.ts';
import { useWorld } from './use-world.ts';

const world = useWorld();

describe('migrateStorageBatch', () => {
  it('moves old matches out of Redis in batches, every read answering the same throughout', async () => {
    const { a, b, seriesId } = await ratedPair(world);
    const P = world.prefix;
    // three games as the store of before wrote them (make-old-data.ts's layout), the second with a forfeit
    for (let i = 0; i < 3; i++) {
      const replay = fakeReplay(i % 2, i === 1 ? { forfeitSeat: 0 } : {});
      const entrants = i % 2 === 0 ? [a, b] : [b, a];
      await world.redis.hset(`${P}:match:${seriesId}.${i}`, {
        id: `${seriesId}.${i}`, seriesId, game: 'xix', kind: 'challenge', rated: '1', entrants: JSON.stringify(entrants), ranks: i === 1 ? '[2,1]' : '[1,2]',
        points: JSON.stringify(replay.result.points), reason: replay.result.reason, forfeit: JSON.stringify(replay.forfeit), moves: '1',
        finishedAt: String(1_000_000 + i), replayBytes: '99', rawBytes: '150',
      });
      await world.redis.set(`${P}:replay:${seriesId}.${i}`, gzipSync(JSON.stringify(replay)));
      await world.redis.set(`${P}:logs:${seriesId}.${i}:1`, `old log ${i}`);
      await world.redis.zadd(`${P}:matches:series:${seriesId}`, i, `${seriesId}.${i}`);
    }
    // and one stored by this code since
    await world.store.recordMatch(match(seriesId, 3, [a, b], fakeReplay(0)));
    const reads = async () => ({
      matches: await Promise.all([0, 1, 2, 3].map((i) => world.store.getMatch(`${seriesId}.${i}`))),
      replays: await Promise.all([0, 1, 2, 3].map((i) => world.store.getReplay(`${seriesId}.${i}`))),
      logs: await Promise.all([0, 1, 2, 3].map((i) => world.store.getLogs(`${seriesId}.${i}`, 1))),
      series: (await world.store.getSeries(seriesId))?.matches,
      page: (await world.store.listMatches({ series: seriesId, limit: 10 })).matches.map((m) => m.id),
    });
    const before = await reads();
    expect(before.matches[1]).toMatchObject({ forfeit: { seat: 0, verdict: 'timeout' }, ranks: [2, 1], entrants: [b, a], replayBytes: 99 });
    expect(before.logs.slice(0, 3)).toEqual(['old log 0', 'old log 1', 'old log 2']);
    expect(before.series).toEqual([0, 1, 2, 3].map((i) => `${seriesId}.${i}`));

    expect(await world.store.migrateStorageBatch(2)).toBe(2);
    // half-way: a fresh store (no cache) reads both layouts
    const fresh = createStore(world.redis, { prefix: P, blobs: testBlobs });
    expect(await Promise.all([0, 1, 2, 3].map((i) => fresh.getMatch(`${seriesId}.${i}`)))).toEqual(before.matches);
    expect(await world.store.migrateStorageBatch(2)).toBe(1);
    expect(await world.store.migrateStorageBatch(2)).toBe(0);

    expect((await world.keys()).filter((key) => /:(match|replay|logs|matches:series):/.test(key))).toEqual([]);
    const after = createStore(world.redis, { prefix: P, blobs: testBlobs });
    expect(await Promise.all([0, 1, 2, 3].map((i) => after.getMatch(`${seriesId}.${i}`)))).toEqual(before.matches);
    expect({ ...before, matches: undefined }).toEqual({
      matches: undefined,
      replays: await Promise.all([0, 1, 2, 3].map((i) => after.getReplay(`${seriesId}.${i}`))),
      logs: await Promise.all([0, 1, 2, 3].map((i) => after.getLogs(`${seriesId}.${i}`, 1))),
      series: (await after.getSeries(seriesId))?.matches,
      page: (await after.listMatches({ series: seriesId, limit: 10 })).matches.map((m) => m.id),
    });
    const blob = await testBlobs.get(`${P}/${gameBlobKey('challenge', 1_000_001, `${seriesId}.1`)}`);
    expect(decompressGame(blob!)).toEqual({ replay: fakeReplay(1, { forfeitSeat: 0 }), logs: ['', 'old log 1'] });
    // a game moved is a game stored: storing it again is a duplicate
    expect(await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)))).toBe('duplicate');
  });
});
