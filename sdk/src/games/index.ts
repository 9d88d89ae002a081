/**
 * Every game's SDK module (sdk/src/games/<id>/: its bot type, define function, helpers and the
 * engine's types for it), one line a game, in the engine registry's order. Adding a game: a folder
 * and a line here (and the folder's template and house bots: see files.ts).
 */
export * from './xix/index.ts';
export * from './1923/index.ts';
export * from './nineteen/index.ts';
export * from './sixty-nine/index.ts';
// Types and an identity function only: loads nothing of the engine's fixture game (nim/index.ts).
export * from './nim/index.ts';
