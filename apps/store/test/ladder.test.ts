/**
 * The ladder's pairing choice (pure: new versions first, near ratings, nobody starves) and what the
 * store keeps for it (candidates, backlog, the one-scheduler lock) on a real Redis.
 */
import fc from 'fast-check';
import { bradleyTerry } from '@xix/ratings';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LADDER_DEALS, PROVISIONAL_GAMES, chooseLadderPairings, keysFor, type LadderCandidate } from '../src/index.ts';
import { fakeReplay, match, openWorld, ratedPair, upload, type World } from './world.ts';

const candidate = (bot: string, elo: number, games: number, lastScheduled: number): LadderCandidate => ({ bot, version: 1, elo, games, lastScheduled, since: 0, interval: null });
const bots = (pairings: readonly (readonly LadderCandidate[])[]) => pairings.map((pairing) => pairing.map((c) => c.bot));

describe('chooseLadderPairings', () => {
  it('schedules a provisional version first, even if others waited longer', () => {
    const pairings = chooseLadderPairings([
      candidate('b1', 1500, 100, 0), candidate('b2', 1600, 100, 0), candidate('b3', 1550, 3, 5000), candidate('b4', 1400, 100, 10),
    ], { seats: 2, count: 1 });
    // b3 is new (3 < PROVISIONAL_GAMES games); its nearest opponent is b2 (50 away) or b1 (50 away): b1 waited longer (tie: older bot)
    expect(bots(pairings)).toEqual([['b3', 'b1']]);
  });

  it('then starts from whoever waited longest and pairs it with the nearest rating', () => {
    const pool = [candidate('b1', 1500, 50, 300), candidate('b2', 1720, 50, 100), candidate('b3', 1300, 50, 200), candidate('b4', 1690, 50, 400), candidate('b5', 1310, 50, 500)];
    expect(bots(chooseLadderPairings(pool, { seats: 2, count: 2 }))).toEqual([['b2', 'b4'], ['b3', 'b5']]);
  });

  it('makes pairings of the game’s seats, each bot once, at most `count`', () => {
    const pool = Array.from({ length: 8 }, (_, i) => candidate(`b${i + 1}`, 1500 + 10 * i, 40, i));
    const triples = chooseLadderPairings(pool, { seats: 3, count: 5 });
    expect(triples).toHaveLength(2);
    expect(triples.every((pairing) => pairing.length === 3)).toBe(true);
    expect(new Set(triples.flat().map((c) => c.bot)).size).toBe(6);
    expect(chooseLadderPairings(pool, { seats: 2, count: 0 })).toEqual([]);
    expect(chooseLadderPairings(pool.slice(0, 1), { seats: 2, count: 3 })).toEqual([]);
  });

  it('refuses what it cannot choose from', () => {
    expect(() => chooseLadderPairings([candidate('b1', 1500, 0, 0), candidate('b1', 1500, 0, 0)], { seats: 2, count: 1 })).toThrow(/b1 is a candidate twice/);
    expect(() => chooseLadderPairings([], { seats: 1, count: 1 })).toThrow(/seats must be/);
    expect(() => chooseLadderPairings([], { seats: 2, count: -1 })).toThrow(/count must be/);
    expect(() => chooseLadderPairings([candidate('b1', Number.NaN, 0, 0)], { seats: 2, count: 1 })).toThrow(/finite elo/);
  });

  it('pairs the first in line with the candidate nearest to it in Elo (property)', () => {
    fc.assert(fc.property(fc.uniqueArray(fc.integer({ min: 1000, max: 2000 }), { minLength: 2, maxLength: 12 }), (elos) => {
      const pool = elos.map((elo, i) => candidate(`b${i + 1}`, elo, PROVISIONAL_GAMES, i));
      const [[first, opponent]] = chooseLadderPairings(pool, { seats: 2, count: 1 }) as [[LadderCandidate, LadderCandidate]];
      // b1 waited longest
      expect(first.bot).toBe('b1');
      const nearest = Math.min(...pool.filter((c) => c !== first).map((c) => Math.abs(c.elo - first.elo)));
      expect(Math.abs(opponent.elo - first.elo)).toBe(nearest);
    }));
  });

  it('lets no bot starve: over many rounds each waits at most one round per candidate, plus the provisional rounds (property)', () => {
    const pool = fc.array(fc.record({ elo: fc.integer({ min: 800, max: 2400 }), games: fc.integer({ min: 0, max: 60 }), last: fc.integer({ min: -1000, max: 0 }) }), { minLength: 2, maxLength: 14 });
    fc.assert(fc.property(pool, fc.integer({ min: 2, max: 3 }), fc.integer({ min: 1, max: 3 }), (rows, seats, count) => {
      fc.pre(rows.length >= seats);
      let candidates = rows.map((row, i) => candidate(`b${i + 1}`, row.elo, row.games, row.last));
      const gamesPerSeries = LADDER_DEALS * seats;
      const provisional = candidates.filter((c) => c.games < PROVISIONAL_GAMES).length;
      const bound = candidates.length + provisional * Math.ceil(PROVISIONAL_GAMES / gamesPerSeries);
      const waitingSince = new Map(candidates.map((c) => [c.bot, 0]));
      for (let round = 1; round <= 4 * bound; round++) {
        const chosen = new Set(chooseLadderPairings(candidates, { seats, count }).flat().map((c) => c.bot));
        expect(chosen.size).toBeGreaterThanOrEqual(seats);
        candidates = candidates.map((c) => (chosen.has(c.bot) ? { ...c, games: c.games + gamesPerSeries, lastScheduled: round, elo: c.elo + (round % 7) - 3 } : c));
        for (const [bot, since] of waitingSince) {
          if (chosen.has(bot)) waitingSince.set(bot, round);
          else expect(round - since, `${bot} waited since round ${since}`).toBeLessThanOrEqual(bound);
        }
      }
    }), { numRuns: 150 });
  });
});

