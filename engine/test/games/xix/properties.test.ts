/** Properties over many random games (fast-check drives the deal and action seeds). */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ACTIONS, ALL_CARDS, IllegalActionError, STAKES, cardBit, countCards, parseReplay, verifyReplay, xix, type XixAction, type XixState } from '../../../src/index.ts';
import { randomGame, randomPrefix } from './random-games.ts';

const seeds = fc.tuple(fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 2 ** 32 - 1 }));
const runs = { numRuns: 300 };

/** Every card's place, as disjoint sets: hands, strike row, discard, the current trick and pool. */
function places(s: XixState): number[] {
  const row = s.row.reduce((set, card) => set | cardBit(card), 0);
  const led = s.led === 0 ? 0 : cardBit(s.led);
  return [s.closed[0], s.closed[1], s.open[0], s.open[1], row, cardBit(s.setup.discard), s.pool, led];
}

describe('random games', () => {
  it('account for all 18 cards, each in exactly one place, at every step', () => {
    fc.assert(
      fc.property(seeds, ([deal, moves]) => {
        randomGame(deal, moves, (_, s) => {
          const sets = places(s);
          expect(sets.reduce((a, b) => a | b, 0)).toBe(ALL_CARDS);
          expect(sets.reduce((n, set) => n + countCards(set), 0)).toBe(18);
        });
      }),
      runs,
    );
  });

  it('keep six cards a hand at the start of every exchange, and 12 in hands and trick in all', () => {
    fc.assert(
      fc.property(seeds, ([deal, moves]) => {
        randomGame(deal, moves, (_, s) => {
          const inHands = countCards(s.closed[0] | s.open[0]) + countCards(s.closed[1] | s.open[1]);
          expect(inHands + countCards(s.pool) + (s.led === 0 ? 0 : 1)).toBe(12);
          if (s.phase === 0 && s.trick === 1 && s.led === 0) {
            expect(countCards(s.closed[0] | s.open[0])).toBe(6);
            expect(countCards(s.closed[1] | s.open[1])).toBe(6);
          }
        });
      }),
      runs,
    );
  });

  it('terminate, and scores only grow by the stakes of the strikes (R6)', () => {
    fc.assert(
      fc.property(seeds, ([deal, moves]) => {
        randomGame(deal, moves, ({ before }, after) => {
          const gains = [after.points[0] - before.points[0], after.points[1] - before.points[1]];
          if (gains[0] === 0 && gains[1] === 0) return;
          // One seat gains, by the stakes of all strikes of the exchange it just won.
          const awarded = gains.filter((g) => g !== 0);
          expect(awarded).toHaveLength(1);
          expect(STAKES.slice(1)).toContain(awarded[0]);
          expect(awarded[0]).toBe(STAKES[after.strikes[0] + after.strikes[1]]);
        });
      }),
      runs,
    );
  });

  it('end with the winner R7 names', () => {
    fc.assert(
      fc.property(seeds, ([deal, moves]) => {
        const end = randomGame(deal, moves);
        const result = xix.result(end)!;
        const [a, b] = result.points as [number, number];
        if (a + b === 19) {
          expect(result.reason).toBe('exactly-19');
          expect(result.winner).toBe(a < b ? 0 : 1);
        } else {
          expect(Math.max(a, b)).toBeGreaterThanOrEqual(19);
          expect(result.reason).toBe('reached-19');
          expect(result.winner).toBe(a > b ? 0 : 1);
        }
      }),
      runs,
    );
  });

  it('are a pure function of the setup and the actions', () => {
    fc.assert(
      fc.property(seeds, ([deal, moves]) => {
        const actions: XixAction[] = [];
        const end = randomGame(deal, moves, ({ action }) => actions.push(action));
        const again = xix.start(xix.randomSetup(deal, 2));
        for (const action of actions) xix.apply(again, action);
        expect(again).toEqual(end);
      }),
      { numRuns: 100 },
    );
  });

  it('round-trip through a JSON replay that verifies', () => {
    fc.assert(
      fc.property(seeds, ([deal, moves]) => {
        const recorded: { seat: number; action: unknown }[] = [];
        const end = randomGame(deal, moves, ({ action, seat }) => recorded.push({ seat, action }));
        const replay = {
          format: 'xix-arena.replay',
          formatVersion: 1,
          game: { id: xix.id, version: xix.version },
          seed: deal,
          setup: xix.setupOf(end),
          seats: [{ name: 'a' }, { name: 'b' }],
          moves: recorded,
          forfeit: null,
          result: xix.result(end),
        };
        const parsed = parseReplay(JSON.parse(JSON.stringify(replay)));
        expect(verifyReplay(parsed)).toEqual({ ok: true, result: xix.result(end), moves: recorded.length });
      }),
      { numRuns: 100 },
    );
  });
});

describe('legality', () => {
  it('is judged alike by legalActions, checkAction and apply for every action, shared or copied', () => {
    fc.assert(
      fc.property(seeds, fc.nat({ max: 200 }), ([deal, moves], steps) => {
        const state = randomPrefix(deal, moves, steps);
        const legal = new Set(xix.legalActions(state));
        for (const action of ACTIONS) {
          const copy = JSON.parse(JSON.stringify(action)) as XixAction;
          for (const candidate of [action, copy]) {
            const expected = legal.has(action);
            expect(xix.checkAction(state, candidate).ok).toBe(expected);
            const trial = xix.clone(state);
            if (expected) xix.apply(trial, candidate);
            else expect(() => xix.apply(trial, candidate)).toThrow(IllegalActionError);
          }
        }
      }),
      { numRuns: 150 },
    );
  });
});
