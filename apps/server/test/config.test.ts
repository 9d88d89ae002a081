import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG, configFromEnv } from '../src/config.ts';

describe('configFromEnv', () => {
  it('keeps a leaderboard for a second by default; XIX_LEADERBOARD_CACHE_MS changes it, 0 turns it off', () => {
    expect(configFromEnv({}).leaderboardCacheMs).toBe(DEFAULT_CONFIG.leaderboardCacheMs);
    expect(DEFAULT_CONFIG.leaderboardCacheMs).toBe(1000);
    expect(configFromEnv({ XIX_LEADERBOARD_CACHE_MS: '250' }).leaderboardCacheMs).toBe(250);
    expect(configFromEnv({ XIX_LEADERBOARD_CACHE_MS: '0' }).leaderboardCacheMs).toBe(0);
    expect(() => configFromEnv({ XIX_LEADERBOARD_CACHE_MS: '-5' })).toThrow(ConfigError);
    expect(() => configFromEnv({ XIX_LEADERBOARD_CACHE_MS: 'soon' })).toThrow(/XIX_LEADERBOARD_CACHE_MS must be/);
  });

  it('pings each websocket every 30 s by default; XIX_WS_HEARTBEAT_MS changes it, at least a second', () => {
    expect(configFromEnv({}).heartbeatMs).toBe(30_000);
    expect(configFromEnv({ XIX_WS_HEARTBEAT_MS: '5000' }).heartbeatMs).toBe(5000);
    expect(() => configFromEnv({ XIX_WS_HEARTBEAT_MS: '500' })).toThrow(/XIX_WS_HEARTBEAT_MS must be at least 1000/);
    expect(() => configFromEnv({ XIX_WS_HEARTBEAT_MS: 'often' })).toThrow(ConfigError);
  });
});
