/** @xix/server: the platform's HTTP API (docs/api.md). */
export { buildServer, type ServerOptions } from './server.ts';
export { OneLinePerRequest, processLogger } from './logging.ts';
export { configFromEnv, DEFAULT_CONFIG, ConfigError, type ServerConfig } from './config.ts';
export { registerHouseBots, houseBotName, houseGames, HOUSE, HOUSE_RANDOM, type HouseBot } from './house-bots.ts';
export { enqueueSeries } from './enqueue.ts';
