import { describe, expect, it } from 'vitest';
import { createStore, decompressGame, gameBlobKey, ranksOf } from '../src/index.ts';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, ratedPair, testBlobs } from './world.ts';
import { useWorld } from './use-world.ts';

let a: MatchEntrant;
let b: MatchEntrant;
let seriesId: string;
const world = useWorld(async (opened) => { ({ a, b, seriesId } = await ratedPair(opened)); });

describe('ranks (R12)', () => {
  it('ranks the winner first and a forfeiting seat last', () => {
    expect(ranksOf(fakeReplay(1), 2)).toEqual([2, 1]);
    expect(ranksOf(fakeReplay(0, { forfeitSeat: 1 }), 2)).toEqual([1, 2]);
    const three = { ...fakeReplay(2, { forfeitSeat: 0 }), result: { winner: 2, points: [0, 5, 19], reason: 'x' } };
    expect(ranksOf(three, 3)).toEqual([3, 2, 1]);
  });

  it("takes the game's own ranking when the result has one, ties shared (1923: T13)", () => {
    const shared = { ...fakeReplay(0), result: { winner: 0, points: [9, 4, 9, 1], reason: 'shared-most-cards', ranks: [1, 3, 1, 4] } };
    expect(ranksOf(shared, 4)).toEqual([1, 3, 1, 4]);
    const wrongLength = { ...fakeReplay(0), result: { winner: 0, points: [9, 4], reason: 'x', ranks: [1, 2] } };
    expect(() => ranksOf(wrongLength, 3)).toThrow(/not a ranking of 3 seats/);
  });
});

describe('recordMatch', () => {
  it('stores the match, its replay and logs in the blob store, indexes, stats and the results stream (issue 24)', async () => {
    const replay = fakeReplay(0);
    const input = match(seriesId, 0, [a, b], replay);
    expect(await world.store.recordMatch(input)).toBe('stored');
    const stored = await world.store.getMatch(`${seriesId}.0`);
    expect(stored).toMatchObject({ id: `${seriesId}.0`, seriesId, game: 'xix', kind: 'challenge', rated: true, ranks: [1, 2], points: [19, 7], reason: 'exactly-19', forfeit: null, moves: 1, finishedAt: input.finishedAt });
    expect(stored?.entrants).toEqual([a, b]);
    // the blob: replay and logs, gzipped, under the store's prefix, the game's kind and the hour it finished
    const blob = await testBlobs.get(`${world.prefix}/${gameBlobKey('challenge', input.finishedAt, `${seriesId}.0`)}`);
    expect(decompressGame(blob!)).toEqual({ replay, logs: input.logs });
    expect(stored?.replayBytes).toBe(blob!.length);
    expect(stored?.rawBytes).toBe(JSON.stringify({ replay, logs: input.logs }).length);
    expect(await world.store.getReplay(`${seriesId}.0`)).toEqual(replay);
    expect(await world.store.getLogs(`${seriesId}.0`, 1)).toBe('log of two in seat 1');
    expect(await world.store.getLogs(`${seriesId}.9`, 1)).toBeNull();
    expect((await world.store.getBot(a.bot))?.record).toEqual({ games: 1, wins: 1, losses: 0, draws: 0, forfeits: 0, points: 19 });
    expect((await world.store.getBot(b.bot))?.record).toEqual({ games: 1, wins: 0, losses: 1, draws: 0, forfeits: 0, points: 7 });
    expect((await world.store.getSeries(seriesId))?.gamesDone).toBe(1);
    expect((await world.store.getSeries(seriesId))?.matches).toEqual([`${seriesId}.0`]);
    // Redis keeps the record (a line of the series' games string) and no replay or log
    expect((await world.redis.get(`${world.prefix}:games:${seriesId}`))?.split('\n')).toEqual([
      JSON.stringify(['xix', 'challenge', 1, '', [[a.bot, a.version, a.name], [b.bot, b.version, b.name]]]),
      `0 [${input.finishedAt},[0,1],[1,2],[19,7],"exactly-19",0,1,${blob!.length},${stored!.rawBytes}]`,
      '',
    ]);
    expect((await world.keys()).filter((key) => /:(match|replay|logs):/.test(key))).toEqual([]);
    // the ratings read bot and version only, kept for every rated game: `bot.version` by seat
    const stream = await world.redis.xrange(`${world.prefix}:results:xix`, '-', '+');
    expect(stream.map(([, fields]) => fields)).toEqual([['match', `${seriesId}.0`, 'entrants', `${a.bot}.${a.version} ${b.bot}.${b.version}`, 'ranks', '[1,2]']]);
  });

  it('stores a match once under concurrent duplicate calls, and changes nothing the second time', async () => {
    const calls = Array.from({ length: 8 }, () => world.store.recordMatch(match(seriesId, 3, [a, b], fakeReplay(1))));
    const answers = await Promise.all(calls);
    expect(answers.filter((x) => x === 'stored')).toHaveLength(1);
    expect(answers.filter((x) => x === 'duplicate')).toHaveLength(7);
    const before = await world.keys();
    const snapshot = await Promise.all(before.sort().map((key) => world.redis.dump(key)));
    expect(await world.store.recordMatch(match(seriesId, 3, [a, b], fakeReplay(0)))).toBe('duplicate');
    // nor its blob: the stored game's replay stays the one it was stored with (issue 24)
    expect(await world.store.getReplay(`${seriesId}.3`)).toEqual(fakeReplay(1));
    const after = await world.keys();
    expect(after.sort()).toEqual(before);
    expect(await Promise.all(after.map((key) => world.redis.dump(key)))).toEqual(snapshot);
    expect((await world.store.getBot(b.bot))?.record.games).toBe(1);
    expect((await world.store.getSeries(seriesId))?.gamesDone).toBe(1);
  });

  it('counts an unrated challenge in the record and on the board, but not in the results stream (ratings) or the probation window', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0), { rated: false }));
    expect((await world.store.getBot(a.bot))?.record.games).toBe(1);
    expect((await world.store.leaderboard('xix')).map((row) => row.bot).sort()).toEqual([a.bot, b.bot].sort());
    expect(await world.redis.exists(`${world.prefix}:results:xix`)).toBe(0);
    expect(await world.redis.exists(`${world.prefix}:window:${a.bot}:${a.version}`)).toBe(0);
    expect((await world.store.listMatches({ bot: a.bot, limit: 10 })).matches).toHaveLength(1);
  });

  it('keeps validation games out of the record, the board, the results stream and the probation window', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0), { kind: 'validation', rated: false }));
    expect((await world.store.getBot(a.bot))?.record.games).toBe(0);
    expect(await world.store.leaderboard('xix')).toEqual([]);
    expect(await world.redis.exists(`${world.prefix}:results:xix`)).toBe(0);
    expect(await world.redis.exists(`${world.prefix}:window:${a.bot}:${a.version}`)).toBe(0);
    expect((await world.store.listMatches({ bot: a.bot, limit: 10 })).matches).toHaveLength(1);
  });

  it('refuses a match id that is not a game of its series', async () => {
    await expect(world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0), { id: 's999999.0' }))).rejects.toThrow(/not a game of series/);
  });
});

