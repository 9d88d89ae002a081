import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bradleyTerry, compareBots, ELO_PER_NATURAL_UNIT, separable, type BradleyTerryModel, type RatedGame } from '@xix/ratings';

const S = ELO_PER_NATURAL_UNIT; // 400/ln 10: Elo points per unit of θ
const Z = 1.959963984540054;

/** `wins` games a beats b, `losses` b beats a, `ties` tied, as two-seat games. */
function series(a: string, b: string, wins: number, losses: number, ties = 0): RatedGame[] {
  const games: RatedGame[] = [];
  const add = (count: number, ranks: number[]) => {
    for (let i = 0; i < count; i++) games.push({ id: `${a}-${b}-${games.length}`, entrants: [a, b], ranks });
  };
  add(wins, [1, 2]);
  add(losses, [2, 1]);
  add(ties, [1, 1]);
  return games;
}

const row = (model: BradleyTerryModel, bot: string) => model.rows.find((r) => r.bot === bot)!;

describe('bradleyTerry, two bots, against the closed form', () => {
  // With only a and b and d = θa − θb, the log-likelihood of w wins in n games is
  //   ℓ(d) = w·log σ(d) + (n − w)·log(1 − σ(d)),  σ(d) = 1/(1 + e^(−d)).
  // ℓ'(d) = w − n·σ(d) = 0 gives σ(d) = w/n, so d̂ = log(w/(n − w)).
  // −ℓ''(d̂) = n·σ(1 − σ) = w(n − w)/n, so var(d̂) = n/(w(n − w)) = 1/w + 1/(n − w).
  // With the mean held fixed θa = d/2 and θb = −d/2, so each bot's own standard error is half.
  it('gives d̂ = log(w/(n−w)) and se = √(1/w + 1/(n−w)) on the Elo scale (no prior)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 300 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n - 1 }))), ([n, w]) => {
        const model = bradleyTerry(series('a', 'b', w, n - w), { priorGames: 0 });
        const difference = S * Math.log(w / (n - w));
        const standardError = S * Math.sqrt(1 / w + 1 / (n - w));
        const comparison = compareBots(model, 'a', 'b');
        expect(comparison.verdict).not.toBe('not-comparable');
        if (comparison.verdict === 'not-comparable') return;
        expect(comparison.difference).toBeCloseTo(difference, 6);
        expect(comparison.standardError).toBeCloseTo(standardError, 6);
        expect(comparison.low).toBeCloseTo(difference - Z * standardError, 6);
        expect(comparison.verdict).toBe(Math.abs(difference) > Z * standardError ? 'separable' : 'not-yet-separable');
        const a = row(model, 'a');
        expect(a.rating).toBeCloseTo(1500 + difference / 2, 6);
        expect(a.standardError).toBeCloseTo(standardError / 2, 6);
        expect(a.low).toBeCloseTo(a.rating - Z * a.standardError, 9);
        expect(a.high).toBeCloseTo(a.rating + Z * a.standardError, 9);
        expect(row(model, 'b').rating).toBeCloseTo(1500 - difference / 2, 6);
      }),
    );
  });

  it('says 7–3 is not yet separable and 70–30 is', () => {
    // 7–3: d̂ = 173.72·log(7/3) = 147.19, se = 173.72·√(1/7 + 1/3) = 119.88; 147.19 < 1.96·119.88.
    // 70–30: the same d̂, se = 119.88/√10 = 37.91; 147.19 > 1.96·37.91 = 74.30.
    expect(separable(bradleyTerry(series('a', 'b', 7, 3), { priorGames: 0 }), 'a', 'b')).toBe(false);
    expect(separable(bradleyTerry(series('a', 'b', 70, 30), { priorGames: 0 }), 'a', 'b')).toBe(true);
  });

  it('pulls the two-bot estimate toward even with the default prior, by less as games accumulate', () => {
    const exact = S * Math.log(7 / 3);
    const few = compareBots(bradleyTerry(series('a', 'b', 7, 3)), 'a', 'b');
    const many = compareBots(bradleyTerry(series('a', 'b', 700, 300)), 'a', 'b');
    if (few.verdict === 'not-comparable' || many.verdict === 'not-comparable') throw new Error('expected comparable bots');
    expect(few.difference).toBeGreaterThan(0);
    expect(few.difference).toBeLessThan(exact);
    expect(exact - many.difference).toBeLessThan(exact - few.difference);
    expect(many.difference).toBeCloseTo(exact, -1);
  });
});

