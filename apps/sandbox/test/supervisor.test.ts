/**
 * The supervisor's own duties: a host that dies in a bot's code costs only the game in play, the
 * dead host is replaced and serves the rest of the series and the next one, bad jobs are refused,
 * and closing settles what is pending. (More host deaths: host-death.test.ts.)
 */
import { fileURLToPath } from 'node:url';
import { verifyReplay } from '@xix/engine';
import { describe, expect, it } from 'vitest';
import { compileBot, createSandboxPool, type BotEntry } from '../src/index.ts';

async function entry(file: string, name: string): Promise<BotEntry> {
  const compiled = await compileBot({ entry: fileURLToPath(new URL(file, import.meta.url)) });
  if (!compiled.ok) throw new Error(compiled.message);
  return { name, code: compiled.code };
}

describe('createSandboxPool', () => {
  it('turns the game of a host killed in a bot\'s code into its forfeit, plays the rest on a new host, and the pool goes on', async () => {
    const pool = createSandboxPool({ hosts: 1, graceMs: 200 });
    try {
      const staller = await entry('./fixtures/stall-in-second-game.ts', 'staller');
      const random = await entry('../../../sdk/examples/xix/random.ts', 'random');
      const seen: number[] = [];
      // A short load allowance keeps the host's lease (see lease-writer.ts) well under the stall.
      const limits = { decisionMs: 20, bankMs: 20, memoryMb: 256, loadMs: 50 };
      const outcome = await pool.runSeries({ game: 'xix', seed: 3, deals: 2, bots: [random, staller], limits }, (g) => seen.push(g.index));
      expect(outcome.ok).toBe(true);
      expect(seen).toEqual([0, 1, 2, 3]);
      expect(outcome.games.map((g) => g.rotation)).toEqual([0, 1, 0, 1]);
      // The staller (B) stalls in seat 0, which it holds in the mirrored games (A in seat 1).
      expect(outcome.games.map((g) => g.record.replay.forfeit?.verdict ?? null)).toEqual([null, 'timeout', null, 'timeout']);
      expect(outcome.games[1]!.record.replay.forfeit?.seat).toBe(0);
      for (const game of outcome.games) expect(verifyReplay(game.record.replay).ok).toBe(true);
      expect(outcome.hostDeaths).toMatchObject([
        { game: 1, bot: 1, verdict: 'timeout', forfeited: true },
        { game: 3, bot: 1, verdict: 'timeout', forfeited: true },
      ]);
      expect(pool.stats().restarts).toBe(2);

      const next = await pool.runSeries({ game: 'xix', seed: 3, deals: 1, bots: [random, random], limits });
      expect(next).toMatchObject({ ok: true, hostDeaths: [] });
      expect(next.games.map((g) => g.record.replay.forfeit)).toEqual([null, null]);
    } finally {
      await pool.close();
    }
  });

  it('refuses malformed jobs with a clear message', async () => {
    const pool = createSandboxPool({ hosts: 1 });
    try {
      const bots = [
        { name: 'a', code: 'x' },
        { name: 'b', code: 'x' },
      ] as const;
      expect(() => pool.runSeries({ game: 'xix', seed: -1, deals: 1, bots })).toThrow('job.seed must be a non-negative safe integer, got -1');
      expect(() => pool.runSeries({ game: 'xix', seed: 1, deals: 0, bots })).toThrow('job.deals must be a positive integer, got 0');
      expect(() => pool.runSeries({ game: 'xix', seed: 1, deals: 1, bots: [bots[0]] as never })).toThrow('job.bots must be at least two { name, code } with compiled code');
      expect(() => pool.runSeries({ game: 'xix', seed: 1, deals: 1, bots, limits: { decisionMs: 0 } })).toThrow('sandbox limit decisionMs');
      const unknown = await pool.runSeries({ game: 'chess', seed: 1, deals: 1, bots });
      expect(unknown).toMatchObject({ ok: false, error: 'unknown game "chess"', games: [] });
    } finally {
      await pool.close();
    }
  });

  it('settles pending series when closed', async () => {
    const pool = createSandboxPool({ hosts: 1 });
    const random = await entry('../../../sdk/examples/xix/random.ts', 'random');
    const pending = pool.runSeries({ game: 'xix', seed: 1, deals: 50, bots: [random, random] });
    await pool.close();
    expect(await pending).toMatchObject({ ok: false, error: 'the sandbox pool was closed' });
    await expect(pool.runSeries({ game: 'xix', seed: 1, deals: 1, bots: [random, random] })).rejects.toThrow('the sandbox pool is closed');
  });
  it('kills a host that is not ready in time, and gives up after repeated failed starts', async () => {
    // 1 ms is too short for any host to start: every one is killed as hung before ready.
    const pool = createSandboxPool({ hosts: 1, startupMs: 1 });
    try {
      const random = await entry('../../../sdk/examples/xix/random.ts', 'random');
      const outcome = await pool.runSeries({ game: 'xix', seed: 1, deals: 1, bots: [random, random] }).catch((error: Error) => error);
      const message = outcome instanceof Error ? outcome.message : outcome.ok ? 'ok' : outcome.error;
      expect(message).toMatch(/fail to start/);
      expect(pool.stats().restarts).toBeGreaterThanOrEqual(1);
    } finally {
      await pool.close();
    }
  });
});
