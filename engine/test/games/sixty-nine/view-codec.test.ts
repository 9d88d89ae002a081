/** The 69 view codec: a sandboxed bot decodes exactly the view the engine built, rounds and events sent once. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createRandom, sixtyNine as game, type SixtyNineSeatView } from '../../../src/index.ts';

const { createEncoder, createDecoder } = game.viewCodec;

/** The views of `seat` at its own decisions in a random game, and its final view. */
function viewsOf(deal: number, actions: number, seats: number, seat: number): SixtyNineSeatView[] {
  const random = createRandom(actions);
  const s = game.start(game.randomSetup(deal, seats));
  const views: SixtyNineSeatView[] = [];
  while (game.toMove(s) !== null) {
    if (game.toMove(s) === seat) views.push(game.view(s, seat));
    const legal = game.legalActions(s);
    game.apply(s, legal[random.int(legal.length)]!);
  }
  views.push(game.view(s, seat));
  return views;
}

describe('69 view codec', () => {
  it('decodes every view to the view itself, key order included', () => {
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.integer({ min: 2, max: 6 }), fc.nat(5), (deal, actions, seats, seatPick) => {
        const encode = createEncoder();
        const decode = createDecoder();
        for (const view of viewsOf(deal, actions, seats, seatPick % seats)) {
          const decoded = decode(encode(view));
          expect(decoded).toStrictEqual(view);
          expect(JSON.stringify(decoded)).toBe(JSON.stringify(view));
        }
      }),
      { numRuns: 12 },
    );
  });

  it('sends finished rounds and events once, so codes stay much shorter than the views', () => {
    const views = viewsOf(3, 4, 4, 1);
    const encode = createEncoder();
    const codeChars = views.reduce((n, view) => n + encode(view).length, 0);
    const jsonChars = views.reduce((n, view) => n + JSON.stringify(view).length, 0);
    expect(codeChars * 3).toBeLessThan(jsonChars);
  });

  it('starts again from nothing for a view that does not continue the last one, and rejects a code it cannot continue', () => {
    const [first, second] = [viewsOf(5, 6, 3, 0).at(-1)!, viewsOf(7, 8, 3, 0).at(-1)!];
    const encode = createEncoder();
    const decode = createDecoder();
    expect(decode(encode(first))).toStrictEqual(first);
    expect(decode(encode(second))).toStrictEqual(second);
    const code = createEncoder()(first);
    const other = createEncoder();
    other(first);
    expect(() => createDecoder()(other(first))).toThrow(/continues from/);
    expect(createDecoder()(code)).toStrictEqual(first);
  });
});