describe('leaderboard', () => {
  it('counts wins, losses, forfeits and points, best win rate first, without retired bots', async () => {
    await world.store.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
    await world.store.recordMatch(match(seriesId, 1, [b, a], fakeReplay(1)));
    await world.store.recordMatch(match(seriesId, 2, [a, b], fakeReplay(0, { forfeitSeat: 1, points: [0, 0] })));
    await world.store.recordMatch(match(seriesId, 3, [b, a], fakeReplay(0)));
    const rows = await world.store.leaderboard('xix');
    expect(rows).toEqual([
      { bot: a.bot, owner: 'alice', name: 'one', games: 4, wins: 3, losses: 1, draws: 0, forfeits: 0, points: 19 + 19 + 0 + 7, winRate: 0.75, elo: expect.any(Number), provisional: true, bt: expect.objectContaining({ unbounded: null }) },
      { bot: b.bot, owner: 'bob', name: 'two', games: 4, wins: 1, losses: 3, draws: 0, forfeits: 1, points: 7 + 7 + 0 + 19, winRate: 0.25, elo: expect.any(Number), provisional: true, bt: expect.objectContaining({ unbounded: null }) },
    ]);
    await world.store.retireBot(a.bot);
    expect((await world.store.leaderboard('xix')).map((row) => row.bot)).toEqual([b.bot]);
    expect(await world.store.leaderboard('chess')).toEqual([]);
    // a board entry whose bot is gone has no row
    await world.redis.del(`${world.prefix}:bot:${b.bot}`);
    expect(await world.store.leaderboard('xix')).toEqual([]);
  });

  it('with leaderboardCacheMs, reuses a board for that long, except after a bot retired through the same store', async () => {
    const cached = createStore(world.redis, { prefix: world.prefix, leaderboardCacheMs: 60_000, blobs: testBlobs });
    await cached.recordMatch(match(seriesId, 0, [a, b], fakeReplay(0)));
    expect((await cached.leaderboard('xix')).map((row) => row.games)).toEqual([1, 1]);
    await cached.recordMatch(match(seriesId, 1, [a, b], fakeReplay(0)));
    expect((await cached.leaderboard('xix')).map((row) => row.games)).toEqual([1, 1]);
    expect((await world.store.leaderboard('xix')).map((row) => row.games)).toEqual([2, 2]);
    await cached.retireBot(b.bot);
    expect(await cached.leaderboard('xix')).toMatchObject([{ bot: a.bot, games: 2 }]);
  });
});

