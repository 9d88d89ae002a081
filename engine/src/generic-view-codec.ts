/**
 * The view codec of a game that has none of its own: JSON. Correct for every view (views are JSON
 * data), and slower than a game's own codec, which sends only what the decoder lacks.
 */
import type { ViewCodec } from './game.ts';

export const viewCodec: ViewCodec<unknown> = {
  createEncoder: () => (view) => JSON.stringify(view),
  createDecoder: () => (code) => JSON.parse(code) as unknown,
};

export { viewCodec as genericViewCodec };
