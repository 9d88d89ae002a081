/**
 * Issue 8: a dead sandbox host costs only the game in play. Real hosts, real isolates: the bot
 * whose code was running forfeits that game with the verdict its death deserves (R12), its replay
 * holds the moves played up to then and verifies, and the rest of the series (the mirrored twin
 * included) is played on a new host. Memory bombs end as `memory` with the hosts' memory bounded
 * and the supervisor's untouched.
 */
import { verifyReplay } from '@xix/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRssMb } from '../src/host/process-memory.ts';
import { createSandboxPool, type BotEntry, type HostGame, type SandboxLimits, type SandboxPool, type SeriesOutcome } from '../src/index.ts';
import { entry } from './bot-entry.ts';

/** Small time limits keep a stalled host's lease (see lease-writer.ts) short; 256 MiB lets a BigInt stall rather than fail. */
const STALL_LIMITS: Partial<SandboxLimits> = { decisionMs: 20, bankMs: 20, memoryMb: 256, loadMs: 50 };
const MiB = 1024 * 1024;

let pool: SandboxPool;
let random: BotEntry;

/** Bot A (`fixture`) against random over `deals` deals; the games in the order onGame gave them. */
async function series(fixture: string, deals: number, limits?: Partial<SandboxLimits>): Promise<{ outcome: SeriesOutcome; seen: HostGame[] }> {
  const bot = await entry(`./fixtures/${fixture}.ts`, fixture);
  const seen: HostGame[] = [];
  const outcome = await pool.runSeries({ game: 'xix', seed: 21, deals, bots: [bot, random], ...(limits && { limits }) }, (g) => seen.push(g));
  return { outcome, seen };
}

/** Every game of the series arrived, in order, with the seats of a series without crashes. */
function expectComplete({ outcome, seen }: { outcome: SeriesOutcome; seen: HostGame[] }, deals: number): void {
  expect(outcome.ok).toBe(true);
  const indices = Array.from({ length: deals * 2 }, (_, i) => i);
  expect(seen.map((g) => g.index)).toEqual(indices);
  expect(outcome.games.map((g) => g.index)).toEqual(indices);
  expect(outcome.games.map((g) => g.rotation)).toEqual(indices.map((i) => i % 2));
  for (const game of outcome.games) expect(verifyReplay(game.record.replay)).toMatchObject({ ok: true });
}

beforeAll(async () => {
  pool = createSandboxPool({ hosts: 1, graceMs: 200 });
  random = await entry('../../../sdk/examples/xix/random.ts', 'random');
});

afterAll(async () => {
  await pool.close();
});

describe('a host that dies in a bot\'s code', () => {
  it('costs that bot the game in play, recorded up to that move, in every game it does it, and the series ends', async () => {
    const restarts = pool.stats().restarts;
    const result = await series('stall-on-third-move', 2, STALL_LIMITS);
    expectComplete(result, 2);
    for (const game of result.outcome.games) {
      const { replay } = game.record;
      expect(replay.forfeit).toMatchObject({ seat: game.rotation, verdict: 'timeout' });
      expect(replay.forfeit?.message).toMatch(/killed from outside/);
      // Its first two moves are in the replay, the stalled third is the forfeit.
      expect(replay.moves.filter((m) => m.seat === game.rotation)).toHaveLength(2);
      expect(replay.result.winner).toBe(1 - game.rotation);
      expect(replay.seats.map((s) => s.name)).toEqual(game.rotation === 0 ? ['stall-on-third-move', 'random'] : ['random', 'stall-on-third-move']);
    }
    expect(result.outcome.hostDeaths).toEqual([0, 1, 2, 3].map((game) => expect.objectContaining({ game, bot: 0, verdict: 'timeout', forfeited: true })));
    expect(pool.stats().restarts - restarts).toBe(4);
  });

  it('in its end-of-game call leaves the finished game as played, and the series goes on', async () => {
    const result = await series('stall-in-game-end', 1, STALL_LIMITS);
    expectComplete(result, 1);
    expect(result.outcome.games.map((g) => g.record.replay.forfeit)).toEqual([null, null]);
    expect(result.outcome.hostDeaths).toEqual([0, 1].map((game) => expect.objectContaining({ game, bot: 0, verdict: 'timeout', forfeited: false })));
  });
});

describe('a host that dies outside any bot\'s code', () => {
  it('has its game played again on a new host, with nobody charged', async () => {
    expect((await pool.runSeries({ game: 'xix', seed: 3, deals: 1, bots: [random, random] })).ok).toBe(true); // a ready host
    const [pid] = pool.stats().pids;
    const restarts = pool.stats().restarts;
    const pending = pool.runSeries({ game: 'xix', seed: 4, deals: 1, bots: [random, random] });
    // Sent, not yet read by the host: it dies before any lease.
    process.kill(pid!, 'SIGKILL');
    const outcome = await pending;
    expect(outcome).toMatchObject({ ok: true, hostDeaths: [] });
    expect(outcome.games.map((g) => [g.index, g.record.replay.forfeit])).toEqual([
      [0, null],
      [1, null],
    ]);
    expect(pool.stats().restarts - restarts).toBe(1);
  });
});

describe('a Ctrl-C in the terminal (SIGINT to the whole process group)', () => {
  it('does not kill a host: its series plays on and no bot is charged (its supervisor ends it)', async () => {
    expect((await pool.runSeries({ game: 'xix', seed: 5, deals: 1, bots: [random, random] })).ok).toBe(true); // a ready host
    const [pid] = pool.stats().pids;
    const restarts = pool.stats().restarts;
    const pending = pool.runSeries({ game: 'xix', seed: 6, deals: 200, bots: [random, random] });
    process.kill(pid!, 'SIGINT');
    const outcome = await pending;
    expect(outcome).toMatchObject({ ok: true, hostDeaths: [] });
    expect(outcome.games.filter((g) => g.record.replay.forfeit !== null)).toEqual([]);
    expect(pool.stats().restarts - restarts).toBe(0);
    expect(pool.stats().pids).toContain(pid);
  });
});

describe('memory bombs of issue 8, under the default limits', () => {
  it.each(['bomb-map-cache', 'bomb-array-of-arrays', 'bomb-fill-2-28'])('%s: memory, every game played, hosts bounded, the supervisor untouched', async (fixture) => {
    const supervisorBefore = process.memoryUsage().rss / MiB;
    let hostPeakMb = 0;
    const sampler = setInterval(() => {
      for (const pid of pool.stats().pids) hostPeakMb = Math.max(hostPeakMb, readRssMb(pid) ?? 0);
    }, 20);
    const result = await series(fixture, 1).finally(() => clearInterval(sampler));
    expectComplete(result, 1);
    for (const game of result.outcome.games) expect(game.record.replay.forfeit).toMatchObject({ seat: game.rotation, verdict: 'memory' });
    for (const death of result.outcome.hostDeaths) expect(death).toMatchObject({ bot: 0, verdict: 'memory', forfeited: true });
    // The RSS watchdog kills a host 8 × 64 MiB over its start; sampling every 20 ms may see a little more.
    expect(hostPeakMb).toBeGreaterThan(0);
    expect(hostPeakMb).toBeLessThan(1024);
    expect(process.memoryUsage().rss / MiB - supervisorBefore).toBeLessThan(64);
  });
});
