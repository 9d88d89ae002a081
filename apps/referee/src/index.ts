export type { Decision, Player, PlayerFailure } from './player.ts';
export { playMatch, type BotLog, type MatchOptions, type MatchRecord } from './match.ts';
export { trustedPlayer, type TrustedPlayerOptions } from './trusted-player.ts';
export { LOCAL_BOT_SEED_KEY, botSeed } from './bot-seed.ts';
export { playSeries, type SeriesGame, type SeriesOptions, type SeriesSummary } from './series.ts';
export { wilsonInterval, Z95, type Interval } from './wilson.ts';
export { MAX_LOG_CHARS } from './console-capture.ts';
