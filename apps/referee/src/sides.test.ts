/**
 * Sides (issue 18): Nineteen's seating through the seat rotations (heads up swaps seats on a deal,
 * partnerships swap sides on a deal, duplicate; cut-throat plays a deal once per rotation), and,
 * for every registered game, the result contract the platform's tallies rest on: the seats of one
 * entrant share its place and its points (GameResult.points), so that an entrant counts once.
 */
import { describe, expect, it } from 'vitest';
import { GAMES, findGame, tableSizes, type AnyGame } from '@xix/engine';
import type { Player } from './player.ts';
import { rotatedGame, seatingOf, seatsOfEntrant } from './seat-rotation.ts';
import { playSeries, type SeriesGame } from './series.ts';
import { trustedPlayer } from './trusted-player.ts';

const nineteen = findGame('nineteen')!;

/** A bot that plays the first legal action. */
const first = { decide: (view: { readonly legalActions: readonly unknown[] }) => view.legalActions[0] };

/** Players for every rotation: one per entrant and seat it plays (a partner never shares one). */
function tables(game: AnyGame, seats: number): Player[][][] {
  const seating = seatingOf(game, seats);
  return seating.map((_, rotation) => seating.map((_, entrant) => seatsOfEntrant(entrant, rotation, seating).map(() => trustedPlayer(first as never, String.fromCharCode(65 + entrant)))));
}

describe("Nineteen's seating through the seat rotations (issue 18)", () => {
  it('heads up: the deal twice, seats swapped', () => {
    const seating = seatingOf(nineteen, 2);
    expect([0, 1, 2, 3].map((i) => rotatedGame(10, seating, i))).toEqual([
      { deal: 0, dealSeed: 10, rotation: 0, entrantBySeat: [0, 1] },
      { deal: 0, dealSeed: 10, rotation: 1, entrantBySeat: [1, 0] },
      { deal: 1, dealSeed: 11, rotation: 0, entrantBySeat: [0, 1] },
      { deal: 1, dealSeed: 11, rotation: 1, entrantBySeat: [1, 0] },
    ]);
  });

  it('partnerships at 4 and 6 seats: the deal twice, sides swapped (duplicate), A at the even seats first', () => {
    expect([0, 1].map((i) => rotatedGame(10, seatingOf(nineteen, 4), i))).toEqual([
      { deal: 0, dealSeed: 10, rotation: 0, entrantBySeat: [0, 1, 0, 1] },
      { deal: 0, dealSeed: 10, rotation: 1, entrantBySeat: [1, 0, 1, 0] },
    ]);
    expect([0, 1].map((i) => rotatedGame(10, seatingOf(nineteen, 6), i).entrantBySeat)).toEqual([[0, 1, 0, 1, 0, 1], [1, 0, 1, 0, 1, 0]]);
    expect(rotatedGame(10, seatingOf(nineteen, 6), 2)).toMatchObject({ deal: 1, dealSeed: 11, rotation: 0 });
  });

  it('cut-throat at 3 and 5 seats: the deal once per rotation, each entrant once in each seat', () => {
    for (const seats of [3, 5]) {
      const games = Array.from({ length: seats }, (_, i) => rotatedGame(10, seatingOf(nineteen, seats), i));
      expect(new Set(games.map((g) => g.dealSeed))).toEqual(new Set([10]));
      for (let seat = 0; seat < seats; seat++) expect(new Set(games.map((g) => g.entrantBySeat[seat]))).toEqual(new Set(Array.from({ length: seats }, (_, e) => e)));
      expect(rotatedGame(10, seatingOf(nineteen, seats), seats).dealSeed).toBe(11);
    }
  });

  it('plays the same cards in every rotation of a deal: a series of partnerships deals the deal to both rotations', () => {
    const [players, ...later] = tables(nineteen, 4);
    const seen: SeriesGame[] = [];
    const summary = playSeries({ game: nineteen, games: 2, seed: 21, seats: 4, players: players!, rotationPlayers: later, onGame: (g) => seen.push(g) });
    expect(seen.map((g) => g.record.replay.seats.map((s) => s.name))).toEqual([['A', 'B', 'A', 'B'], ['B', 'A', 'B', 'A']]);
    // the deck orders of every hand (the setup a replay records) are the deal's, whoever sits where
    expect(seen[1]!.record.replay.setup).toEqual(seen[0]!.record.replay.setup);
    // one result per entrant and game: two entrants, one of them first in each game (no shared wins at 4 seats but a tie)
    expect(summary.games).toBe(2);
    expect(summary.wins[0]! + summary.wins[1]!).toBe(2);
    // A's points are its side's pooled score, counted once a game
    const sideScore = (g: SeriesGame, entrant: number): number => g.record.replay.result.points[seatsOfEntrant(entrant, g.rotation, seatingOf(nineteen, 4))[0]!]!;
    expect(summary.points).toEqual([0, 1].map((e) => seen.reduce((sum, g) => sum + sideScore(g, e), 0)));
  });
});

/** Every registered game's tables where an entrant plays several seats. */
const sharedTables = [...GAMES.values()].flatMap((game) => tableSizes(game).filter((seats) => seatingOf(game, seats).some((group) => group.length > 1)).map((seats) => ({ game, seats })));

describe('every game: the seats of one entrant share its place and points (GameResult.points)', () => {
  it('finds the partnership tables: Nineteen at 4 and 6 seats', () => {
    expect(sharedTables.filter(({ game }) => game === nineteen).map(({ seats }) => seats)).toEqual([4, 6]);
  });

  it.each(sharedTables.map(({ game, seats }) => [game.id, seats, game] as const))('%s at %i seats', (_, seats, game) => {
    const seating = seatingOf(game, seats);
    const [players] = tables(game, seats);
    const seen: SeriesGame[] = [];
    playSeries({ game, games: seating.length, seed: 5, seats, players: players!, onGame: (g) => seen.push(g) });
    for (const { rotation, record } of seen) {
      const { points, ranks } = record.replay.result;
      for (let entrant = 0; entrant < seating.length; entrant++) {
        const own = seatsOfEntrant(entrant, rotation, seating);
        expect(new Set(own.map((seat) => points[seat])).size, `points ${JSON.stringify(points)}`).toBe(1);
        expect(new Set(own.map((seat) => ranks?.[seat])).size, `ranks ${JSON.stringify(ranks)}`).toBe(1);
      }
    }
  });
});
