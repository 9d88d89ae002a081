import { describe, expect, it } from 'vitest';
import { DEFAULT_MAX_SOURCE_BYTES } from '@xix/sandbox/compile';
import { ConfigError, DEFAULT_CONFIG, MAX_SETTING_MS, UPLOAD_BODY_LIMIT, configFromEnv } from '../src/config.ts';

/** Node's timers hold at most 2^31 - 1 ms; a longer delay fires after 1 ms (TimeoutOverflowWarning). */
const MAX_TIMER_MS = 2 ** 31 - 1;
/** The server's ms settings; each allows 0 but the heartbeat (at least a second). */
const MS_SETTINGS = ['XIX_LEADERBOARD_CACHE_MS', 'XIX_WS_HEARTBEAT_MS', 'XIX_CLOSE_GRACE_MS', 'XIX_BROADCAST_PACE_MS', 'XIX_BROADCAST_PAUSE_MS'];

describe('configFromEnv', () => {
  it('paces the broadcast by each game unless XIX_BROADCAST_PACE_MS says (0: as soon as known); the featured channels run unless XIX_FEATURED_ALWAYS_ON is off; a closing server waits 10 s for requests in flight unless XIX_CLOSE_GRACE_MS says', () => {
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
    expect(() => configFromEnv({ XIX_WS_HEARTBEAT_MS: '500' })).toThrow('XIX_WS_HEARTBEAT_MS must be a whole number from 1000 to 3600000, got "500"');
    expect(() => configFromEnv({ XIX_WS_HEARTBEAT_MS: 'often' })).toThrow(ConfigError);
  });

  it('reads XIX_FEATURED_ALWAYS_ON as the worker reads its switches: on/off, true/false, 1/0; anything else is refused, naming it', () => {
    for (const text of ['off', 'OFF', 'false', '0']) expect(configFromEnv({ XIX_FEATURED_ALWAYS_ON: text }).featuredAlwaysOn, text).toBe(false);
    for (const text of ['on', 'true', '1', '']) expect(configFromEnv({ XIX_FEATURED_ALWAYS_ON: text }).featuredAlwaysOn, text).toBe(true);
    for (const text of ['no', 'abc']) {
      expect(() => configFromEnv({ XIX_FEATURED_ALWAYS_ON: text }), text).toThrow(new ConfigError(`XIX_FEATURED_ALWAYS_ON must be on or off, got "${text}"`));
    }
  });

  it('refuses a delay longer than a timer can wait (it would fire after 1 ms: no grace, no pace, no pause)', () => {
    expect(MAX_SETTING_MS).toBeLessThanOrEqual(MAX_TIMER_MS);
    for (const name of MS_SETTINGS) {
      expect(configFromEnv({ [name]: String(MAX_SETTING_MS) })).toBeDefined();
      for (const text of [String(MAX_SETTING_MS + 1), String(MAX_TIMER_MS + 1), '99999999999']) {
        expect(() => configFromEnv({ [name]: text }), `${name}=${text}`).toThrow(new RegExp(`^${name} must be a whole number from \\d+ to ${MAX_SETTING_MS}, got "${text}"$`));
      }
    }
  });

  it('reads whole numbers as digits only, as the worker does: 0x10, 1e3, " 5 ", 5.0 and -5 are refused', () => {
    for (const name of [...MS_SETTINGS, 'PORT', 'BODY_LIMIT', 'UPLOAD_RATE', 'XIX_VALIDATION_DEALS']) {
      for (const text of ['0x10', '1e3', ' 5 ', '5.0', '-5', '+5']) expect(() => configFromEnv({ [name]: text }), `${name}=${text}`).toThrow(ConfigError);
    }
  });

  it('says that 0 is allowed when it refuses a negative delay', () => {
    expect(() => configFromEnv({ XIX_BROADCAST_PAUSE_MS: '-5' })).toThrow(`XIX_BROADCAST_PAUSE_MS must be a whole number from 0 to ${MAX_SETTING_MS}, got "-5"`);
    expect(() => configFromEnv({ PORT: '0' })).toThrow('PORT must be a whole number from 1 to 65535, got "0"');
  });

  it('takes a body limit with room for the largest source as JSON (twice it, each \\n being two bytes, and 64 KiB more) unless BODY_LIMIT says', () => {
    expect(DEFAULT_CONFIG.bodyLimit).toBe(UPLOAD_BODY_LIMIT);
    expect(UPLOAD_BODY_LIMIT).toBe(2 * DEFAULT_MAX_SOURCE_BYTES + 64 * 1024);
    expect(configFromEnv({}).bodyLimit).toBe(UPLOAD_BODY_LIMIT);
    expect(configFromEnv({ BODY_LIMIT: '4096' }).bodyLimit).toBe(4096);
  });
});
