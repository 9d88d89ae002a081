/**
 * The XIX view codec: what a sandboxed bot decodes must be exactly the view the engine built
 * (R11: the codec carries a filtered view, so it can neither add nor lose anything).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { GameError, xix, type XixSeatView } from '../../../src/index.ts';
import { randomGame } from './random-games.ts';

const { createEncoder, createDecoder } = xix.viewCodec;

/** Every view of `seat` in a random game: at every step, or only at its own decisions, and the final one. */
function viewsOf(deal: number, actions: number, seat: 0 | 1, onlyDecisions: boolean): XixSeatView[] {
  const views: XixSeatView[] = [];
  const end = randomGame(deal, actions, ({ before, seat: mover }) => {
    if (!onlyDecisions || mover === seat) views.push(xix.view(before, seat));
  });
  views.push(xix.view(end, seat));
  return views;
}

describe('xix view codec', () => {
  it('decodes every view of random games to the view itself, key order included', () => {
    fc.assert(
      fc.property(fc.nat(1_000_000), fc.nat(1_000_000), fc.constantFrom(0 as const, 1 as const), fc.boolean(), (deal, actions, seat, onlyDecisions) => {
        const encode = createEncoder();
        const decode = createDecoder();
        for (const view of viewsOf(deal, actions, seat, onlyDecisions)) {
          const decoded = decode(encode(view));
          expect(decoded).toStrictEqual(view);
          expect(JSON.stringify(decoded)).toBe(JSON.stringify(view));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('sends only the events the decoder lacks, and far fewer characters than JSON', () => {
    const views = viewsOf(7, 8, 0, true);
    const encode = createEncoder();
    let codeChars = 0;
    let jsonChars = 0;
    for (const view of views) {
      const code = encode(view);
      codeChars += code.length;
      jsonChars += JSON.stringify(view).length;
    }
    expect(codeChars * 5).toBeLessThan(jsonChars);
    const last = views.at(-1)!;
    const again = encode(last);
    expect(again.charCodeAt(0)).toBe(last.history.length);
    expect(again.charCodeAt(1)).toBe(0);
  });

  it('sends the whole history again when a view does not continue the last one', () => {
    const encode = createEncoder();
    const decode = createDecoder();
    const first = viewsOf(1, 2, 0, true);
    const second = viewsOf(3, 4, 1, true);
    for (const view of [...first.slice(0, 30), ...second.slice(5, 20), ...first.slice(10, 12)]) {
      expect(decode(encode(view))).toStrictEqual(view);
    }
  });

  it('sends the whole history again when the seat changes, even if the last event reads the same (R11)', () => {
    // A state where the two seats' histories differ (a closed card traded face down) but end alike.
    let pair: [XixSeatView, XixSeatView] | null = null;
    for (let seed = 1; pair === null && seed < 500; seed++) {
      randomGame(seed, seed + 1, ({ before }) => {
        if (pair !== null) return;
        const [a, b] = [xix.view(before, 0), xix.view(before, 1)];
        const sameEnd = a.history.length > 0 && JSON.stringify(a.history.at(-1)) === JSON.stringify(b.history.at(-1));
        if (sameEnd && JSON.stringify(a.history) !== JSON.stringify(b.history)) pair = [a, b];
      });
    }
    // (Assigned inside the callback, which TypeScript's narrowing does not follow.)
    const found = pair as [XixSeatView, XixSeatView] | null;
    if (found === null) throw new Error('no such state in 500 random games');
    const [seat0, seat1] = found;
    const encode = createEncoder();
    const decode = createDecoder();
    expect(decode(encode(seat0))).toStrictEqual(seat0);
    expect(decode(encode(seat1))).toStrictEqual(seat1);
  });

  it('gives decoded views their own history array, with frozen events', () => {
    const encode = createEncoder();
    const decode = createDecoder();
    const views = viewsOf(5, 6, 1, true);
    const a = decode(encode(views[10]!));
    (a.history as unknown[]).length = 0;
    const b = decode(encode(views[11]!));
    expect(b).toStrictEqual(views[11]);
    expect(Object.isFrozen(b.history[0])).toBe(true);
  });

  it('refuses a view it cannot carry, and a code that does not fit the decoder', () => {
    const view = viewsOf(2, 2, 0, true)[3]!;
    const copied = { ...view, legalActions: view.legalActions.map((a) => ({ ...a })) };
    expect(() => createEncoder()(copied)).toThrow(GameError);
    expect(() => createEncoder()({ ...view, exchange: -1 })).toThrow('the view holds -1, which its code cannot carry');

    const later = viewsOf(2, 2, 0, true)[9]!;
    const encode = createEncoder();
    encode(view);
    const continuation = encode(later);
    expect(() => createDecoder()(continuation)).toThrow(/continues a history of \d+ events, the decoder has 0/);
    const whole = createEncoder()(later);
    expect(() => createDecoder()(whole.slice(0, whole.length - 3))).toThrow('a view code is malformed');
  });
});