describe('bradleyTerry against an independent fit', () => {
  // Every pair plays at least one tie, so every bot reaches every other and the maximum is finite.
  const roundRobin = fc.array(fc.tuple(fc.nat(6), fc.nat(6), fc.integer({ min: 1, max: 3 })), { minLength: 6, maxLength: 6 });
  const pairs = [['a', 'b'], ['a', 'c'], ['a', 'd'], ['b', 'c'], ['b', 'd'], ['c', 'd']] as const;

  it('agrees with Zermelo’s iteration and with a finite-difference Hessian', () => {
    fc.assert(
      fc.property(roundRobin, (counts) => {
        const games = pairs.flatMap(([x, y], i) => series(x, y, ...counts[i]!));
        const model = bradleyTerry(games, { priorGames: 0 });
        const bots = ['a', 'b', 'c', 'd'];
        // Zermelo / Hunter's MM: π_i ← W_i / Σ_j n_ij/(π_i + π_j), written here from the definition.
        const n = (i: number, j: number) => { const [w, l, t] = countsOf(counts, pairs, bots[i]!, bots[j]!); return w + l + t; };
        const won = (i: number) => bots.reduce((sum, _, j) => { if (j === i) return sum; const [w, , t] = countsOf(counts, pairs, bots[i]!, bots[j]!); return sum + w + t / 2; }, 0);
        let pi = [1, 1, 1, 1];
        for (let step = 0; step < 20000; step++) {
          pi = pi.map((p, i) => won(i) / bots.reduce((sum, _, j) => (j === i ? sum : sum + n(i, j) / (p + pi[j]!)), 0));
          const meanLog = pi.reduce((sum, p) => sum + Math.log(p), 0) / 4;
          pi = pi.map((p) => Math.exp(Math.log(p) - meanLog));
        }
        bots.forEach((bot, i) => expect(row(model, bot).rating).toBeCloseTo(1500 + S * Math.log(pi[i]!), 4));

        // var(θb − θa) and var(θc − θa) from the 3×3 Hessian of ℓ with θa fixed, by finite differences.
        const theta = bots.map((bot) => (row(model, bot).rating - 1500) / S);
        const logLikelihood = (t: number[]) => {
          let sum = 0;
          for (let i = 0; i < 4; i++) for (let j = i + 1; j < 4; j++) {
            const [w, l, ties] = countsOf(counts, pairs, bots[i]!, bots[j]!);
            const p = 1 / (1 + Math.exp(t[j]! - t[i]!));
            sum += (w + ties / 2) * Math.log(p) + (l + ties / 2) * Math.log(1 - p);
          }
          return sum;
        };
        const h = 1e-4;
        const shifted = (di: number, dj: number, i: number, j: number) => theta.map((t, k) => t + (k === i ? di : 0) + (k === j ? dj : 0));
        const hessian = [1, 2, 3].map((i) => [1, 2, 3].map((j) =>
          -(logLikelihood(shifted(h, h, i, j)) - logLikelihood(shifted(h, -h, i, j)) - logLikelihood(shifted(-h, h, i, j)) + logLikelihood(shifted(-h, -h, i, j))) / (4 * h * h)));
        const inverse = invert3(hessian);
        for (const [k, bot] of ['b', 'c', 'd'].entries()) {
          const comparison = compareBots(model, bot, 'a');
          if (comparison.verdict === 'not-comparable') throw new Error('expected comparable bots');
          expect(comparison.standardError / S).toBeCloseTo(Math.sqrt(inverse[k]![k]!), 3);
        }
      }),
      { numRuns: 25 },
    );
  });
});

