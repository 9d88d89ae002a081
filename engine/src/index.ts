export * from './game.ts';
export { assertSeed, createRandom, shuffled, type Random } from './random.ts';
export * from './replay.ts';
export { decidedBy, parseStoredLog, storedLog } from './stored-log.ts';
export { GAMES, findGame } from './registry.ts';
export * from './xix/index.ts';
export * from './nineteen-twenty-three/index.ts';
export { competitionRanks } from './ranking.ts';
