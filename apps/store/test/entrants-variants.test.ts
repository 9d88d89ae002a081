/**
 * Issue 16 in the store: series and tournaments carry their table size and options (stored data
 * reads as one seat an entrant and the game's defaults); a partnership's seats count as one
 * entrant's game in records and ratings; boards, rated results and records are per (game, variant),
 * the default variant on the keys of before; a bot none of whose versions was accepted is not
 * bound to a game.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, openWorld, upload, type World } from './world.ts';

let world: World;
beforeEach(async () => { world = await openWorld(); });
afterEach(async () => { await world.close(); });

/**
 * A four-seat partnership game (0 & 2 against 1 & 3) that the side of seat `winner` won: each seat
 * holds its side's place and pooled points (engine GameResult.points), 10 for the winners, 4 else.
 */
function fourSeats(winner: number, forfeitSeat?: number): ReturnType<typeof fakeReplay> {
  const won = (seat: number): boolean => seat % 2 === winner % 2;
  return {
    ...fakeReplay(0, forfeitSeat === undefined ? {} : { forfeitSeat }),
    result: { winner, points: [0, 1, 2, 3].map((seat) => (won(seat) ? 10 : 4)), reason: 'last-stone', ranks: [0, 1, 2, 3].map((seat) => (won(seat) ? 1 : 2)) },
  };
}

describe('series and tournaments carry their table (issue 16 item 1)', () => {
  it('stores seats and options, and reads a series stored before them as one seat an entrant at the defaults', async () => {
    const a = await upload(world.store, 'alice', 'one', 'active', 'nim');
    const b = await upload(world.store, 'bob', 'two', 'active', 'nim');
    const id = await world.store.createSeries({ game: 'nim', kind: 'challenge', rated: false, entrants: [a, b], seats: 4, options: { stones: 9 }, deals: 2, seed: 1, requestedBy: 'alice' });
    expect(await world.store.getSeries(id)).toMatchObject({ seats: 4, options: { stones: 9 }, games: 4 });
    // as a series of before: no seats, no options
    await world.redis.hdel(`${world.prefix}:series:${id}`, 'seats', 'options');
    expect(await world.store.getSeries(id)).toMatchObject({ seats: 2, options: {} });
    await expect(world.store.createSeries({ game: 'nim', kind: 'challenge', rated: false, entrants: [a, b], seats: 1, deals: 1, seed: 1, requestedBy: 'alice' })).rejects.toThrow(/seats must be an integer of at least the 2 entrants/);
  });

  it('gives a tournament its options and each table series its seats and options', async () => {
    const bots = [await upload(world.store, 'alice', 'one', 'active', 'nim'), await upload(world.store, 'bob', 'two', 'active', 'nim'), await upload(world.store, 'carol', 'three', 'active', 'nim')];
    const { tournament, series } = await world.store.createTournament({ game: 'nim', entrants: bots, dealsPerPairing: 1, seats: 3, options: { stones: 20 }, createdBy: 'admin' });
    expect(series).toHaveLength(1);
    expect(await world.store.getTournament(tournament)).toMatchObject({ seats: 3, options: { stones: 20 } });
    expect(await world.store.getSeries(series[0]!)).toMatchObject({ seats: 3, options: { stones: 20 }, entrants: bots.map(({ bot, version }) => ({ bot, version })) });
  });
});

describe('a partnership is one entrant (issue 16 item 1)', () => {
  let a: MatchEntrant;
  let b: MatchEntrant;
  beforeEach(async () => {
    a = await upload(world.store, 'alice', 'one', 'active', 'nim');
    b = await upload(world.store, 'bob', 'two', 'active', 'nim');
  });

  it("counts a side's seats as one game in the records and the ratings", async () => {
    const id = await world.store.createSeries({ game: 'nim', kind: 'ladder', rated: true, entrants: [a, b], seats: 4, deals: 1, seed: 1, requestedBy: 'ladder' });
    // game 0: A at seats 0 and 2, B at 1 and 3, seat 2 (A) takes the last stone; game 1 the other way round, B forfeits at seat 0
    await world.store.recordMatch(match(id, 0, [a, b, a, b], fourSeats(2), { game: 'nim', variant: 'multi', kind: 'ladder' }));
    await world.store.recordMatch(match(id, 1, [b, a, b, a], fourSeats(0, 0), { game: 'nim', variant: 'multi', kind: 'ladder' }));
    // the side's pooled points count once: 10 for the game it won, 4 for the one it lost
    expect((await world.store.getBot(a.bot))?.record).toEqual({ games: 2, wins: 1, losses: 1, draws: 0, forfeits: 0, points: 10 + 4 });
    expect((await world.store.getBot(b.bot))?.record).toEqual({ games: 2, wins: 1, losses: 1, draws: 0, forfeits: 1, points: 4 + 10 });
    const ratings = await world.store.ratings('nim', 'multi');
    expect(ratings.games).toBe(2);
    expect([...ratings.bots.keys()].sort()).toEqual([a.bot, b.bot].sort());
    expect(ratings.bots.get(a.bot)?.versions.get(1)?.games).toBe(2);
  });
});

