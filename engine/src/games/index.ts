/** Each game's exports (its `Game` and the types its SDK module builds on), one line a game. */
export * from './xix/index.ts';
export * from './1923/index.ts';
