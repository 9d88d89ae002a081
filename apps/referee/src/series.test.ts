import { nineteenTwentyThree, verifyReplay, xix } from '@xix/engine';
import { placesOf } from './placing.ts';
import { describe, expect, it } from 'vitest';
import { playSeries, type SeriesGame } from './series.ts';
import type { Player } from './player.ts';
import { failingAt, firstLegal, lastLegal, players } from './test-bots.ts';
import { partnershipNim } from '../test/partnership-nim.ts';
import { trustedPlayer } from './trusted-player.ts';
import { wilsonInterval } from './wilson.ts';
import { createSeriesTally } from './series-tally.ts';

describe('playSeries', () => {
  it('gives the mirrored game of every deal to the mirror players, so no player sees a deal twice (R11)', () => {
    const games = new Map<string, number>();
    const counted = (name: string, bot: typeof firstLegal): Player => {
      const player = trustedPlayer(bot, name.replace(/'$/, ''));
      return { ...player, startGame: (info) => (games.set(name, (games.get(name) ?? 0) + 1), player.startGame(info)) };
    };
    const seen: SeriesGame[] = [];
    playSeries({
      game: xix,
      games: 4,
      seed: 7,
      players: [counted('a', firstLegal), counted('b', lastLegal)],
      mirrorPlayers: [counted("a'", firstLegal), counted("b'", lastLegal)],
      onGame: (g) => seen.push(g),
    });
    // Two deals: each player plays one game of each, never both games of a deal.
    expect(Object.fromEntries(games)).toEqual({ a: 2, b: 2, "a'": 2, "b'": 2 });
    expect(seen.map((g) => g.record.replay.seats.map((s) => s.name))).toEqual([['a', 'b'], ['b', 'a'], ['a', 'b'], ['b', 'a']]);
  });

  it('plays each deal twice with the seats swapped', () => {
    const seen: SeriesGame[] = [];
    const [a, b] = players(firstLegal, lastLegal);
    const summary = playSeries({ game: xix, games: 6, seed: 40, players: [a!, b!], onGame: (g) => seen.push(g) });
    expect(seen.map((g) => g.rotation)).toEqual([0, 1, 0, 1, 0, 1]);
    expect(seen.map((g) => g.record.replay.seed)).toEqual([40, 40, 41, 41, 42, 42]);
    expect(seen[0]!.record.replay.setup).toEqual(seen[1]!.record.replay.setup);
    expect(seen[0]!.record.replay.seats).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(seen[1]!.record.replay.seats).toEqual([{ name: 'b' }, { name: 'a' }]);
    expect(seen.every((g) => verifyReplay(g.record.replay).ok)).toBe(true);

    const aWins = seen.filter((g) => g.record.replay.result.winner === g.rotation).length;
    expect(summary.wins).toEqual([aWins, 6 - aWins]);
    expect(summary.winRate).toBe(aWins / 6);
    expect(summary.interval).toEqual(wilsonInterval(aWins, 6));
    const aPoints = seen.reduce((sum, g) => sum + g.record.replay.result.points[g.rotation]!, 0);
    expect(summary.points[0]).toBe(aPoints);
    expect(summary.forfeits).toEqual([0, 0]);
  });

  it('counts forfeits against the bot that forfeited, whatever its seat', () => {
    const [good, bad] = players(firstLegal, failingAt(1, () => { throw new Error('x'); }));
    const summary = playSeries({ game: xix, games: 4, seed: 1, players: [good!, bad!] });
    expect(summary).toMatchObject({ wins: [4, 0], forfeits: [0, 4], winRate: 1 });
  });

  it('needs an even number of games and a valid seed', () => {
    const [a, b] = players(firstLegal, firstLegal);
    expect(() => playSeries({ game: xix, games: 3, seed: 1, players: [a!, b!] })).toThrow(/even number/);
    expect(() => playSeries({ game: xix, games: 0, seed: 1, players: [a!, b!] })).toThrow(/even number/);
    expect(() => playSeries({ game: xix, games: 2, seed: 1.5, players: [a!, b!] })).toThrow(/seed/);
  });
});

describe('playSeries with more than two bots (1923)', () => {
  const names = ['a', 'b', 'c', 'd'];
  const bots = [firstLegal, lastLegal, firstLegal, lastLegal];

  for (const k of [3, 4]) {
    it(`plays each deal once per seat rotation for ${k} bots, each rotation with its own players (R11), replays verify`, () => {
      const seen: SeriesGame[] = [];
      // The rotation of every game each player started in: the game in play is number seen.length.
      const startedIn: string[] = [];
      const counted = (bot: typeof firstLegal, name: string, rotation: number): Player => {
        const player = trustedPlayer(bot, name);
        return { ...player, startGame: (info) => (startedIn.push(`${name}@${rotation} in rotation ${seen.length % k}`), player.startGame(info)) };
      };
      const table = (rotation: number): Player[] => bots.slice(0, k).map((bot, i) => counted(bot, names[i]!, rotation));
      const summary = playSeries({
        game: nineteenTwentyThree,
        games: 2 * k,
        seed: 5,
        players: table(0),
        rotationPlayers: Array.from({ length: k - 1 }, (_, r) => table(r + 1)),
        onGame: (g) => seen.push(g),
      });
      expect(seen.map((g) => g.record.replay.seed)).toEqual([...Array<number>(k).fill(5), ...Array<number>(k).fill(6)]);
      for (const deal of [0, 1]) {
        const games = seen.slice(deal * k, deal * k + k);
        expect(games.map((g) => g.rotation)).toEqual(Array.from({ length: k }, (_, r) => r));
        expect(new Set(games.map((g) => JSON.stringify(g.record.replay.setup))).size).toBe(1);
        // Each bot once in each seat of the deal.
        for (const name of names.slice(0, k)) expect(new Set(games.map((g) => g.record.replay.seats.findIndex((s) => s.name === name))).size).toBe(k);
      }
      // Each rotation's players play only that rotation's games: never two games of one deal.
      expect(startedIn.length).toBeGreaterThan(0);
      expect(startedIn.filter((s) => !/@(\d) in rotation \1$/.test(s))).toEqual([]);
      expect(seen.every((g) => verifyReplay(g.record.replay).ok)).toBe(true);

      // The summary adds up each bot's places from the replays, whatever its seat.
      const placeOf = (g: SeriesGame, name: string): number => placesOf(g.record.replay.result, k)[g.record.replay.seats.findIndex((s) => s.name === name)]!;
      expect(summary.games).toBe(2 * k);
      names.slice(0, k).forEach((name, bot) => {
        expect(summary.placings[bot]!.average).toBeCloseTo(seen.reduce((sum, g) => sum + placeOf(g, name), 0) / (2 * k), 10);
        expect(summary.placings[bot]!.interval.low).toBeGreaterThanOrEqual(1);
        expect(summary.placings[bot]!.interval.high).toBeLessThanOrEqual(k);
      });
      expect(summary.wins.reduce((sum, w) => sum + w, 0)).toBeCloseTo(2 * k, 10);
    });
  }

  it('counts a shared win as a share of one (T13) and a forfeit against its bot', () => {
    const shared: SeriesGame['record'] = { logs: [], replay: { result: { winner: 0, points: [20, 20, 3], reason: 'x', ranks: [1, 1, 3] }, forfeit: { seat: 2, verdict: 'error', message: 'x' } } as never };
    const tally = createSeriesTally([[0], [1], [2]]);
    tally.add({ rotation: 1, record: shared }); // A in seat 1, B in seat 2, C in seat 0
    expect(tally.summary()).toMatchObject({ games: 1, wins: [0.5, 0, 0.5], points: [20, 3, 20], forfeits: [0, 1, 0], winRate: 0.5 });
    expect(tally.summary().placings.map((p) => p.average)).toEqual([1, 3, 1]);
  });

  it('takes as many bots as the game seats, and one set of players per later rotation', () => {
    const [a, b] = players(firstLegal, lastLegal);
    expect(() => playSeries({ game: xix, games: 3, seed: 1, players: [a!, b!, a!] })).toThrow(/xix is played by 2 entrants, not 3/);
    expect(() => playSeries({ game: nineteenTwentyThree, games: 2, seed: 1, players: [a!] })).toThrow(/2–9 entrants, not 1/);
    expect(() => playSeries({ game: nineteenTwentyThree, games: 10, seed: 1, players: Array<Player>(10).fill(a!) })).toThrow(/2–9 entrants, not 10/);
    expect(() => playSeries({ game: nineteenTwentyThree, games: 4, seed: 1, players: [a!, b!, a!] })).toThrow(/multiple of 3 games/);
    expect(() => playSeries({ game: nineteenTwentyThree, games: 3, seed: 1, players: [a!, b!, a!], rotationPlayers: [[a!, b!, a!]] })).toThrow(/2 more set/);
    expect(() => playSeries({ game: nineteenTwentyThree, games: 3, seed: 1, players: [a!, b!, a!], rotationPlayers: [[a!, b!, a!], [a!, b!]] })).toThrow(/2 more set/);
  });
});

describe('wilsonInterval', () => {
  it('matches known values', () => {
    // 60 of 100 at 95%: 0.5020 to 0.6906 (Wilson 1927, as tabulated by Newcombe 1998).
    const { low, high } = wilsonInterval(60, 100);
    expect(low).toBeCloseTo(0.502, 3);
    expect(high).toBeCloseTo(0.6906, 3);
    expect(wilsonInterval(0, 10).low).toBe(0);
    expect(wilsonInterval(10, 10).high).toBe(1);
    expect(wilsonInterval(10, 10).low).toBeCloseTo(0.7225, 3);
  });

  it('rejects impossible counts', () => {
    expect(() => wilsonInterval(5, 0)).toThrow(RangeError);
    expect(() => wilsonInterval(11, 10)).toThrow(RangeError);
  });
});

describe('playSeries in entrants (issue 16 item 1)', () => {
  const nimBot = { decide: (view: { legalActions: readonly unknown[] }) => view.legalActions[0] };

  it('seats a partnership entrant at each seat of its side with a player of its own per seat, and tallies it once', () => {
    const game = partnershipNim();
    // Which seats each player instance was started at: a player plays one seat, never two.
    const seatsOf = new Map<string, Set<number>>();
    const player = (name: string): Player => {
      const inner = trustedPlayer(nimBot as never, name);
      return { ...inner, startGame: (info) => (seatsOf.set(name, (seatsOf.get(name) ?? new Set()).add(info.seat)), inner.startGame(info)) };
    };
    const rotation = (r: number) => [[player(`a${r}.0`), player(`a${r}.1`)], [player(`b${r}.0`), player(`b${r}.1`)]];
    const seen: SeriesGame[] = [];
    const summary = playSeries({ game, games: 4, seed: 3, seats: 4, options: { stones: 9 }, players: rotation(0), rotationPlayers: [rotation(1)], onGame: (g) => seen.push(g) });
    expect(seen.map((g) => g.record.replay.seats.map((s) => s.name))).toEqual([
      ['a0.0', 'b0.0', 'a0.1', 'b0.1'], ['b1.0', 'a1.0', 'b1.1', 'a1.1'], ['a0.0', 'b0.0', 'a0.1', 'b0.1'], ['b1.0', 'a1.0', 'b1.1', 'a1.1'],
    ]);
    expect([...seatsOf.values()].every((seats) => seats.size === 1)).toBe(true);
    expect(seen.every((g) => (g.record.replay.setup as { stones: number }).stones === 9)).toBe(true);
    // One entrant wins each game (its side took the last stone): two entrants, four games.
    expect(summary.games).toBe(4);
    expect(summary.wins[0]! + summary.wins[1]!).toBe(4);
    expect(summary.placings.every((p) => p.average >= 1 && p.average <= 2)).toBe(true);
  });

  it('refuses one player for the seats of a partnership, and options the game does not take', () => {
    const game = partnershipNim();
    const one = trustedPlayer(nimBot as never, 'one');
    expect(() => playSeries({ game, games: 2, seed: 1, seats: 4, players: [one, one] })).toThrow(/one player per seat/);
    expect(() => playSeries({ game, games: 2, seed: 1, players: [one, one], options: { stones: 1 } })).toThrow(/option stones of nim takes a whole number from 5 to 60/);
  });
});
