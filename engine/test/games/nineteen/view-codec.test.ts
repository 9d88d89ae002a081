/** Nineteen's view codec: decoded views equal the engine's, and each finished hand is sent once. */
import { describe, expect, it } from 'vitest';
import { nineteen as game } from '../../../src/index.ts';
import { randomPrefix } from './script.ts';

describe('Nineteen view codec', () => {
  it('gives back every view of a seat over a game, sending each finished hand only once', () => {
    const seat = 1;
    const encode = game.viewCodec.createEncoder();
    const decode = game.viewCodec.createDecoder();
    let lastHands = 0;
    // Views of the live state, as the referee takes them (a clone makes its own records).
    randomPrefix(4, 5, 3, {}, 400, (_, after) => {
      if (game.toMove(after) === null) return;
      const view = game.view(after, seat);
      const code = encode(view);
      expect(decode(code)).toEqual(view);
      const [fromHands, hands] = JSON.parse(code) as [number, unknown[]];
      // The code continues from the finished hands the decoder already holds.
      expect(fromHands).toBe(lastHands);
      expect(hands.length).toBe(view.hands.length - lastHands);
      lastHands = view.hands.length - 1;
    });
    expect(lastHands).toBeGreaterThan(3);
  });

  it('starts over for a view of another game, and refuses a code that skips hands', () => {
    const encode = game.viewCodec.createEncoder();
    const decode = game.viewCodec.createDecoder();
    const late = randomPrefix(6, 7, 2, {}, 200);
    const early = randomPrefix(6, 7, 2, {}, 5);
    expect(decode(encode(game.view(late, 0)))).toEqual(game.view(late, 0));
    expect(decode(encode(game.view(early, 0)))).toEqual(game.view(early, 0));
    encode(game.view(late, 0));
    const fresh = game.viewCodec.createDecoder();
    // The encoder has sent `late`'s finished hands already; a decoder that has none cannot follow.
    expect(() => fresh(encode(game.view(late, 0)))).toThrow(/decoder holds 0/);
  });
});
