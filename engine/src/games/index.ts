/** Each game's exports (its `Game` and the types its SDK module builds on), one line a game. */
export * from './xix/index.ts';
export * from './1923/index.ts';
export * from './nineteen/index.ts';
export * from './sixty-nine/index.ts';
// The fixture game's types only (nothing of it loads without the test-only switch: registry.ts).
export type { NimAction, NimPublicView, NimSeatView, NimSpectatorView } from './nim/index.ts';
