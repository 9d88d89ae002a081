import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_CONFIG, configFromEnv } from '../src/config.ts';

describe('configFromEnv', () => {
  it('paces the broadcast by each game unless XIX_BROADCAST_PACE_MS says (0: as soon as known); the featured channels run unless XIX_FEATURED_ALWAYS_ON=0; a closing server waits 10 s for requests in flight unless XIX_CLOSE_GRACE_MS says', () => {
    expect(configFromEnv({}).broadcastPaceMs).toBeNull();
    expect(configFromEnv({ XIX_BROADCAST_PACE_MS: '250' }).broadcastPaceMs).toBe(250);
    expect(configFromEnv({ XIX_BROADCAST_PACE_MS: '0' }).broadcastPaceMs).toBe(0);
    expect(() => configFromEnv({ XIX_BROADCAST_PACE_MS: 'slow' })).toThrow(/XIX_BROADCAST_PACE_MS must be/);
    expect(configFromEnv({}).broadcastPauseMs).toBe(4000);
    expect(configFromEnv({ XIX_BROADCAST_PAUSE_MS: '0' }).broadcastPauseMs).toBe(0);
    expect(configFromEnv({}).closeGraceMs).toBe(10_000);
    expect(configFromEnv({ XIX_CLOSE_GRACE_MS: '500' }).closeGraceMs).toBe(500);
    expect(() => configFromEnv({ XIX_CLOSE_GRACE_MS: '-1' })).toThrow(/XIX_CLOSE_GRACE_MS must be/);
    expect(configFromEnv({}).featuredAlwaysOn).toBe(true);
    expect(configFromEnv({ XIX_FEATURED_ALWAYS_ON: '0' }).featuredAlwaysOn).toBe(false);
  });

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
