import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { eloRatings, type RatedGame } from '@xix/ratings';

const game = (id: string, entrants: string[], ranks: number[]): RatedGame => ({ id, entrants, ranks });

describe('eloRatings', () => {
  it('matches hand-computed two-seat updates (start 1500, K 16)', () => {
    // Game 1, a beats b, both 1500: expected ½, so a gains 16·(1 − ½) = 8 → a 1508, b 1492.
    // Game 2, a beats b again: E_a = 1/(1 + 10^(−16/400)) = 1/(1 + 0.9120108) = 0.5230096,
    // a gains 16·(1 − 0.5230096) = 7.6318466 → a 1515.6318466, b 1484.3681534.
    const { ratings, history } = eloRatings([game('g1', ['a', 'b'], [1, 2]), game('g2', ['a', 'b'], [1, 2])]);
    expect(ratings.get('a')).toBeCloseTo(1515.6318466, 6);
    expect(ratings.get('b')).toBeCloseTo(1484.3681534, 6);
    expect(history.get('a')!.map((p) => p.game)).toEqual(['g1', 'g2']);
    expect(history.get('a')![0]).toEqual({ game: 'g1', rating: 1508, change: 8 });
    expect(history.get('b')![1]!.change).toBeCloseTo(-7.6318466, 6);
  });

  it('moves an upset by more: 1400 beats 1600 with K 16, and a tie with K 20', () => {
    // E_low = 1/(1 + 10^(200/400)) = 1/(1 + 3.1622777) = 0.2402531; 16·(1 − 0.2402531) = 12.1559508.
    const upset = eloRatings([game('u', ['low', 'high'], [1, 2])], { startingRatings: new Map([['low', 1400], ['high', 1600]]) });
    expect(upset.ratings.get('low')).toBeCloseTo(1412.1559508, 6);
    expect(upset.ratings.get('high')).toBeCloseTo(1587.8440492, 6);
    // A tie at 1600 v 1400 with K 20: E_high = 0.7597469; 20·(½ − 0.7597469) = −5.1949385.
    const tie = eloRatings([game('t', ['high', 'low'], [1, 1])], { k: 20, startingRatings: new Map([['low', 1400], ['high', 1600]]) });
    expect(tie.ratings.get('high')).toBeCloseTo(1594.8050615, 6);
    expect(tie.ratings.get('low')).toBeCloseTo(1405.1949385, 6);
  });

  it('starts a new version from its previous version\'s rating at the new version\'s first game', () => {
    // a1 beats b: a1 1508, b 1492. a2 (previous version a1) then beats b from 1508, gaining
    // 16·(1 − 1/(1 + 10^(−16/400))) = 7.6318466 → 1515.6318466; a1 stays at 1508.
    // a3 follows a2 through a chain a3 → a2 → a1 and has not played: it is not rated.
    const previousVersions = new Map([['a2', 'a1'], ['a3', 'a2']]);
    const { ratings } = eloRatings([game('1', ['a1', 'b'], [1, 2]), game('2', ['b', 'a2'], [2, 1])], { previousVersions });
    expect(ratings.get('a1')).toBe(1508);
    expect(ratings.get('a2')).toBeCloseTo(1515.6318466, 6);
    expect(ratings.has('a3')).toBe(false);
    // a2 meets a1 in its first game: both 1508 before it, so a2 beating a1 is ±8 (a2 1516, a1 1500).
    const meeting = eloRatings([game('1', ['a1', 'b'], [1, 2]), game('2', ['a1', 'a2'], [2, 1])], { previousVersions });
    expect(meeting.ratings.get('a2')).toBe(1516);
    expect(meeting.ratings.get('a1')).toBe(1500);
    // A chain through versions that never played falls back to the start; a cycle does not hang.
    const cycle = eloRatings([game('1', ['x', 'y'], [1, 1])], { previousVersions: new Map([['x', 'y'], ['y', 'x']]) });
    expect(cycle.ratings.get('x')).toBe(1500);
    const chained = eloRatings([game('1', ['a1', 'b'], [1, 2]), game('2', ['a3', 'b'], [1, 1])], { previousVersions });
    expect(chained.history.get('a3')![0]!.rating - chained.history.get('a3')![0]!.change).toBe(1508);
  });

  it('splits K over the pairs of a three-seat game (K/(n−1) = 8 per pair), from the ratings before the game', () => {
    // Game 1, ranks [1, 2, 3], all 1500: a +8·(½ + ½) = +8, b +8·(−½ + ½) = 0, c −8 → 1508, 1500, 1492.
    // Game 2, ranks [2, 1, 1] (b and c tie first, a last):
    //   E(a v b) = 1/(1 + 10^(−8/400)) = 0.5115109, E(a v c) = 1/(1 + 10^(−16/400)) = 0.5230096.
    //   a: 8·((0 − 0.5115109) + (0 − 0.5230096)) = −8.2761638 → 1499.7238362
    //   b: 8·((1 − 0.4884891) + (½ − 0.5115109)) = 8·0.5 = +4 → 1504
    //   c: 8·((1 − 0.4769904) + (½ − 0.4884891)) = +4.2761638 → 1496.2761638
    const { ratings, history } = eloRatings([game('g1', ['a', 'b', 'c'], [1, 2, 3]), game('g2', ['a', 'b', 'c'], [2, 1, 1])]);
    expect(history.get('b')![0]!.change).toBe(0);
    expect(ratings.get('a')).toBeCloseTo(1499.7238362, 6);
    expect(ratings.get('b')).toBeCloseTo(1504, 9);
    expect(ratings.get('c')).toBeCloseTo(1496.2761638, 6);
  });

  it('gives the same ratings for the same games in the same order, and depends on that order', () => {
    const games = [game('1', ['a', 'b'], [1, 2]), game('2', ['b', 'c'], [1, 2]), game('3', ['c', 'a'], [1, 2])];
    expect(eloRatings(games)).toEqual(eloRatings(games.map((g) => ({ ...g }))));
    expect(eloRatings([...games].reverse()).ratings).not.toEqual(eloRatings(games).ratings);
  });

  it('keeps the sum of the ratings (every game is zero-sum) and records one point per game per bot', () => {
    const bots = ['a', 'b', 'c', 'd'];
    const games = fc.array(
      fc.shuffledSubarray(bots, { minLength: 2, maxLength: 4 }).chain((entrants) =>
        fc.array(fc.integer({ min: 1, max: entrants.length }), { minLength: entrants.length, maxLength: entrants.length }).map((ranks) => ({ entrants, ranks })),
      ),
      { maxLength: 30 },
    );
    fc.assert(
      fc.property(games, (drawn) => {
        const rated = drawn.map((g, i) => game(`g${i}`, g.entrants, g.ranks));
        const { ratings, history } = eloRatings(rated);
        const total = [...ratings.values()].reduce((sum, r) => sum + r, 0);
        expect(total).toBeCloseTo(1500 * ratings.size, 6);
        for (const [bot, points] of history) {
          expect(points.map((p) => p.game)).toEqual(rated.filter((g) => g.entrants.includes(bot)).map((g) => g.id));
          expect(points.at(-1)!.rating).toBe(ratings.get(bot));
        }
      }),
    );
  });

  it('refuses bad games and options with a clear error', () => {
    expect(() => eloRatings([game('x', ['a'], [1, 2])])).toThrow(/game x: one entrant per seat is needed/);
    expect(() => eloRatings([game('x', ['a', ''], [1, 2])])).toThrow(/entrant in seat 1 must be a non-empty string/);
    expect(() => eloRatings([game('', ['a', 'b'], [1, 2])])).toThrow(/non-empty string id/);
    expect(() => eloRatings([], { k: 0 })).toThrow(/k must be positive/);
    expect(() => eloRatings([], { initialRating: Number.NaN })).toThrow(/initialRating must be a finite number/);
  });
});
