/**
 * Nineteen's sides in the store (issue 18), on games the engine played: a partnership game (4 or 6
 * seats, one entrant a side) is a two-entrant game in the records, the leaderboard and the ratings
 * (teammates share their side's result, its pooled score counts once); a cut-throat game ranks its
 * entrants like a 1923 table; each style and rule option is a variant of its own.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRandom, createReplay, findGame, resolveOptions, type GameOptions, type Replay, type ReplayMove } from '@xix/engine';
import { DEFAULT_K } from '@xix/ratings';
import type { MatchEntrant } from '../src/types.ts';
import { match, openWorld, upload, type World } from './world.ts';

let world: World;
beforeEach(async () => { world = await openWorld(); });
afterEach(async () => { await world.close(); });

const nineteen = findGame('nineteen')!;

/** A game of random legal moves at `seats` seats, as its replay. */
function randomGame(seats: number, seed: number, given: Partial<GameOptions> = {}): Replay {
  const options = resolveOptions(nineteen, seats, given);
  const state: unknown = nineteen.start(nineteen.parseSetup(nineteen.randomSetup(seed, seats, options)));
  const random = createRandom(seed);
  const moves: ReplayMove[] = [];
  for (let seat = nineteen.toMove(state); seat !== null; seat = nineteen.toMove(state)) {
    const legal = nineteen.legalActions(state);
    const action: unknown = legal[random.int(legal.length)];
    nineteen.apply(state, action);
    moves.push({ seat, action });
  }
  return createReplay(nineteen, { seed, setup: nineteen.setupOf(state), seats: Array.from({ length: seats }, (_, seat) => `seat ${seat}`), moves, forfeit: null, result: nineteen.result(state)! });
}

/** The bots by seat of a partnership table: `even` at the even seats, `odd` at the odd ones. */
const sides = (seats: number, even: MatchEntrant, odd: MatchEntrant): MatchEntrant[] => Array.from({ length: seats }, (_, seat) => (seat % 2 === 0 ? even : odd));

describe('Nineteen in partnerships is a two-entrant game (issue 18)', () => {
  for (const seats of [4, 6]) {
    it(`at ${seats} seats: one game a side in the records, the side's place and pooled score, one two-entrant result in the ratings`, async () => {
      const a = await upload(world.store, 'alice', 'one', 'active', 'nineteen');
      const b = await upload(world.store, 'bob', 'two', 'active', 'nineteen');
      const variant = nineteen.variant(seats, resolveOptions(nineteen, seats));
      expect(variant).toBe(`partners-${seats}`);
      const id = await world.store.createSeries({ game: 'nineteen', kind: 'ladder', rated: true, entrants: [a, b], seats, deals: 1, seed: 7, requestedBy: 'ladder' });
      // the deal twice, sides swapped (duplicate): A at the even seats, then at the odd ones
      const games = [{ replay: randomGame(seats, 7), bySeat: sides(seats, a, b) }, { replay: randomGame(seats, 7), bySeat: sides(seats, b, a) }];
      for (const [index, game] of games.entries()) await world.store.recordMatch(match(id, index, game.bySeat, game.replay, { game: 'nineteen', variant, kind: 'ladder' }));

      const expected = (bot: MatchEntrant) => {
        const own = games.map((game) => game.bySeat.flatMap((entrant, seat) => (entrant === bot ? [seat] : [])));
        // teammates share their side's place and score (the engine's result)
        own.forEach((seatsOfBot, i) => {
          const { ranks, points } = games[i]!.replay.result;
          expect(new Set(seatsOfBot.map((seat) => ranks![seat])).size).toBe(1);
          expect(new Set(seatsOfBot.map((seat) => points[seat])).size).toBe(1);
        });
        const places = own.map((seatsOfBot, i) => games[i]!.replay.result.ranks![seatsOfBot[0]!]!);
        return {
          games: 2,
          wins: places.filter((place) => place === 1).length,
          losses: places.filter((place) => place > 1).length,
          draws: 0,
          forfeits: 0,
          points: own.reduce((sum, seatsOfBot, i) => sum + games[i]!.replay.result.points[seatsOfBot[0]!]!, 0),
        };
      };
      expect((await world.store.getBot(a.bot))?.record).toEqual(expected(a));
      expect((await world.store.getBot(b.bot))?.record).toEqual(expected(b));
      expect(expected(a).wins + expected(b).wins).toBe(2);

      const board = await world.store.leaderboard('nineteen', variant);
      expect(board.map((row) => [row.bot, row.games])).toEqual(expect.arrayContaining([[a.bot, 2], [b.bot, 2]]));
      expect(await world.store.leaderboard('nineteen', 'heads-up')).toEqual([]);

      const ratings = await world.store.ratings('nineteen', variant);
      expect(ratings.games).toBe(2);
      for (const bot of [a, b]) {
        expect(ratings.bots.get(bot.bot)?.versions.get(1)?.games).toBe(2);
        expect(ratings.history.get(bot.bot)).toHaveLength(2);
      }
      // a two-entrant game moves Elo as a heads-up game: equal and opposite changes of K/2 between equals
      const [first] = ratings.history.get(a.bot)!;
      const [firstOfB] = ratings.history.get(b.bot)!;
      expect(first!.change).toBeCloseTo(-firstOfB!.change, 9);
      expect(Math.abs(first!.change)).toBeCloseTo(DEFAULT_K / 2, 9);
    });
  }
});

describe('Nineteen cut-throat ranks its entrants like a 1923 table (issue 18)', () => {
  it('at 3 seats: each entrant its own seat, place and score; a variant of its own, and one per rule option', async () => {
    const bots = [await upload(world.store, 'alice', 'one', 'active', 'nineteen'), await upload(world.store, 'bob', 'two', 'active', 'nineteen'), await upload(world.store, 'carol', 'three', 'active', 'nineteen')];
    const options = resolveOptions(nineteen, 3, { shortSuit: true });
    const variant = nineteen.variant(3, options);
    expect(variant).toBe('cutthroat-3-short-suit');
    const id = await world.store.createSeries({ game: 'nineteen', kind: 'ladder', rated: true, entrants: bots, seats: 3, options, deals: 1, seed: 3, requestedBy: 'ladder' });
    const replay = randomGame(3, 3, { shortSuit: true });
    await world.store.recordMatch(match(id, 0, bots, replay, { game: 'nineteen', variant, kind: 'ladder' }));
    const { ranks, points } = replay.result;
    for (const [seat, bot] of bots.entries()) {
      expect((await world.store.getBot(bot.bot))?.record).toMatchObject({ games: 1, points: points[seat], wins: ranks![seat] === 1 && ranks!.filter((r) => r === 1).length === 1 ? 1 : 0 });
    }
    expect((await world.store.ratings('nineteen', variant)).games).toBe(1);
    expect((await world.store.leaderboard('nineteen', variant))).toHaveLength(3);
    expect(await world.store.leaderboard('nineteen', 'cutthroat-3')).toEqual([]);
  });
});
