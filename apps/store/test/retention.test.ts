/**
 * Retention (issue 24 item 3): ladder and challenge replays and logs older than the age are deleted
 * a day at a time; tournament and validation games keep theirs; every result stays (records,
 * ratings, head to head); an expired replay reads as EXPIRED; no pass deletes during a backup or
 * while another worker holds the storage lock.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPIRED, gameBlobKey, type NewMatch } from '../src/index.ts';
import { TEST_BLOB_DIR, fakeReplay, match, upload } from './world.ts';
import { useWorld } from './use-world.ts';

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 27, 9, 0);
const AGE = 30 * DAY;
const world = useWorld();

/** One game of a new series of `kind`, finished `daysAgo` days before NOW. */
async function played(kind: NewMatch['kind'], daysAgo: number): Promise<string> {
  const a = await upload(world.store, 'alice', 'one');
  const b = await upload(world.store, 'bob', 'two');
  const seriesId = await world.store.createSeries({ game: 'xix', kind, rated: kind !== 'validation', entrants: [a, b], deals: 1, seed: 1, requestedBy: 'alice' });
  await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0), { kind, rated: kind !== 'validation', finishedAt: NOW - daysAgo * DAY }));
  return `${seriesId}.0`;
}

describe('expireReplays', () => {
  it('deletes the old ladder and challenge replays and logs, keeps the rest and every result', async () => {
    const old = { ladder: await played('ladder', 31), challenge: await played('challenge', 40), tournament: await played('tournament', 90), validation: await played('validation', 90) };
    const recent = await played('ladder', 29);
    const bot = (await world.store.getMatch(old.ladder))!.entrants[0]!.bot;
    const before = { bot: await world.store.getBot(bot), ratings: await world.store.ratings('xix'), h2h: await world.store.headToHead(bot) };

    const pass = await world.store.expireReplays({ owner: 'w1', maxAgeMs: AGE, now: NOW });
    expect(pass.ran).toBe(true);
    expect(pass.deleted).toHaveLength(2);
    for (const id of [old.ladder, old.challenge]) {
      expect(await world.store.getReplay(id)).toBe(EXPIRED);
      expect(await world.store.getLogs(id, 0)).toBe(EXPIRED);
      expect(await world.store.getMatch(id)).toMatchObject({ id });
    }
    for (const id of [old.tournament, old.validation, recent]) {
      expect(await world.store.getReplay(id)).toEqual(fakeReplay(0));
      expect(await world.store.getLogs(id, 1)).toBe('log of two in seat 1');
    }
    expect({ bot: await world.store.getBot(bot), ratings: await world.store.ratings('xix'), h2h: await world.store.headToHead(bot) }).toEqual(before);
    // two days on, the game of 29 days ago is 31 days old, its whole day past the age
    expect((await world.store.expireReplays({ owner: 'w1', maxAgeMs: AGE, now: NOW + 2 * DAY })).deleted).toHaveLength(1);
    expect(await world.store.getReplay(recent)).toBe(EXPIRED);
  });

  it('deletes nothing while a backup copies the blob store, nor while another worker holds the storage lock', async () => {
    const id = await played('ladder', 60);
    await world.redis.set(`${world.prefix}:backup-running`, '1', 'EX', 60);
    expect(await world.store.expireReplays({ owner: 'w1', maxAgeMs: AGE, now: NOW })).toEqual({ ran: false, deleted: [] });
    expect(await world.store.getReplay(id)).toEqual(fakeReplay(0));
    await world.redis.del(`${world.prefix}:backup-running`);

    expect(await world.store.holdStorageLock('w2', 60_000)).toBe(true);
    expect(await world.store.expireReplays({ owner: 'w1', maxAgeMs: AGE, now: NOW })).toEqual({ ran: false, deleted: [] });
    expect(await world.store.getReplay(id)).toEqual(fakeReplay(0));
    await world.store.releaseStorageLock('w2');
    expect((await world.store.expireReplays({ owner: 'w1', maxAgeMs: AGE, now: NOW })).ran).toBe(true);
    expect(await world.store.getReplay(id)).toBe(EXPIRED);
  });

  it('says a missing replay of a game retention has not reached is missing, not expired', async () => {
    const id = await played('tournament', 1);
    const match = (await world.store.getMatch(id))!;
    await rm(join(TEST_BLOB_DIR, world.prefix, gameBlobKey(match.kind, match.finishedAt, id)));
    await expect(world.store.getReplay(id)).rejects.toThrow(/missing from the blob store/);
  });
});
