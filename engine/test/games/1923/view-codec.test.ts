/** The 1923 view codec: a sandboxed bot decodes exactly the view the engine built, rounds sent once. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nineteenTwentyThree as game, type NineteenTwentyThreeSeatView } from '../../../src/index.ts';
import { randomGame } from './script.ts';

const { createEncoder, createDecoder } = game.viewCodec;

/** The views of `seat` at its own decisions in a random game, and its final view. */
function viewsOf(deal: number, actions: number, seats: number, seat: number): NineteenTwentyThreeSeatView[] {
  const views: NineteenTwentyThreeSeatView[] = [];
  const end = randomGame(deal, actions, seats, ({ before, seat: mover }) => {
    if (mover === seat) views.push(game.view(before, seat));
  });
  views.push(game.view(end, seat));
  return views;
}

describe('1923 view codec', () => {
  it('decodes every view to the view itself, key order included', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 2, max: 9 }), fc.nat(8), (deal, actions, seats, seatPick) => {
        const encode = createEncoder();
        const decode = createDecoder();
        for (const view of viewsOf(deal, actions, seats, seatPick % seats)) {
          const decoded = decode(encode(view));
          expect(decoded).toStrictEqual(view);
          expect(JSON.stringify(decoded)).toBe(JSON.stringify(view));
        }
      }),
      { numRuns: 60 },
    );
  });

  it('sends each finished round once, so codes stay shorter than the views', () => {
    const views = viewsOf(3, 4, 4, 1);
    const encode = createEncoder();
    const codeChars = views.reduce((n, view) => n + encode(view).length, 0);
    const jsonChars = views.reduce((n, view) => n + JSON.stringify(view).length, 0);
    expect(codeChars * 2).toBeLessThan(jsonChars);
    expect(JSON.parse(encode(views.at(-1)!))[1]).toEqual([]);
  });

  it('sends every round again when a view does not continue the last one', () => {
    const encode = createEncoder();
    const decode = createDecoder();
    const first = viewsOf(1, 2, 3, 0);
    const second = viewsOf(5, 6, 3, 2);
    for (const view of [...first, ...second.slice(3), first[4]!, JSON.parse(JSON.stringify(first.at(-1)))]) expect(decode(encode(view))).toStrictEqual(view);
  });

  it('rejects a code that continues rounds the decoder does not hold', () => {
    const views = viewsOf(1, 2, 2, 0);
    const encode = createEncoder();
    views.forEach((view) => encode(view));
    expect(() => createDecoder()(encode(views.at(-1)!))).toThrow(/the decoder holds 0 rounds/);
  });
});