describe('listMatches', () => {
  it('pages newest first with before/next and filters by bot, series and game', async () => {
    for (let i = 0; i < 7; i++) await world.store.recordMatch(match(seriesId, i, [a, b], fakeReplay(i % 2)));
    const ids = (i: number) => `${seriesId}.${i}`;
    const first = await world.store.listMatches({ game: 'xix', limit: 3 });
    expect(first.matches.map((m) => m.id)).toEqual([ids(6), ids(5), ids(4)]);
    expect(first.next).toBe(ids(4));
    const second = await world.store.listMatches({ game: 'xix', limit: 3, before: first.next ?? '' });
    expect(second.matches.map((m) => m.id)).toEqual([ids(3), ids(2), ids(1)]);
    const last = await world.store.listMatches({ game: 'xix', limit: 3, before: second.next ?? '' });
    expect(last).toMatchObject({ next: null });
    expect(last.matches.map((m) => m.id)).toEqual([ids(0)]);
    expect((await world.store.listMatches({ series: seriesId, limit: 100 })).matches).toHaveLength(7);
    expect((await world.store.listMatches({ bot: b.bot, limit: 2 })).next).toBe(ids(5));
    expect((await world.store.listMatches({ game: 'chess', limit: 5 })).matches).toEqual([]);
    expect(await world.store.listMatches({ game: 'xix', limit: 5, before: 's1.999' })).toEqual({ matches: [], next: null });
    expect((await world.store.listMatches({ limit: 1 })).matches.map((m) => m.id)).toEqual([ids(6)]);
  });

  it('gives the same matches as getMatch, no next after an exactly full last page, and leaves out a match whose record is gone', async () => {
    for (let i = 0; i < 4; i++) await world.store.recordMatch(match(seriesId, i, [a, b], fakeReplay(i % 2, i === 2 ? { forfeitSeat: 0 } : {})));
    const page = await world.store.listMatches({ series: seriesId, limit: 4 });
    expect(page.next).toBeNull();
    expect(page.matches).toEqual(await Promise.all([3, 2, 1, 0].map(async (i) => world.store.getMatch(`${seriesId}.${i}`))));
    expect(page.matches[1]?.forfeit).toMatchObject({ seat: 0 });
    const games = `${world.prefix}:games:${seriesId}`;
    await world.redis.set(games, (await world.redis.get(games))!.replace(/\n1 [^\n]*/, ''));
    // a store that has not read the matches yet (this one keeps what it read: matches never change)
    const fresh = createStore(world.redis, { prefix: world.prefix, blobs: testBlobs });
    expect((await fresh.listMatches({ series: seriesId, limit: 4 })).matches.map((m) => m.id)).toEqual([`${seriesId}.3`, `${seriesId}.2`, `${seriesId}.0`]);
  });

  it('keeps the newest matches in the game, bot and all-games indexes only; a series lists all its games, every match reads by id (issue 24)', async () => {
    const capped = createStore(world.redis, { prefix: world.prefix, blobs: testBlobs, matchIndexLimits: { all: 3, bot: 2 } });
    for (let i = 0; i < 5; i++) await capped.recordMatch(match(seriesId, i, [a, b], fakeReplay(i % 2)));
    const ids = (list: readonly number[]) => list.map((i) => `${seriesId}.${i}`);
    expect((await capped.listMatches({ limit: 10 })).matches.map((m) => m.id)).toEqual(ids([4, 3, 2]));
    expect((await capped.listMatches({ game: 'xix', limit: 10 })).matches.map((m) => m.id)).toEqual(ids([4, 3, 2]));
    expect((await capped.listMatches({ bot: a.bot, limit: 10 })).matches.map((m) => m.id)).toEqual(ids([4, 3]));
    expect((await capped.listMatches({ series: seriesId, limit: 10 })).matches.map((m) => m.id)).toEqual(ids([4, 3, 2, 1, 0]));
    expect(await capped.getMatch(`${seriesId}.0`)).toMatchObject({ id: `${seriesId}.0` });
    expect(await world.redis.zcard(`${world.prefix}:matches:bot:${b.bot}`)).toBe(2);
  });

  it('keeps the matches it read, frozen, so a page costs Redis only its ids', async () => {
    for (let i = 0; i < 3; i++) await world.store.recordMatch(match(seriesId, i, [a, b], fakeReplay(i % 2)));
    const first = await world.store.listMatches({ game: 'xix', limit: 3 });
    const again = await world.store.listMatches({ game: 'xix', limit: 3 });
    first.matches.forEach((m, i) => expect(again.matches[i]).toBe(m));
    expect(await world.store.getMatch(`${seriesId}.1`)).toBe(first.matches[1]);
    expect(Object.isFrozen(first.matches[0]) && Object.isFrozen(first.matches[0]?.entrants[0])).toBe(true);
    // a match recorded after the first read is on the next page read
    await world.store.recordMatch(match(seriesId, 3, [a, b], fakeReplay(0)));
    expect((await world.store.listMatches({ game: 'xix', limit: 3 })).matches.map((m) => m.id)).toEqual([3, 2, 1].map((i) => `${seriesId}.${i}`));
  });
});
