/**
 * runSeries's onProgress: the moves of the game in play, from the lease lines the supervisor reads
 * at its watchdog ticks (what the worker streams to live spectators).
 */
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileBot, createSandboxPool, type BotEntry, type GameProgress, type HostGame } from '../src/index.ts';

async function entry(file: string, name: string): Promise<BotEntry> {
  const compiled = await compileBot({ entry: fileURLToPath(new URL(file, import.meta.url)) });
  if (!compiled.ok) throw new Error(compiled.message);
  return { name, code: compiled.code };
}

describe('runSeries onProgress', () => {
  it('reports the moves of each game in play as prefixes of its replay, growing, before its record', async () => {
    const pool = createSandboxPool({ hosts: 1 });
    try {
      const deliberate = await entry('./fixtures/deliberate.ts', 'deliberate');
      const random = await entry('../../../sdk/examples/xix/random.ts', 'random');
      const events: ({ kind: 'progress' } & GameProgress | { kind: 'game'; game: HostGame })[] = [];
      const outcome = await pool.runSeries(
        { game: 'xix', seed: 5, deals: 1, bots: [deliberate, random] },
        (game) => events.push({ kind: 'game', game }),
        (progress) => events.push({ kind: 'progress', ...progress }),
      );
      expect(outcome.ok).toBe(true);
      for (const played of outcome.games) {
        const moves = played.record.replay.moves.map((move) => move.action);
        const delivered = events.findIndex((e) => e.kind === 'game' && e.game.index === played.index);
        const reports = events.flatMap((e, at) => (e.kind === 'progress' && e.game === played.index ? [{ ...e, at }] : []));
        // A game of some forty decisions at several ms each spans many 50 ms ticks.
        expect(reports.filter((r) => r.actions.length > 0).length).toBeGreaterThan(0);
        for (const report of reports) {
          expect(report.at).toBeLessThan(delivered);
          expect(report.actions.map((json) => JSON.parse(json))).toEqual(moves.slice(0, report.actions.length));
          expect(report.actions.length).toBeLessThan(moves.length + 1);
        }
        const counts = reports.map((r) => r.actions.length);
        expect(counts).toEqual([...new Set(counts)].sort((a, b) => a - b));
        expect(new Set(reports.map((r) => r.run)).size).toBe(1);
      }
    } finally {
      await pool.close();
    }
  });
});
