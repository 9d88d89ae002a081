/**
 * The tournament page at tables of more than two seats (1923 at 3): the lead names the tables, the
 * standings show each bot's average place, and the cross table says who finished ahead of whom
 * in the games two bots shared (ranks by seat, ties shared: 1923 T13).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { match, upload } from '../../store/test/world.ts';
import { openWebHarness, type WebHarness } from './harness.ts';

let h: WebHarness;
beforeAll(async () => {
  h = await openWebHarness();
});
afterAll(async () => h?.close());

describe('a 1923 tournament at tables of 3', () => {
  it('shows the tables in the lead, average places in the standings, and head to head in the cross table', async () => {
    const bots = [];
    for (const name of ['amy', 'bea', 'cyd']) bots.push(await upload(h.store, 'tabler', name, 'active', '1923'));
    const [a, b, c] = bots as [typeof bots[number], typeof bots[number], typeof bots[number]];
    // stored, not enqueued: these bundles are not real bots; the games are recorded as a worker would
    const { tournament, series: [table] } = await h.store.createTournament({ game: '1923', entrants: bots, dealsPerPairing: 1, seats: 3, createdBy: 'admin' });
    const ranked = (ranks: number[]) => ({ format: 'xix-arena.replay', moves: [], forfeit: null, result: { winner: ranks.indexOf(1), points: ranks.map((r) => 4 - r), reason: 'round-over', ranks } });
    // amy and bea share first, cyd third; then cyd first, amy second, bea third
    await h.store.recordMatch(match(table!, 0, [a, b, c], ranked([1, 1, 3]), { kind: 'tournament', game: '1923' }));
    await h.store.recordMatch(match(table!, 1, [c, a, b], ranked([1, 2, 3]), { kind: 'tournament', game: '1923' }));

    const page = await h.newPage('desktop');
    await page.goto(`/tournaments/${tournament}`);
    const rows = page.locator('section[aria-labelledby="standings-heading"] tbody tr');
    await rows.first().waitFor();
    expect(await page.locator('.lead').textContent()).toContain('1923 round robin of 3 bots at tables of 3 seats: 1 deal per table, each played once per rotation of the entrants round the seats');
    // places: amy (1 + 2) / 2, cyd (3 + 1) / 2, bea (1 + 3) / 2: amy first
    expect(await rows.locator('td[data-column="averagePlace"]').allTextContents()).toEqual(['1.50', '2.00', '2.00']);
    expect(await rows.nth(0).locator('td[data-column="bot"] a').getAttribute('href')).toBe(`/bots/${a.bot}`);
    // amy's row against bea's column: ahead once, level once
    const amyRow = page.locator('.cross-table tbody tr').nth(0);
    const beaColumn = (await rows.locator('td[data-column="bot"] a').evaluateAll((links) => links.map((l) => l.getAttribute('href')))).indexOf(`/bots/${b.bot}`);
    expect(await amyRow.locator('td').nth(beaColumn).locator('.cross-score').textContent()).toBe('1–0–1');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });
});
