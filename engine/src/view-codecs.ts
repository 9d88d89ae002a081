/**
 * Every game's view codec by game id, and nothing else of the games: the sandbox bundles this
 * module into each bot's isolate to decode views there (see ViewCodec in game.ts). The
 * conformance tests check that it lists every game of the registry.
 */
import type { ViewCodec } from './game.ts';
import { view1923Codec } from './nineteen-twenty-three/view-codec.ts';
import { xixViewCodec } from './xix/view-codec.ts';

export const VIEW_CODECS: Readonly<Record<string, ViewCodec<unknown>>> = {
  xix: xixViewCodec as ViewCodec<unknown>,
  '1923': view1923Codec as ViewCodec<unknown>,
};
