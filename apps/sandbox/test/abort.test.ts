/**
 * runSeries's AbortSignal (a cancelled tournament stops its series): the series fails at once with
 * the games delivered so far, no game is delivered after the abort, a series still queued leaves
 * the queue, and the pool serves the next series on a replaced host.
 */
import { fileURLToPath } from 'node:url';
import { expect, it } from 'vitest';
import { compileBot, createSandboxPool, type BotEntry } from '../src/index.ts';

async function entry(file: string, name: string): Promise<BotEntry> {
  const compiled = await compileBot({ entry: fileURLToPath(new URL(file, import.meta.url)) });
  if (!compiled.ok) throw new Error(compiled.message);
  return { name, code: compiled.code };
}

it('stops a running series and a queued one; the pool goes on', async () => {
  const pool = createSandboxPool({ hosts: 1 });
  try {
    const slow = await entry('./fixtures/deliberate.ts', 'deliberate');
    const random = await entry('../../../sdk/examples/xix/random.ts', 'random');
    const stop = new AbortController();
    const delivered: number[] = [];
    const running = pool.runSeries({ game: 'xix', seed: 5, deals: 50, bots: [slow, random] }, (game) => {
      delivered.push(game.index);
      if (game.index === 1) stop.abort();
    }, undefined, { signal: stop.signal });
    // behind it on the one host: stopped before it starts
    const never = new AbortController();
    const queued = pool.runSeries({ game: 'xix', seed: 6, deals: 1, bots: [random, random] }, undefined, undefined, { signal: never.signal });
    const outcome = await running;
    expect(outcome).toMatchObject({ ok: false, error: 'the series was stopped by its caller' });
    expect(outcome.games.map((g) => g.index)).toEqual([0, 1]);
    never.abort();
    expect(await queued).toMatchObject({ ok: false, games: [] });
    expect(delivered).toEqual([0, 1]);

    const aborted = AbortSignal.abort();
    expect(await pool.runSeries({ game: 'xix', seed: 7, deals: 1, bots: [random, random] }, undefined, undefined, { signal: aborted })).toMatchObject({ ok: false, games: [] });
    const next = await pool.runSeries({ game: 'xix', seed: 8, deals: 1, bots: [random, random] });
    expect(next).toMatchObject({ ok: true });
    expect(next.games).toHaveLength(2);
    expect(pool.stats().restarts).toBe(1);
  } finally {
    await pool.close();
  }
});