describe('one leaderboard per variant (issue 16 item 3)', () => {
  it("keeps the default variant on the keys of before and another variant's board, results and records apart", async () => {
    const x = await upload(world.store, 'alice', 'one');
    const y = await upload(world.store, 'bob', 'two');
    const id = await world.store.createSeries({ game: 'xix', kind: 'tournament', rated: true, entrants: [x, y], deals: 1, seed: 1, requestedBy: 'admin' });
    await world.store.recordMatch(match(id, 0, [x, y], fakeReplay(0), { kind: 'tournament' }));
    expect(await world.redis.exists(`${world.prefix}:board:xix`, `${world.prefix}:results:xix`)).toBe(2);
    expect((await world.store.getMatch(`${id}.0`))?.variant).toBe('default');
    expect((await world.store.leaderboard('xix')).map((row) => row.bot)).toEqual([x.bot, y.bot]);

    const a = await upload(world.store, 'carol', 'three', 'active', 'nim');
    const b = await upload(world.store, 'dave', 'four', 'active', 'nim');
    const heads = await world.store.createSeries({ game: 'nim', kind: 'tournament', rated: true, entrants: [a, b], deals: 1, seed: 1, requestedBy: 'admin' });
    await world.store.recordMatch(match(heads, 0, [a, b], fakeReplay(1), { game: 'nim', variant: 'heads-up', kind: 'tournament' }));
    await world.store.recordMatch(match(heads, 1, [b, a], fakeReplay(1), { game: 'nim', variant: 'heads-up', kind: 'tournament' }));
    const multi = await world.store.createSeries({ game: 'nim', kind: 'tournament', rated: true, entrants: [a, b, x], seats: 3, deals: 1, seed: 1, requestedBy: 'admin' });
    await world.store.recordMatch(match(multi, 0, [a, b, x], { ...fakeReplay(0), result: { winner: 0, points: [1, 1, 1], reason: 'x', ranks: [1, 2, 2] } }, { game: 'nim', variant: 'multi', kind: 'tournament' }));

    expect((await world.store.getMatch(`${multi}.0`))?.variant).toBe('multi');
    const headsUp = await world.store.leaderboard('nim', 'heads-up');
    expect(headsUp).toHaveLength(2);
    expect(headsUp.map((row) => [row.bot, row.games, row.wins])).toEqual(expect.arrayContaining([[a.bot, 2, 1], [b.bot, 2, 1]]));
    expect((await world.store.leaderboard('nim', 'multi')).find((row) => row.bot === a.bot)).toMatchObject({ games: 1, wins: 1 });
    expect(await world.store.leaderboard('nim')).toEqual([]);
    expect((await world.store.ratings('nim', 'heads-up')).games).toBe(2);
    expect((await world.store.ratings('nim', 'multi')).games).toBe(1);
    // the bot's own record counts its games of every variant of its game
    expect((await world.store.getBot(a.bot))?.record.games).toBe(3);
    // a retired bot leaves the board of every variant
    await world.store.retireBot(a.bot);
    expect((await world.store.leaderboard('nim', 'multi')).some((row) => row.bot === a.bot)).toBe(false);
    expect((await world.store.leaderboard('nim', 'heads-up')).some((row) => row.bot === a.bot)).toBe(false);
  });
});

describe('a rejected upload binds no name to a game (issue 16 item 7)', () => {
  it('lets an upload of another game take the name of a bot none of whose versions was accepted, and only then', async () => {
    const first = await upload(world.store, 'alice', 'mine', 'validating', 'xix');
    expect(await world.store.putVersion({ owner: 'alice', name: 'mine', game: '1923', entry: 'bot.ts', files: {}, bundle: 'x', bytes: 1, compileMs: 1 }))
      .toEqual({ ok: false, reason: 'game_differs', bot: first.bot });
    await world.store.setVersionState(first.bot, 1, { state: 'rejected', verdict: 'error', message: 'no' });
    const put = await world.store.putVersion({ owner: 'alice', name: 'mine', game: '1923', entry: 'bot.ts', files: {}, bundle: 'x', bytes: 1, compileMs: 1 });
    expect(put).toEqual({ ok: true, bot: first.bot, version: 2 });
    expect((await world.store.getBot(first.bot))?.game).toBe('1923');
    expect((await world.store.listBots({ game: '1923' })).map((bot) => bot.id)).toEqual([first.bot]);
    expect((await world.store.listBots({ game: 'xix' })).map((bot) => bot.id)).toEqual([]);

    const accepted = await upload(world.store, 'bob', 'good', 'active', 'xix');
    expect(await world.store.putVersion({ owner: 'bob', name: 'good', game: '1923', entry: 'bot.ts', files: {}, bundle: 'x', bytes: 1, compileMs: 1 }))
      .toEqual({ ok: false, reason: 'game_differs', bot: accepted.bot });
  });
});