describe('the ladder in the store', () => {
  let world: World;
  beforeEach(async () => { world = await openWorld(); });
  afterEach(async () => { await world.close(); });

  it('offers the active, unretired bots not on probation, by their active version, Elo and rated games', async () => {
    const { a, b, seriesId } = await ratedPair(world);
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
    const a2 = await upload(world.store, 'alice', 'one');
    const retired = await upload(world.store, 'carol', 'old');
    await world.store.retireBot(retired.bot);
    const pending = await upload(world.store, 'dave', 'pending', 'validating');
    const risky = await upload(world.store, 'erin', 'risky');
    await world.redis.hset(keysFor(world.prefix).bot(risky.bot), 'probation', 'version 1 forfeited 5 of its last 10 rated games');
    const fresh = await upload(world.store, 'frank', 'fresh');

    const candidates = await world.store.ladderCandidates('xix');
    expect(candidates.map((c) => c.bot).sort()).toEqual([a.bot, b.bot, fresh.bot].sort());
    const a2Stored = (await world.store.getVersion(a.bot, a2.version))!.createdAt;
    // one game, won: the results leave a's interval open above, b's below
    expect(candidates.find((c) => c.bot === a.bot)).toEqual({ bot: a.bot, version: a2.version, elo: 1508, games: 0, lastScheduled: 0, since: a2Stored, interval: null });
    expect(candidates.find((c) => c.bot === b.bot)).toEqual({ bot: b.bot, version: 1, elo: 1492, games: 1, lastScheduled: 0, since: (await world.store.getVersion(b.bot, 1))!.createdAt, interval: null });
    expect(candidates.find((c) => c.bot === fresh.bot)).toMatchObject({ elo: 1500, games: 0 });
    expect(candidates.some((c) => c.bot === pending.bot || c.bot === retired.bot || c.bot === risky.bot)).toBe(false);
  });

  it('gives each candidate when its active version was stored and half its Bradley–Terry 95% interval (the ladder\'s pace, issue 17 item 16)', async () => {
    const { a, b, seriesId } = await ratedPair(world);
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
    await world.store.recordMatch(match(seriesId, 1, [b, a], fakeReplay(0)));
    const bt = (await world.store.ratings('xix')).bots.get(a.bot)?.bt;
    expect(bt?.unbounded).toBeNull();
    const candidates = await world.store.ladderCandidates('xix');
    expect(candidates.find((c) => c.bot === a.bot)?.interval).toBeCloseTo((bt!.high - bt!.low) / 2, 9);
    expect(candidates.find((c) => c.bot === b.bot)?.since).toBe((await world.store.getVersion(b.bot, 1))!.createdAt);
  });

  it('measures the candidates\' intervals among themselves: a bot that left does not widen them (issue 17 item 16)', async () => {
    const { a, b, seriesId } = await ratedPair(world);
    for (let i = 0; i < 6; i++) await world.store.recordMatch(match(seriesId, i, i % 2 === 0 ? [a, b] : [b, a], fakeReplay(i % 3 === 0 ? 1 : 0)));
    // c won its one game and went on probation: open above, and no candidate
    const c = await upload(world.store, 'carol', 'three');
    const other = await world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [a, c], deals: 1, seed: 1, requestedBy: 'carol' });
    await world.store.recordMatch(match(other, 0, [c, a], fakeReplay(0)));
    await world.redis.hset(keysFor(world.prefix).bot(c.bot), 'probation', 'version 1 forfeited 5 of its last 10 rated games');
    const leaderboard = (await world.store.ratings('xix')).bots.get(b.bot)!.bt!;
    const alone = bradleyTerry([0, 1, 2, 3, 4, 5].map((i) => ({ id: String(i), entrants: i % 2 === 0 ? [a.bot, b.bot] : [b.bot, a.bot], ranks: i % 3 === 0 ? [2, 1] : [1, 2] }))).rows.find((row) => row.bot === b.bot)!;
    const interval = (await world.store.ladderCandidates('xix')).find((candidate) => candidate.bot === b.bot)?.interval;
    expect(interval).toBeCloseTo((alone.high - alone.low) / 2, 9);
    expect(interval!).toBeLessThan((leaderboard.high - leaderboard.low) / 2);
  });

  it('stores a ladder series as rated and mirrored, counts it in the backlog until it finishes, and remembers when its bots played', async () => {
    const a = await upload(world.store, 'alice', 'one');
    const b = await upload(world.store, 'bob', 'two');
    const c = await upload(world.store, 'carol', 'three');
    const id = await world.store.createLadderSeries('xix', [a, b], 12_345);
    expect(await world.store.getSeries(id)).toMatchObject({ kind: 'ladder', rated: true, deals: LADDER_DEALS, games: LADDER_DEALS * 2, status: 'queued', requestedBy: 'ladder' });
    const backlog = await world.store.ladderBacklog('xix');
    expect(backlog.open).toEqual([id]);
    expect([...backlog.busy].sort()).toEqual([a.bot, b.bot].sort());
    expect((await world.store.ladderCandidates('xix')).map((x) => [x.bot, x.lastScheduled])).toEqual([[a.bot, 12_345], [b.bot, 12_345], [c.bot, 0]]);

    await world.store.setSeriesStatus(id, 'running');
    expect((await world.store.ladderBacklog('xix')).open).toEqual([id]);
    await world.store.setSeriesStatus(id, 'done');
    expect(await world.store.ladderBacklog('xix')).toEqual({ open: [], busy: new Set() });
    expect(await world.redis.scard(keysFor(world.prefix).ladderOpen('xix'))).toBe(0);
    await expect(world.store.createLadderSeries('xix', [a, a])).rejects.toThrow(/one entrant/);
  });

  it('lets one scheduler hold the lock at a time, renews it for its holder and hands it over on release', async () => {
    expect(await world.store.holdLadderLock('worker-1', 5_000)).toBe(true);
    expect(await world.store.holdLadderLock('worker-2', 5_000)).toBe(false);
    expect(await world.store.holdLadderLock('worker-1', 60_000)).toBe(true);
    const ttl = await world.redis.pttl(keysFor(world.prefix).ladderLock());
    // renewed: more than the first 5 s are left
    expect(ttl).toBeGreaterThan(5_000);
    expect(await world.store.releaseLadderLock('worker-2')).toBe(false);
    expect(await world.store.holdLadderLock('worker-2', 5_000)).toBe(false);
    expect(await world.store.releaseLadderLock('worker-1')).toBe(true);
    expect(await world.store.holdLadderLock('worker-2', 5_000)).toBe(true);
    await expect(world.store.holdLadderLock('worker 3', 5_000)).rejects.toThrow(/lock owner/);
    await expect(world.store.holdLadderLock('worker-3', 0)).rejects.toThrow(/ttlMs/);
  });

  it('lets a lock whose holder stopped renewing expire', async () => {
    expect(await world.store.holdLadderLock('worker-1', 100)).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 250));
    expect(await world.store.holdLadderLock('worker-2', 5_000)).toBe(true);
  });
});
