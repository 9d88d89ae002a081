/** The worker's environment: defaults, and a clear error naming a wrong variable. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { workerConfig } from '../src/config.ts';

describe('workerConfig', () => {
  it('has the platform defaults', () => {
    expect(workerConfig({})).toEqual({
      redisUrl: 'redis://127.0.0.1:6379',
      prefix: 'xix',
      concurrency: 1,
      logLevel: 'info',
      handBackAfterMs: 8000,
      lockDuration: 60_000,
      stalledInterval: 30_000,
      dataDir: path.resolve('data'),
      storage: { retentionDays: 30, intervalMs: 3_600_000 },
      ladder: { enabled: false, intervalMs: 5_000, backlog: 4, quietMs: 600_000, settledElo: 30 },
      sprt: { enabled: true, intervalMs: 10_000, settings: { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 20_000, chunkDeals: 50 } },
    });
  });

  it('reads the background SPRT settings (issue 21)', () => {
    const config = workerConfig({ XIX_SPRT: 'off', XIX_SPRT_ELO0: '-10', XIX_SPRT_ELO1: '2.5', XIX_SPRT_MAX_GAMES: '400', XIX_SPRT_CHUNK_DEALS: '5', XIX_SPRT_INTERVAL_MS: '100' });
    expect(config.sprt).toEqual({ enabled: false, intervalMs: 100, settings: { elo0: -10, elo1: 2.5, alpha: 0.05, beta: 0.05, maxGames: 400, chunkDeals: 5 } });
    expect(() => workerConfig({ XIX_SPRT_ELO0: '20' })).toThrow('XIX_SPRT_ELO0 (20) must be below XIX_SPRT_ELO1 (10)');
    expect(() => workerConfig({ XIX_SPRT_ELO1: 'ten' })).toThrow('XIX_SPRT_ELO1 must be a number of Elo from -1000 to 1000, got "ten"');
    // the same range as `xix play --sprt` and the store's check (SPRT_ELO_LIMIT)
    expect(() => workerConfig({ XIX_SPRT_ELO1: '1500' })).toThrow('XIX_SPRT_ELO1 must be a number of Elo from -1000 to 1000, got "1500"');
    expect(() => workerConfig({ XIX_SPRT_MAX_GAMES: '1' })).toThrow('XIX_SPRT_MAX_GAMES must be a whole number from 2 to 10000000, got "1"');
  });

  it('reads the data directory and the retention of replays (issue 24)', () => {
    expect(workerConfig({ XIX_DATA_DIR: '/srv/xix', XIX_REPLAY_RETENTION_DAYS: '7', XIX_STORAGE_INTERVAL_MS: '60000' })).toMatchObject({ dataDir: '/srv/xix', storage: { retentionDays: 7, intervalMs: 60_000 } });
    expect(() => workerConfig({ XIX_REPLAY_RETENTION_DAYS: '0' })).toThrow('XIX_REPLAY_RETENTION_DAYS must be a whole number from 1 to 36500, got "0"');
  });

  it('reads the variables it is given', () => {
    const config = workerConfig({ REDIS_URL: 'redis://redis:6379', XIX_PREFIX: 'arena', WORKER_CONCURRENCY: '4', LOG_LEVEL: 'debug', XIX_LOCK_DURATION_MS: '1000' });
    expect(config).toMatchObject({ redisUrl: 'redis://redis:6379', prefix: 'arena', concurrency: 4, logLevel: 'debug', lockDuration: 1000 });
  });

  it('names the variable that is wrong', () => {
    expect(() => workerConfig({ WORKER_CONCURRENCY: '0' })).toThrow('WORKER_CONCURRENCY must be a whole number from 1 to 64, got "0"');
    expect(() => workerConfig({ WORKER_CONCURRENCY: '2.5' })).toThrow('WORKER_CONCURRENCY must be a whole number');
    expect(() => workerConfig({ REDIS_URL: 'localhost:6379' })).toThrow('REDIS_URL must be a redis:// or rediss:// URL, got "localhost:6379"');
    expect(() => workerConfig({ REDIS_URL: 'http://:s3cret@redis:6379' })).toThrow('REDIS_URL must be a redis:// or rediss:// URL, got "http://:***@redis:6379"');
    expect(() => workerConfig({ XIX_PREFIX: 'a:b' })).toThrow(`XIX_PREFIX must be 1–64 letters, digits, '_' or '-', got "a:b"`);
    expect(() => workerConfig({ LOG_LEVEL: 'loud' })).toThrow('LOG_LEVEL must be one of');
    expect(() => workerConfig({ XIX_STALLED_INTERVAL_MS: 'soon' })).toThrow('XIX_STALLED_INTERVAL_MS must be a whole number');
  });
});
