/** States built from a complete position: the same game as the original, and impossible positions refused. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameError, PHASE_NAMES, cardsOf, createRandom, positionState, xix, type XixPosition, type XixState } from '../../../src/index.ts';
import { randomPrefix } from './random-games.ts';
import { plainDeal, startFrom } from './script.ts';

/** The complete position of a running state, as a search would sample it. */
function positionOf(s: XixState): XixPosition {
  const hand = (seat: 0 | 1) => ({ closed: cardsOf(s.closed[seat]), open: cardsOf(s.open[seat]) });
  const inDraftOrTrade = PHASE_NAMES[s.phase] === 'draft' || PHASE_NAMES[s.phase] === 'trade';
  return {
    phase: PHASE_NAMES[s.phase] as XixPosition['phase'],
    toMove: s.toMove as 0 | 1,
    leader: s.leader,
    hands: [hand(0), hand(1)],
    strikeRow: s.row.map((card, i) => ({ card, faceUp: (s.rowFaceUp & (1 << i)) !== 0 })),
    discard: s.setup.discard,
    pool: cardsOf(s.pool),
    led: s.led === 0 ? null : s.led,
    strikes: [s.strikes[0], s.strikes[1]],
    points: [s.points[0], s.points[1]],
    exchangeWinner: inDraftOrTrade ? s.exchangeWinner : null,
    exchange: s.exchange,
    known: [cardsOf(s.known[0]), cardsOf(s.known[1])],
  };
}

/** Everything but the history, the stand-in setup and a stale exchange winner (kept only for the draft and trade). */
const essence = (s: XixState) => ({ ...s, setup: s.setup.discard, log: null, exchangeWinner: s.phase >= 2 ? s.exchangeWinner : null });

const seeds = fc.tuple(fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 150 }));

describe('positionState', () => {
  it('rebuilds any running state, which then plays on exactly like the original', () => {
    fc.assert(
      fc.property(seeds, ([deal, moves, steps]) => {
        const original = randomPrefix(deal, moves, steps);
        if (xix.toMove(original) === null) return;
        const rebuilt = positionState(positionOf(original));
        expect(essence(rebuilt)).toEqual(essence(original));
        expect(xix.view(rebuilt, 0).legalActions).toEqual(xix.view(original, 0).legalActions);
        // The same random continuation gives the same result.
        const random = createRandom(moves + 1);
        for (let i = 0; xix.toMove(original) !== null && i < 500; i++) {
          const legal = xix.legalActions(original);
          const action = legal[random.int(legal.length)]!;
          xix.apply(original, action);
          xix.apply(rebuilt, action);
        }
        expect(xix.result(rebuilt)).toEqual(xix.result(original));
      }),
      { numRuns: 300 },
    );
  });

  it('starts with no history and a valid stand-in setup keeping the discard', () => {
    const s = positionState(positionOf(startFrom(plainDeal(0), 'p1 p7 r')));
    expect(s.log).toEqual([]);
    expect(xix.parseSetup(xix.setupOf(s)).discard).toBe(18);
    expect(xix.view(s, 0).history).toEqual([]);
  });

  const base = positionOf(startFrom(plainDeal(0), 'p1 p7'));
  const refused: readonly (readonly [string, unknown])[] = [
    ['not an object', 7],
    ['a card in two places (R10)', { ...base, discard: 2 }],
    ['a missing card', { ...base, pool: [1] }],
    ['the wrong seat to answer a strike (R5)', { ...base, toMove: 1 }],
    ['a third strike still running (R5)', { ...base, strikes: [3, 0] }],
    ['19 points in total (R7)', { ...base, points: [10, 9] }],
    ['a pool that does not match the tricks (R8)', { ...base, strikes: [2, 0] }],
    ['a draft without a winner (R8)', { ...base, phase: 'draft' }],
    ['the over phase', { ...base, phase: 'over' }],
  ];
  it.each(refused)('refuses %s with a one-line GameError', (_, position) => {
    expect(() => positionState(position)).toThrow(GameError);
    try {
      positionState(position);
    } catch (error) {
      expect((error as Error).message).toMatch(/^position: [^\n]+$/);
    }
  });
});
