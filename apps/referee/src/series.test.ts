import { verifyReplay, xix } from '@xix/engine';
import { describe, expect, it } from 'vitest';
import { playSeries, type SeriesGame } from './series.ts';
import type { Player } from './player.ts';
import { failingAt, firstLegal, lastLegal, players } from './test-bots.ts';
import { trustedPlayer } from './trusted-player.ts';
import { wilsonInterval } from './wilson.ts';

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
    expect(seen.map((g) => g.seatOfA)).toEqual([0, 1, 0, 1, 0, 1]);
    expect(seen.map((g) => g.record.replay.seed)).toEqual([40, 40, 41, 41, 42, 42]);
    expect(seen[0]!.record.replay.setup).toEqual(seen[1]!.record.replay.setup);
    expect(seen[0]!.record.replay.seats).toEqual([{ name: 'a' }, { name: 'b' }]);
    expect(seen[1]!.record.replay.seats).toEqual([{ name: 'b' }, { name: 'a' }]);
    expect(seen.every((g) => verifyReplay(g.record.replay).ok)).toBe(true);

    const aWins = seen.filter((g) => g.record.replay.result.winner === g.seatOfA).length;
    expect(summary.wins).toEqual([aWins, 6 - aWins]);
    expect(summary.winRate).toBe(aWins / 6);
    expect(summary.interval).toEqual(wilsonInterval(aWins, 6));
    const aPoints = seen.reduce((sum, g) => sum + g.record.replay.result.points[g.seatOfA]!, 0);
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
