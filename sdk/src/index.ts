/**
 * @xix/sdk: everything a bot needs, and nothing else to import. The generic part (the bot's shape,
 * the clock, seeded randomness), then each game's module (games/index.ts: `defineXixBot`,
 * `defineNineteenTwentyThreeBot`, ... with their helpers and types). Bundled with the bot by
 * esbuild, so the engine values re-exported here travel with it.
 */
export type { AnyBot, Bot, GameStartInfo } from './bot.ts';
export { botRandom, pick } from './random.ts';
export { clock, DEFAULT_TIME_LIMITS, CLOCK_SOURCE_KEY, type BotClock, type ClockCall, type ClockSource } from './clock.ts';
export { createRandom, shuffled, type Random, type Seat, type GameResult } from '@xix/engine';

export * from './games/index.ts';
