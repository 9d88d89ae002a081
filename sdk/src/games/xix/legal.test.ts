/** Filters over view.legalActions, checked against the engine's own legality check. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sampleState } from '../../../test/states.ts';
import { abandonAction, isLegal, legalMatch, pickOf, picks, playOf, plays, raiseAction, tradeOf, trades } from './legal.ts';

const states = fc.tuple(fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 2 ** 32 - 1 }), fc.nat({ max: 150 }));

describe('legal action filters', () => {
  it('split the legal actions by phase', () => {
    fc.assert(
      fc.property(states, ([deal, moves, steps]) => {
        const view = sampleState(deal, moves, steps).toMove;
        if (view === null) return;
        const all = view.legalActions;
        const count = { play: plays(view).length, pick: picks(view).length, trade: trades(view).length };
        expect(count.play).toBe(view.phase === 'play' ? all.length : 0);
        expect(count.pick).toBe(view.phase === 'draft' ? all.length : 0);
        expect(count.trade).toBe(view.phase === 'trade' ? 30 : 0); // R9a: always 30 trades
        expect(raiseAction(view) !== null).toBe(view.phase === 'strike');
        expect(abandonAction(view) !== null).toBe(view.phase === 'strike');
        for (const a of all) {
          expect(isLegal(view, { ...a })).toBe(true);
          expect(legalMatch(view, JSON.parse(JSON.stringify(a)))).toBe(a);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('find single actions and reject look-alikes', () => {
    const view = sampleState(7, 7, 0).toMove!;
    const card = view.hand.closed[0]!;
    expect(playOf(view, card)).toEqual({ type: 'play', card });
    expect(pickOf(view, card)).toBeNull();
    expect(tradeOf(view, card, 0)).toBeNull();
    expect(isLegal(view, { type: 'play', card, extra: 1 })).toBe(false);
    expect(isLegal(view, { type: 'play', card: 99 })).toBe(false);
    expect(isLegal(view, 'play')).toBe(false);
    expect(isLegal(view, null)).toBe(false);
  });
});
