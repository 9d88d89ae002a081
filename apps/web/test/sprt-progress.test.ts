/**
 * The bot page follows a running version test (issue 21): its line says the LLR between its bounds
 * and a bar shows how far it has gone, and both move as chunks of games are counted, without a
 * reload. The test's state is written through the store as a worker would (a chunk's games stored,
 * its series done, the chunk folded in).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeReplay, match, upload } from '../../store/test/world.ts';
import { openPagesHarness, type PagesHarness } from './harness.ts';

let h: PagesHarness;
beforeAll(async () => {
  h = await openPagesHarness();
});
afterAll(async () => h?.close());

describe('a running version test on the bot page', () => {
  it('shows its progress and follows it as games are counted', async () => {
    const old = await upload(h.store, 'kira', 'racer');
    const fresh = await upload(h.store, 'kira', 'racer');
    const settings = { elo0: 0, elo1: 10, alpha: 0.05, beta: 0.05, maxGames: 20_000, chunkDeals: 2 };
    await h.store.startSprt({ bot: fresh.bot, version: fresh.version, base: old.version, game: 'xix', seats: 2, options: {}, field: [], seed: 1, settings });
    const [chunk] = (await h.store.advanceSprt(fresh.bot, fresh.version)).enqueue;

    const page = await h.newPage('desktop');
    await page.goto(`/bots/${fresh.bot}`);
    const line = page.getByTestId('sprt-v2');
    await line.waitFor();
    expect(await line.getAttribute('data-status')).toBe('running');
    expect(await line.locator('.sprt-line').textContent()).toBe('v2 vs v1: no games yet, testing: LLR 0.00 between -2.94 (not better by +10 Elo) and 2.94 (better), after 0 games');
    expect(await line.locator('progress').getAttribute('value')).toBe('0.5');
    expect(await h.accessibilityViolations(page)).toEqual([]);

    // a worker plays the chunk (2 deals from both seats, the new version wins all 4 games) and folds it in
    for (let i = 0; i < 4; i++) {
      const seats = i % 2 === 0 ? [fresh, old] : [old, fresh];
      await h.store.recordMatch(match(chunk!, i, seats, fakeReplay(i % 2), { kind: 'sprt', rated: false }));
    }
    await h.store.setSeriesStatus(chunk!, 'done');
    await h.store.advanceSprt(fresh.bot, fresh.version);
    const test = (await h.store.getSprt(fresh.bot, fresh.version))!;
    expect(test).toMatchObject({ status: 'running', games: 4, counts: [0, 0, 0, 0, 2] });
    await expect.poll(() => line.locator('.sprt-line').textContent(), { timeout: 20_000 }) // the page reads it again every 5 s (bot.ts SPRT_REFRESH_MS)
      .toBe(`v2 vs v1: won every game, testing: LLR ${test.llr.toFixed(2)} between -2.94 (not better by +10 Elo) and 2.94 (better), after 4 games`);
    expect(Number(await line.locator('progress').getAttribute('value'))).toBeGreaterThan(0.5);
    expect(h.pageErrors(page)).toEqual([]);
    await h.screenshot(page, 'bot-sprt-running');
  });
});
