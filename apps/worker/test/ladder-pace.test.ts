/**
 * The ladder's pace (issue 17 item 16): with no version changed for the quiet time and every
 * bot's 95% interval narrow, a ladder starts at most one series a minute; a new version or a new
 * bot wakes it at the next round. The scheduler runs on a real Redis with the clock faked (Date
 * only: the connections keep their real timers), each round called by the test.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { keysFor, type LadderCandidate } from '@xix/store';
import { fakeReplay, match, upload } from '../../store/test/world.ts';
import { LadderPace } from '../src/ladder-pace.ts';
import { startLadder, type LadderScheduler, type LadderTick } from '../src/ladder.ts';
import { TEST_REDIS_URL, harness, type Harness } from './helpers.ts';

const T0 = Date.UTC(2026, 10, 26, 9, 0, 0);
const MINUTE = 60_000;
const PACE = { quietMs: 10 * MINUTE, settledElo: 2_000, settledEveryMs: MINUTE };

let h: Harness;
let ladder: LadderScheduler | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(T0);
  h = harness();
});
afterEach(async () => {
  await ladder?.close();
  ladder = undefined;
  await h.close();
  vi.useRealTimers();
});

/** Four bots stored at T0, each pair with a game won each way: every interval bounded (a few hundred Elo wide). */
async function settledField() {
  const bots = [await upload(h.store, 'alice', 'ann'), await upload(h.store, 'bob', 'ben'), await upload(h.store, 'carol', 'cat'), await upload(h.store, 'dave', 'dan')];
  for (let i = 0; i < bots.length; i++) {
    for (let j = i + 1; j < bots.length; j++) {
      const [x, y] = [bots[i]!, bots[j]!];
      const series = await h.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [x, y], deals: 1, seed: 1, requestedBy: 'alice' });
      await h.store.recordMatch(match(series, 0, [x, y], fakeReplay(0)));
      await h.store.recordMatch(match(series, 1, [y, x], fakeReplay(0)));
    }
  }
  return bots;
}

const at = (ms: number): void => {
  vi.setSystemTime(T0 + ms);
};
/** A round, then its series finished (as a worker would), so the backlog has room again. */
async function round(): Promise<LadderTick> {
  const tick = await ladder!.tick();
  for (const id of tick.created) await h.store.setSeriesStatus(id, 'done');
  return tick;
}

describe('the ladder’s pace (issue 17 item 16)', () => {
  it('fills its backlog while versions are new, then plays one series a minute once settled; a new version wakes it at once', async () => {
    const [ann] = await settledField();
    ladder = startLadder({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, intervalMs: MINUTE, backlog: 2, autorun: false, pace: PACE });
    expect((await round()).created).toHaveLength(2);
    at(5 * MINUTE);
    expect((await round()).created).toHaveLength(2);

    // ten minutes after the last version: settled
    at(10 * MINUTE);
    expect((await round()).created).toHaveLength(1);
    at(10 * MINUTE + 5_000);
    expect((await round()).created).toHaveLength(0);
    at(10 * MINUTE + 30_000);
    expect((await round()).created).toHaveLength(0);
    at(11 * MINUTE);
    expect((await round()).created).toHaveLength(1);
    at(11 * MINUTE + 5_000);
    expect((await round()).created).toHaveLength(0);

    // a new version of ann: the next round fills the backlog again
    await upload(h.store, 'alice', ann!.name);
    at(11 * MINUTE + 10_000);
    expect((await round()).created).toHaveLength(2);
    at(11 * MINUTE + 15_000);
    expect((await round()).created).toHaveLength(2);
  });

  it('is woken at once by a new bot, even one whose version is old', async () => {
    await settledField();
    ladder = startLadder({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, intervalMs: MINUTE, backlog: 2, autorun: false, pace: PACE });
    at(20 * MINUTE);
    expect((await round()).created).toHaveLength(1);
    at(20 * MINUTE + 5_000);
    expect((await round()).created).toHaveLength(0);
    // a bot stored at T0 that comes off probation (a new active version is the usual way): new to the ladder
    vi.setSystemTime(T0);
    const late = await upload(h.store, 'erin', 'eve');
    await h.redis.hset(keysFor(h.prefix).bot(late.bot), 'probation', 'on probation');
    at(20 * MINUTE + 10_000);
    expect((await round()).created).toHaveLength(0);
    await h.redis.hset(keysFor(h.prefix).bot(late.bot), 'probation', '');
    at(20 * MINUTE + 15_000);
    expect((await round()).created).toHaveLength(2);
  });

  it('keeps playing at full speed while an interval is wider than the bound', async () => {
    await settledField();
    ladder = startLadder({ redisUrl: TEST_REDIS_URL, prefix: h.prefix, intervalMs: MINUTE, backlog: 2, autorun: false, pace: { ...PACE, settledElo: 30 } });
    for (const minutes of [20, 20.1, 20.2]) {
      at(minutes * MINUTE);
      expect((await round()).created).toHaveLength(2);
    }
  });
});

describe('LadderPace', () => {
  const candidate = (bot: string, version: number, interval: number | null, since = 0): LadderCandidate => ({ bot, version, elo: 1500, games: 50, lastScheduled: 0, since, interval });
  const field = [candidate('b1', 1, 10), candidate('b2', 1, 20), candidate('b3', 2, 25)];

  it('says when it settles and wakes, and why', () => {
    const pace = new LadderPace({ quietMs: 1_000, settledElo: 30, settledEveryMs: 500 });
    expect(pace.step(field, 2_000, 4)).toEqual({ allowed: 1, settled: true, change: 'settled', reason: null, widestElo: 25 });
    pace.started(1, 2_000);
    expect(pace.step(field, 2_100, 4)).toMatchObject({ allowed: 0, change: null });
    expect(pace.step(field, 2_500, 4)).toMatchObject({ allowed: 1, change: null });
    expect(pace.step([...field.slice(0, 2), candidate('b3', 3, 25)], 2_600, 4)).toEqual({ allowed: 4, settled: false, change: 'awake', reason: 'version changed', widestElo: 25 });
    expect(pace.step([...field.slice(0, 2), candidate('b3', 3, 40)], 3_700, 4)).toMatchObject({ allowed: 4, settled: false, change: null, reason: 'interval wide', widestElo: 40 });
    expect(pace.step([...field.slice(0, 2), candidate('b3', 3, null)], 3_800, 4)).toMatchObject({ settled: false, widestElo: null });
  });

  it('is not woken by a bot leaving', () => {
    const pace = new LadderPace({ quietMs: 1_000, settledElo: 30, settledEveryMs: 500 });
    expect(pace.step(field, 2_000, 4).settled).toBe(true);
    expect(pace.step(field.slice(0, 2), 2_100, 4)).toMatchObject({ settled: true, change: null });
  });
});