describe('bradleyTerry: order, ties, seats, and what the results cannot tell', () => {
  const bots = ['a', 'b', 'c', 'd', 'e'];
  const games = fc.array(
    fc.shuffledSubarray(bots, { minLength: 2, maxLength: 4 }).chain((entrants) =>
      fc.array(fc.integer({ min: 1, max: entrants.length }), { minLength: entrants.length, maxLength: entrants.length }).map((ranks) => ({ entrants, ranks })),
    ),
    { minLength: 1, maxLength: 40 },
  ).map((drawn) => drawn.map((g, i): RatedGame => ({ id: `g${i}`, ...g })));

  it('gives exactly the same ratings and intervals for any order of the same games', () => {
    const shuffled = games.chain((list) => fc.tuple(fc.constant(list), fc.shuffledSubarray(list, { minLength: list.length, maxLength: list.length })));
    fc.assert(fc.property(shuffled, ([original, reordered]) => {
      expect(bradleyTerry(reordered)).toEqual(bradleyTerry(original));
    }));
  });

  it('counts a tie as half a win: two ties rate like a win and a loss', () => {
    const ties = bradleyTerry([...series('a', 'b', 0, 0, 2), ...series('b', 'c', 3, 1)]);
    const split = bradleyTerry([...series('a', 'b', 1, 1), ...series('b', 'c', 3, 1)]);
    expect(ties.rows).toEqual(split.rows);
    // Without a prior, a's only evidence is scoring 1 of 2 against b, so θa = θb exactly.
    const plain = bradleyTerry([...series('a', 'b', 0, 0, 2), ...series('b', 'c', 3, 1)], { priorGames: 0 });
    expect(row(plain, 'a').rating).toBeCloseTo(row(plain, 'b').rating, 9);
    expect(row(plain, 'b').rating - row(plain, 'c').rating).toBeCloseTo(S * Math.log(3), 6);
  });

  it('rates a three-seat game as its three pairwise results', () => {
    const threeSeat: RatedGame[] = [{ id: 'g', entrants: ['a', 'b', 'c'], ranks: [1, 2, 3] }, { id: 'h', entrants: ['c', 'a', 'b'], ranks: [1, 2, 2] }];
    const pairwise: RatedGame[] = [
      ...series('a', 'b', 1, 0), ...series('a', 'c', 1, 0), ...series('b', 'c', 1, 0),
      ...series('c', 'a', 1, 0), ...series('c', 'b', 1, 0), ...series('a', 'b', 0, 0, 1),
    ];
    expect(bradleyTerry(threeSeat).rows).toEqual(bradleyTerry(pairwise).rows);
    expect(row(bradleyTerry(threeSeat), 'a').results).toBe(4);
  });

  it('keeps a bot with only wins finite with the prior, says which end is open, and refuses it without', () => {
    const games = [...series('a', 'b', 20, 0), ...series('b', 'c', 3, 2)];
    const model = bradleyTerry(games);
    expect(row(model, 'a')).toMatchObject({ unbounded: 'above', results: 20, score: 20 });
    expect(row(model, 'b').unbounded).toBe('below');
    expect(row(model, 'c').unbounded).toBe('below');
    expect(Number.isFinite(row(model, 'a').high)).toBe(true);
    expect(model.rows.map((r) => r.bot)).toEqual(['a', 'b', 'c']);
    expect(separable(model, 'a', 'b')).toBe(true);
    expect(separable(bradleyTerry(series('a', 'b', 1, 0)), 'a', 'b')).toBe(false);
    expect(() => bradleyTerry(games, { priorGames: 0 })).toThrow(/no maximum: a is unbounded above; use a prior/);
    // A chain a > b > c with no point ever taken back: a is open above, c below, b at both ends.
    const chain = bradleyTerry([...series('a', 'b', 2, 0), ...series('b', 'c', 2, 0)]);
    expect(['a', 'b', 'c'].map((bot) => row(chain, bot).unbounded)).toEqual(['above', 'both', 'below']);
  });

  it('tells that bots never linked by games are not comparable', () => {
    const model = bradleyTerry([...series('a', 'b', 3, 1), ...series('c', 'd', 2, 2)]);
    expect(row(model, 'a').component).not.toBe(row(model, 'c').component);
    expect(compareBots(model, 'a', 'c')).toEqual({ verdict: 'not-comparable', reason: 'no chain of games links a and c' });
    expect(compareBots(model, 'a', 'z')).toEqual({ verdict: 'not-comparable', reason: 'z has no rated game' });
    expect(separable(model, 'a', 'c')).toBe(false);
    expect(() => bradleyTerry([...series('a', 'b', 3, 1), ...series('c', 'd', 2, 2)], { priorGames: 0 })).toThrow(/chain of games/);
  });

  it('refuses bad options and games with a clear error', () => {
    expect(() => bradleyTerry([], { priorGames: -1 })).toThrow(/priorGames must be a finite number ≥ 0/);
    expect(() => bradleyTerry([{ id: 'x', entrants: ['a', 'b'], ranks: [1, 7] }])).toThrow(/game x: seat 1 has rank 7/);
    expect(bradleyTerry([]).rows).toEqual([]);
  });
});

function countsOf(counts: readonly (readonly [number, number, number])[], pairs: readonly (readonly [string, string])[], x: string, y: string): [number, number, number] {
  const i = pairs.findIndex(([p, q]) => p === x && q === y);
  if (i >= 0) return [...counts[i]!];
  const [w, l, t] = counts[pairs.findIndex(([p, q]) => p === y && q === x)]!;
  return [l, w, t];
}

function invert3(m: number[][]): number[][] {
  const [[a, b, c], [d, e, f], [g, h, i]] = m as [[number, number, number], [number, number, number], [number, number, number]];
  const det = a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g);
  return [
    [(e * i - f * h) / det, (c * h - b * i) / det, (b * f - c * e) / det],
    [(f * g - d * i) / det, (a * i - c * g) / det, (c * d - a * f) / det],
    [(d * h - e * g) / det, (b * g - a * h) / det, (a * e - b * d) / det],
  ];
}
