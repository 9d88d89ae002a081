/**
 * The browsing pages in Chromium against a real server with real games: the leaderboard (rows as
 * the API has them, sorting), a bot page, the tournaments and a tournament, and the live games.
 * Each page is also saved as a screenshot at laptop and phone sizes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { MATCH_ID } from '@xix/store';
import { fakeReplay, match, upload } from '../../store/test/world.ts';
import { openWebHarness, type ViewportName, type WebHarness } from './harness.ts';

interface Row {
  bot: string;
  name: string;
  owner: string;
  elo: number | null;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  forfeits: number;
}

let h: WebHarness;
beforeAll(async () => {
  h = await openWebHarness();
});
afterAll(async () => h?.close());

const SIZES: readonly ViewportName[] = ['desktop', 'phone'];

/** The leaderboard's rows as shown: bot link, Elo and record cells. */
async function shownRows(page: Page): Promise<{ href: string | null; name: string; elo: string; games: string; wins: string; losses: string; draws: string; forfeits: string }[]> {
  return page.locator('tbody tr').evaluateAll((rows) => rows.map((row) => {
    const cell = (key: string): string => (row.querySelector(`td[data-column="${key}"]`)?.textContent ?? '').trim();
    const anchor = row.querySelector('td[data-column="bot"] a');
    return {
      href: anchor?.getAttribute('href') ?? null, name: anchor?.textContent ?? '',
      elo: cell('elo').replace('provisional', '').trim(), games: cell('games'), wins: cell('wins'), losses: cell('losses'), draws: cell('draws'), forfeits: cell('forfeits'),
    };
  }));
}

describe('leaderboard', () => {
  it('shows every row of the API with its record, Elo and interval bar, and sorts by a column', async () => {
    const { rows } = await h.api<{ rows: Row[] }>('/api/leaderboard/xix');
    expect(rows.length).toBe(3); // the seed tournament's three bots
    const page = await h.newPage('desktop');
    await page.goto('/leaderboard/xix');
    expect(await page.title()).toBe('Leaderboard: XIX · XIX Arena');
    await expect.poll(async () => (await shownRows(page)).length).toBe(rows.length);

    const expected = rows.map((row) => ({
      href: `/bots/${row.bot}`, name: row.name, elo: String(Math.round(row.elo ?? Number.NaN)),
      games: String(row.games), wins: String(row.wins), losses: String(row.losses), draws: String(row.draws), forfeits: String(row.forfeits),
    }));
    // a rating board: best Elo first (the seed tournament rated every bot)
    expect(rows.every((row) => row.elo !== null)).toBe(true);
    const byElo = rows.map((row, i) => ({ row, shown: expected[i]! })).sort((a, b) => b.row.elo! - a.row.elo!).map(({ shown }) => shown);
    expect(await shownRows(page)).toEqual(byElo);
    expect(await page.locator('th[data-column="elo"]').getAttribute('aria-sort')).toBe('descending');
    // one interval bar per rated bot, all on one scale: each range lies within the bar
    expect(await page.locator('td[data-column="bt"] .bt-range').count()).toBe(rows.length);

    await page.getByRole('button', { name: 'Elo', exact: true }).click();
    expect((await shownRows(page)).map((row) => row.name)).toEqual([...byElo].reverse().map((row) => row.name));
    expect(await page.locator('th[data-column="elo"]').getAttribute('aria-sort')).toBe('ascending');
    await page.getByRole('button', { name: 'Games', exact: true }).click();
    const byGames = rows.map((row, i) => ({ row, shown: expected[i]! })).sort((a, b) => b.row.games - a.row.games).map(({ shown }) => shown.name);
    expect(await page.locator('th[data-column="games"]').getAttribute('aria-sort')).toBe('descending');
    expect((await shownRows(page)).map((row) => row.name)).toEqual(byGames); // ties keep the API's order

    // live: more rated games, and the lobby's ratings event, and the board shows them without a reload
    const [heuristic] = rows.filter((row) => row.bot === h.seeded.house.heuristic);
    const { tournament } = await h.post<{ tournament: string }>('/api/tournaments', { game: 'xix', bots: [h.seeded.house.random, h.seeded.house.heuristic], dealsPerPairing: 1 });
    await expect.poll(async () => (await h.store.getTournament(tournament))?.status, { timeout: 30_000 }).toBe('done');
    await h.store.publishLobby({ type: 'ratings', game: 'xix', changes: [] });
    const heuristicGames = page.locator(`tr:has(a[href="/bots/${heuristic!.bot}"]) td[data-column="games"]`);
    await expect.poll(() => heuristicGames.textContent(), { timeout: 10_000 }).toBe(String(heuristic!.games + 2));

    // a click on a bot opens its page without reloading
    await page.getByRole('link', { name: rows[0]!.name }).click();
    await page.waitForURL(`**/bots/${rows[0]!.bot}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(rows[0]!.name);
    expect(await page.title()).toBe(`Bot ${rows[0]!.bot} · XIX Arena`);
    expect(await page.evaluate<string | undefined>('document.activeElement?.id')).toBe('main'); // keyboards start at the new page
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('offers each variant of a game with several (nim: heads-up, multi), names it in the URL, and finds and pages bots', async () => {
    // seeded in the store: 51 nim bots at three-seat tables (the multi board), two of them heads-up too
    const bots = [];
    for (let i = 0; i < 51; i++) bots.push(await upload(h.store, `owner${i % 5}`, `nimbot${String(i).padStart(2, '0')}`, 'active', 'nim'));
    const multi = await h.store.createSeries({ game: 'nim', kind: 'challenge', rated: true, entrants: bots.slice(0, 3), seats: 3, deals: 17, seed: 1, requestedBy: 'admin' });
    for (let table = 0; table < 17; table++) {
      const seats = bots.slice(table * 3, table * 3 + 3);
      await h.store.recordMatch(match(multi, table, seats, { moves: [], forfeit: null, result: { winner: 0, points: [1, 0, 0], reason: 'took-last', ranks: [1, 2, 3] } }, { game: 'nim', variant: 'multi' }));
    }
    const headsUp = await h.store.createSeries({ game: 'nim', kind: 'challenge', rated: true, entrants: bots.slice(0, 2), deals: 1, seed: 2, requestedBy: 'admin' });
    await h.store.recordMatch(match(headsUp, 0, bots.slice(0, 2), fakeReplay(1), { game: 'nim', variant: 'heads-up' }));

    const page = await h.newPage('desktop');
    await page.goto('/leaderboard/nim');
    const variants = page.getByRole('navigation', { name: 'Variants' });
    await expect.poll(() => variants.getByRole('link').allTextContents()).toEqual(['heads-up', 'multi']);
    expect(await variants.locator('[aria-current="page"]').textContent()).toBe('heads-up'); // the main variant
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Leaderboard: nim (heads-up)');
    await expect.poll(() => page.locator('tbody tr').count()).toBe(2);

    await variants.getByRole('link', { name: 'multi' }).click();
    await page.waitForURL('**/leaderboard/nim/multi');
    const shown = page.getByTestId('rows-shown');
    await expect.poll(() => shown.textContent()).toBe('Bots 1–50 of 51');
    expect(await page.locator('tbody tr').count()).toBe(50);
    expect(await page.title()).toBe('Leaderboard: nim (multi) · XIX Arena');
    await page.getByRole('button', { name: 'Next →' }).click();
    await expect.poll(() => shown.textContent()).toBe('Bots 51–51 of 51');
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(new URL(page.url()).search).toBe('?page=2');
    await h.screenshot(page, 'leaderboard-nim-page-2');
    expect(await h.accessibilityViolations(page)).toEqual([]);

    // a search finds bots by name or owner, from the first page
    await page.getByLabel('Find a bot or owner').fill('nimbot07');
    await expect.poll(() => shown.textContent()).toBe('Bots 1–1 of 1 matching “nimbot07”');
    expect(await page.locator('tbody td[data-column="bot"] a').first().textContent()).toBe('nimbot07');
    expect(new URL(page.url()).search).toBe('?q=nimbot07');
    await page.getByLabel('Find a bot or owner').fill('owner3');
    await expect.poll(() => shown.textContent()).toBe('Bots 1–10 of 10 matching “owner3”');
    // the URL says it all: a reload shows the same
    await page.reload();
    await expect.poll(() => shown.textContent()).toBe('Bots 1–10 of 10 matching “owner3”');
    expect(await page.getByLabel('Find a bot or owner').inputValue()).toBe('owner3');
    await page.getByLabel('Find a bot or owner').fill('nobody-at-all');
    await expect.poll(() => shown.textContent()).toBe('No bot or owner matches “nobody-at-all”.');
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();

    const phone = await h.newPage('phone');
    await phone.goto('/leaderboard/nim/multi');
    await phone.locator('tbody tr').first().waitFor();
    // on a phone the board sorts by a menu (its headers are hidden): by name, A to Z
    await phone.getByLabel('Sort by').selectOption('bot');
    await expect.poll(() => phone.locator('tbody td[data-column="bot"] a').first().textContent()).toBe('nimbot00');
    await h.expectCleanPage(phone, 'leaderboard-nim');
    await phone.close();
  });

  it.each(SIZES)('screenshot at %s size', async (size) => {
    const page = await h.newPage(size);
    await page.goto('/leaderboard/xix');
    await page.locator('tbody tr').first().waitFor();
    await h.screenshot(page, 'leaderboard');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    // the page never scrolls sideways, and every cell of the board is on the screen unscrolled (a
    // phone shows each row as a card: W/L/D and the win rate were off-screen in a table)
    expect(await h.overflowsSideways(page)).toBe(false);
    const width = (await page.viewportSize())!.width;
    const cells = await page.locator('tbody td').all();
    expect(cells.length).toBe(3 * 9);
    for (const cell of cells) {
      const shown = (await cell.boundingBox())!;
      expect(shown.x + shown.width, `${await cell.getAttribute('data-column')} at ${size}`).toBeLessThanOrEqual(width);
    }
    // each Bradley–Terry rating with its interval's numbers, as the API has them
    const { rows } = await h.api<{ rows: { bot: string; bt: { low: number; high: number } | null }[] }>('/api/leaderboard/xix');
    for (const row of rows) {
      const interval = page.locator(`tr:has(a[href="/bots/${row.bot}"]) .bt-interval`);
      expect(await interval.textContent()).toBe(`95% interval ${Math.round(row.bt!.low)}–${Math.round(row.bt!.high)}`);
    }
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('bot page', () => {
  it('shows the owner, record, Elo chart, recent matches linking to the viewer, head-to-head and versions', async () => {
    const id = h.seeded.alice.bot;
    const bot = await h.api<{ name: string; owner: string; record: { games: number; wins: number } }>(`/api/bots/${id}`);
    const { matches } = await h.api<{ matches: { id: string }[] }>(`/api/matches?bot=${id}&limit=20`);
    const page = await h.newPage('desktop');
    await page.goto(`/bots/${id}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('copycat');
    expect(await page.locator('.owner-name').textContent()).toBe(bot.owner);
    expect(await page.locator('.owner-name').getAttribute('href')).toBe(`/users/${bot.owner}`);
    expect(await page.locator('.stats').innerText()).toContain(String(bot.record.games));
    await page.locator('.chart canvas').first().waitFor(); // uPlot drew the Elo history
    const hrefs = await page.locator('section[aria-labelledby="matches-heading"] a[href^="/matches/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(hrefs).toEqual(matches.map((m) => `/matches/${m.id}`));
    // head-to-head: the two house bots it met in the tournament (its validation games against itself are left out)
    const versus = await h.api<{ opponents: { name: string; games: number; wins: number }[] }>(`/api/bots/${id}/head-to-head`);
    expect(versus.opponents.map((o) => o.name).sort()).toEqual(['heuristic', 'random']);
    const h2h = page.locator('section[aria-labelledby="h2h-heading"] tbody tr');
    const shown = await h2h.evaluateAll((rows) => rows.map((row) => ['opponent', 'games', 'wins'].map((key) => row.querySelector(`td[data-column="${key}"]`)?.textContent)));
    expect(shown).toEqual(versus.opponents.map((o) => [o.name, String(o.games), String(o.wins)]));
    // the versions: v1 active; its validation verdict column only for the owner
    expect(await page.locator('section[aria-labelledby="versions-heading"] tbody').innerText()).toContain('active');
    expect(await page.locator('section[aria-labelledby="versions-heading"] th[data-column="verdict"]').count()).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();

    const owner = await h.newPage('desktop', { token: h.seeded.alice.token });
    await owner.goto(`/bots/${id}`);
    await owner.locator('section[aria-labelledby="versions-heading"] th[data-column="verdict"]').waitFor();
    expect(await owner.getByTestId('signed-in-as').textContent()).toBe('Signed in as alice');
    await owner.close();
  });

  it('shows its Bradley–Terry rating and interval, its Elo by date with each version’s start, all its matches page by page, and its owner’s page', async () => {
    // seeded in the store: dora's bot plays 12 rated games as v1, then 13 as v2 (1923, two seats)
    const v1 = await upload(h.store, 'dora', 'charted', 'active', '1923');
    const sparring = await upload(h.store, 'dora', 'sparring', 'active', '1923');
    const first = await h.store.createSeries({ game: '1923', kind: 'tournament', rated: true, entrants: [v1, sparring], deals: 6, seed: 1, requestedBy: 'admin' });
    for (let i = 0; i < 12; i++) await h.store.recordMatch(match(first, i, i % 2 === 0 ? [v1, sparring] : [sparring, v1], fakeReplay(i % 3 === 0 ? 1 : 0), { game: '1923', kind: 'tournament' }));
    const v2 = await upload(h.store, 'dora', 'charted', 'active', '1923');
    expect(v2.version).toBe(2);
    const second = await h.store.createSeries({ game: '1923', kind: 'tournament', rated: true, entrants: [v2, sparring], deals: 7, seed: 2, requestedBy: 'admin' });
    for (let i = 0; i < 13; i++) await h.store.recordMatch(match(second, i, i % 2 === 0 ? [v2, sparring] : [sparring, v2], fakeReplay(i % 4 === 0 ? 1 : 0), { game: '1923', kind: 'tournament' }));
    await h.store.setSeriesStatus(second, 'failed', 'stopped before its last game'); // its last deal is public: nothing more will be played (issue 19)
    const { rows } = await h.api<{ rows: { bot: string; elo: number; bt: { rating: number; low: number; high: number } }[] }>('/api/leaderboard/1923');
    const row = rows.find((r) => r.bot === v1.bot)!;

    const page = await h.newPage('desktop');
    await page.goto(`/bots/${v1.bot}`);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('charted');
    const stat = (key: string) => page.locator(`[data-stat="${key}"] dd`);
    await stat('bt').waitFor();
    expect(await stat('bt').locator('.bt-value').textContent()).toBe(String(Math.round(row.bt.rating)));
    expect(await stat('bt').locator('.bt-interval').textContent()).toBe(`95% interval ${Math.round(row.bt.low)}–${Math.round(row.bt.high)}`);
    expect(await stat('elo').textContent()).toMatch(new RegExp(`^${Math.round(row.elo)}`));
    expect(await stat('games').textContent()).toBe('25');
    expect(await stat('rated').textContent()).toBe('25');
    expect(await stat('validation').textContent()).toBe('0+'); // more matches than one page: not all read yet
    // the chart by date, each version's start marked (and said in words)
    await page.locator('.chart canvas').first().waitFor();
    expect(await page.locator('.chart [data-version-start]').evaluateAll((marks) => marks.map((mark) => mark.getAttribute('data-version-start')))).toEqual(['1', '2']);
    expect(await page.locator('.chart').getAttribute('data-points')).toBe('25');
    // 20 matches, then the 5 older ones
    const matchRows = page.locator('section[aria-labelledby="matches-heading"] tbody tr');
    expect(await matchRows.count()).toBe(20);
    await page.getByTestId('older-matches').click();
    await expect.poll(() => matchRows.count()).toBe(25);
    expect(await page.getByTestId('older-matches').count()).toBe(0);
    expect(await stat('validation').textContent()).toBe('0');
    await h.screenshot(page, 'bot-versions');
    expect(await h.accessibilityViolations(page)).toEqual([]);

    // the owner's page lists their bots
    await page.locator('.lead').getByRole('link', { name: 'dora' }).click();
    await page.waitForURL('**/users/dora');
    await expect.poll(() => page.locator('tbody td[data-column="bot"] a').allTextContents()).toEqual(['charted', 'sparring']);
    expect(await page.title()).toBe('User dora · XIX Arena');
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it.each(SIZES)('a user’s page at %s size', async (size) => {
    const page = await h.newPage(size);
    await page.goto('/users/alice');
    await page.locator('tbody tr').first().waitFor();
    expect(await page.locator('tbody td[data-column="bot"] a').first().getAttribute('href')).toBe(`/bots/${h.seeded.alice.bot}`);
    await h.screenshot(page, 'user');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    expect(await h.overflowsSideways(page)).toBe(false);
    await page.goto('/users/nobody');
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('There is no user nobody.');
    await page.close();
  });

  it('shows a match of more than two seats (1923) from its ranks: each seat’s place, all its opponents, every seat’s points', async () => {
    // seeded in the store: four 1923 bots, a stored match where seat 1 won, seats 0 and 2 share 2nd, seat 3 forfeited (last)
    const seats = await Promise.all(['ace', 'deuce', 'trey', 'four'].map(async (name, i) => {
      const put = await h.store.putVersion({ owner: `player${i}`, name, game: '1923', entry: 'bot.ts', files: { 'bot.ts': `// ${name}` }, bundle: `/* ${name} */`, bytes: 10, compileMs: 5, state: 'active' });
      if (!put.ok) throw new Error(`upload refused: ${put.reason}`);
      return { bot: put.bot, version: put.version, name };
    }));
    const series = await h.store.createSeries({ game: '1923', kind: 'challenge', rated: false, entrants: seats, deals: 1, seed: 1, requestedBy: 'admin' });
    const points = [14, 21, 14, 0];
    await h.store.recordMatch({
      id: `${series}.0`, seriesId: series, game: '1923', kind: 'challenge', rated: false, entrants: seats, logs: seats.map(() => ''), finishedAt: Date.now(),
      replay: { moves: [], forfeit: { seat: 3, verdict: 'timeout', message: 'took too long' }, result: { winner: 1, points, reason: 'forfeit' } },
    });
    await h.store.setSeriesStatus(series, 'failed', 'only its first game is played'); // the series plays no more: this game's deal is public (deal publicity, issue 19)
    const stored = await h.api<{ ranks: number[] }>(`/api/matches/${series}.0`);
    expect(stored.ranks).toEqual([2, 1, 2, 4]);

    const expected = [
      { result: '=2nd of 4', opponents: ['deuce', 'trey', 'four'], points: '14–21–14–0' },
      { result: 'win', opponents: ['ace', 'trey', 'four'], points: '21–14–14–0' },
      { result: '=2nd of 4', opponents: ['ace', 'deuce', 'four'], points: '14–14–21–0' },
      { result: '4th of 4 (forfeit)', opponents: ['ace', 'deuce', 'trey'], points: '0–14–21–14' },
    ];
    const page = await h.newPage('desktop');
    for (const [seat, entrant] of seats.entries()) {
      await page.goto(`/bots/${entrant.bot}`);
      const row = page.locator('section[aria-labelledby="matches-heading"] tbody tr');
      await row.first().waitFor();
      expect(await row.count()).toBe(1);
      expect({
        result: await row.locator('td[data-column="outcome"]').textContent(),
        opponents: await row.locator('td[data-column="opponent"] a').allTextContents(),
        points: await row.locator('td[data-column="points"]').textContent(),
      }).toEqual(expected[seat]);
      expect(await row.locator('td[data-column="outcome"] .outcome').getAttribute('class')).toBe(`outcome ${seat === 1 ? 'win' : 'loss'}`);
    }
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it.each(SIZES)('screenshot at %s size', async (size) => {
    const page = await h.newPage(size);
    await page.goto(`/bots/${h.seeded.house.heuristic}`);
    await page.locator('.chart canvas').first().waitFor();
    await h.screenshot(page, 'bot');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    expect(await h.overflowsSideways(page)).toBe(false);
    await page.close();
  });
});

describe('tournaments', () => {
  it('lists the tournament and shows its progress, standings and cross table as the API reports them', async () => {
    const { tournament } = h.seeded;
    const report = await h.api<{ progress: { games: number; gamesDone: number }; standings: { bot: string; wins: number }[]; crossTable: { entrants: { bot: string }[]; wins: number[] }[] }>(`/api/tournaments/${tournament}`);
    const page = await h.newPage('desktop');
    await page.goto('/tournaments');
    // who may create one, and how tables play, said for any game
    expect(await page.getByTestId('who-creates').textContent()).toBe('Only the platform’s admin creates tournaments, with the server’s admin token (XIX_ADMIN_TOKEN): xix tournament create --bot ID --bot ID … or POST /api/tournaments.');
    expect(await page.locator('.lead').first().textContent()).toMatch(/every set of that many entrants meets at one table, which plays each deal once per rotation of the entrants round the seats/);
    await page.getByRole('link', { name: `Tournament ${tournament}` }).click();
    await page.waitForURL(`**/tournaments/${tournament}`);
    const progress = page.getByRole('progressbar');
    await progress.waitFor();
    expect(Number(await progress.getAttribute('aria-valuenow'))).toBe(report.progress.gamesDone);
    expect(Number(await progress.getAttribute('aria-valuemax'))).toBe(report.progress.games);
    expect(await page.getByText(`${report.progress.gamesDone} of ${report.progress.games} games played (100%)`, { exact: true }).count()).toBe(1);

    const standings = page.locator('section[aria-labelledby="standings-heading"] tbody tr');
    const shownBots = await standings.locator('td[data-column="bot"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
    expect(shownBots).toEqual(report.standings.map((s) => `/bots/${s.bot}`));
    expect(await standings.locator('td[data-column="wins"]').allTextContents()).toEqual(report.standings.map((s) => String(s.wins)));

    // cross table: the first standing's row against the second's column, from their pairing
    const [first, second] = report.standings;
    const pairing = report.crossTable.find((c) => c.entrants.some((e) => e.bot === first!.bot) && c.entrants.some((e) => e.bot === second!.bot))!;
    const me = pairing.entrants.findIndex((e) => e.bot === first!.bot);
    const cell = page.locator('.cross-table tbody tr').nth(0).locator('td').nth(1);
    expect(await cell.locator('.cross-score').textContent()).toMatch(new RegExp(`^${pairing.wins[me]}–${pairing.wins[1 - me]}`));
    expect(await cell.locator('.badge').textContent()).toBe('done');
    expect(await page.locator('#failures-heading').count()).toBe(0); // nothing failed
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('follows a running tournament: progress, standings and status change without a reload', async () => {
    await h.pauseQueue();
    const { tournament } = await h.post<{ tournament: string }>('/api/tournaments', { game: 'xix', bots: [h.seeded.house.random, h.seeded.house.heuristic], dealsPerPairing: 1 });
    const page = await h.newPage('desktop');
    await page.goto(`/tournaments/${tournament}`);
    const progress = page.locator('#tournament-progress-label');
    await expect.poll(() => progress.textContent()).toBe('0 of 2 games played (0%)');
    await page.evaluate('window.notReloaded = true');
    await h.resumeQueue();
    await expect.poll(() => progress.textContent(), { timeout: 30_000 }).toBe('2 of 2 games played (100%)');
    await expect.poll(() => page.locator('.lead .badge').textContent(), { timeout: 10_000 }).toBe('done');
    const games = await page.locator('section[aria-labelledby="standings-heading"] td[data-column="games"]').allTextContents();
    expect(games).toEqual(['2', '2']);
    expect(await page.evaluate('window.notReloaded')).toBe(true);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows a failed pairing with its reason, each pairing’s status, and the games that will not be played', async () => {
    await h.pauseQueue();
    const { random, heuristic } = h.seeded.house;
    const created = await h.post<{ tournament: string; series: [string, string, string] }>('/api/tournaments', { game: 'xix', bots: [random, heuristic, h.seeded.alice.bot], dealsPerPairing: 1 });
    const { tournament, series: [running, failed, queued] } = created;
    // seeded in the store as the worker would leave them: one pairing running, one failed after its retries
    const reason = 'bundle storage unreachable';
    expect(await h.store.setSeriesStatus(running, 'running')).toBe(true);
    expect(await h.store.setSeriesStatus(failed, 'failed', reason)).toBe(true);
    type Report = { progress: { games: number; gamesDone: number; gamesUnplayed: number }; standings: { bot: string }[]; crossTable: { series: string; entrants: { bot: string }[]; status: string }[] };
    const before = await h.api<Report>(`/api/tournaments/${tournament}`);
    expect(before.progress).toEqual({ games: 6, gamesDone: 0, gamesUnplayed: 2 });

    const page = await h.newPage('desktop');
    await page.goto(`/tournaments/${tournament}`);
    const label = page.locator('#tournament-progress-label');
    await expect.poll(() => label.textContent()).toBe('0 of 6 games played (0%); 2 will not be played (failed or cancelled pairings)');
    expect(await page.locator('.progress-unplayed').evaluate((bar) => (bar as unknown as { style: { width: string } }).style.width)).toBe('33.33%');

    // the failed pairing, named, with its reason
    const failures = page.locator('section[aria-labelledby="failures-heading"] tbody tr');
    expect(await failures.count()).toBe(1);
    const failedPairing = before.crossTable.find((c) => c.series === failed)!;
    expect(await failures.locator('td[data-column="pairing"] a').evaluateAll((links) => links.map((a) => a.getAttribute('href'))))
      .toEqual(failedPairing.entrants.map((e) => `/bots/${e.bot}`));
    expect(await failures.locator('td[data-column="reason"]').textContent()).toBe(reason);
    expect(await failures.locator('td[data-column="gamesDone"]').textContent()).toBe('0');

    // each cell marks its pairing's status, in both of the pair's cells
    const statusAt = async (report: Report, series: string): Promise<string[]> => {
      const bots = report.standings.map((s) => s.bot);
      const [a, b] = report.crossTable.find((c) => c.series === series)!.entrants.map((e) => bots.indexOf(e.bot));
      const cell = (row: number, column: number) => page.locator('.cross-table tbody tr').nth(row).locator('td').nth(column);
      return Promise.all([cell(a!, b!), cell(b!, a!)].map(async (c) => `${await c.getAttribute('data-status')}:${await c.locator('.badge').textContent()}`));
    };
    expect(await statusAt(before, running)).toEqual(['running:running', 'running:running']);
    expect(await statusAt(before, failed)).toEqual(['failed:failed', 'failed:failed']);
    expect(await statusAt(before, queued)).toEqual(['queued:queued', 'queued:queued']);
    await h.screenshot(page, 'tournament-failed');
    expect(await h.accessibilityViolations(page)).toEqual([]);

    // cancelled: the queued pairing will never be played either
    const cancel = await h.post<{ removed: string[] }>(`/api/tournaments/${tournament}/cancel`, {});
    expect(cancel.removed).toEqual([queued]);
    await page.reload();
    await expect.poll(() => label.textContent()).toBe('0 of 6 games played (0%); 4 will not be played (failed or cancelled pairings)');
    const after = await h.api<Report>(`/api/tournaments/${tournament}`);
    expect(await statusAt(after, queued)).toEqual(['cancelled:cancelled', 'cancelled:cancelled']);
    expect(await failures.count()).toBe(1); // a cancelled pairing did not fail
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
    await h.resumeQueue();
  });

  it.each(SIZES)('screenshots at %s size', async (size) => {
    const page = await h.newPage(size);
    await page.goto('/tournaments');
    await page.locator('tbody tr').first().waitFor();
    await h.screenshot(page, 'tournaments');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    await page.goto(`/tournaments/${h.seeded.tournament}`);
    await page.locator('.cross-table').waitFor();
    await h.screenshot(page, 'tournament');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    expect(await h.overflowsSideways(page)).toBe(false);
    await page.close();
  });
});

describe('live', () => {
  it('lists a game in progress as a link to its viewer and drops it when the lobby says it ended', async () => {
    const [a, b] = [h.seeded.house.random, h.seeded.house.heuristic];
    const match = 's999999.0'; // a match id of no stored series: only its live stream exists
    expect(match).toMatch(MATCH_ID);
    const seats = [{ bot: a, version: 1 }, { bot: b, version: 1 }];
    await h.store.publishLive(match, [{ type: 'start', match, game: 'xix', seats, view: null }], { game: 'xix', tournament: null });
    const phone = await h.newPage('phone');
    await phone.goto('/live');
    await phone.locator(`li[data-match="${match}"]`).waitFor();
    await h.screenshot(phone, 'live');
    expect(await h.accessibilityViolations(phone)).toEqual([]);
    await phone.close();
    const page = await h.newPage('desktop');
    await page.goto('/live');
    const game = page.locator(`li[data-match="${match}"]`);
    await game.waitFor();
    expect(await game.locator('a').first().getAttribute('href')).toBe(`/matches/${match}`);
    // named once the bots' names are fetched (the start event carries none here)
    await expect.poll(() => game.locator('.players').textContent()).toBe('random vs heuristic');
    // a game that starts later, of a bot new to the page, published without names: named all the same
    const newcomer = await upload(h.store, 'erin', 'latecomer');
    const later = 's999998.0';
    await h.store.publishLive(later, [{ type: 'start', match: later, game: 'xix', seats: [{ bot: newcomer.bot, version: 1 }, { bot: a, version: 1 }], view: null }], { game: 'xix', tournament: null });
    await expect.poll(() => page.locator(`li[data-match="${later}"] .players`).textContent()).toBe('latecomer vs random');
    // the names the worker publishes are shown as they are
    const named = 's999997.0';
    await h.store.publishLive(named, [{ type: 'start', match: named, game: 'xix', seats: [{ bot: b, version: 1, name: 'heuristic' }, { bot: newcomer.bot, version: 1, name: 'latecomer' }], view: null }], { game: 'xix', tournament: null });
    await expect.poll(() => page.locator(`li[data-match="${named}"] .players`).textContent()).toBe('heuristic vs latecomer');
    await h.store.publishLive(later, [{ type: 'end', moves: 0, ranks: [1, 2], reason: 'test', view: null }], { game: 'xix', tournament: null });
    await h.store.publishLive(named, [{ type: 'end', moves: 0, ranks: [1, 2], reason: 'test', view: null }], { game: 'xix', tournament: null });
    await h.screenshot(page, 'live');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    await h.store.publishLive(match, [{ type: 'end', moves: 0, ranks: [1, 2], reason: 'test', view: null }], { game: 'xix', tournament: null });
    await game.waitFor({ state: 'detached' });
    expect(await page.getByText('No game is being played right now.').count()).toBe(1);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });
});

describe('not found', () => {
  it.each(SIZES)('a path that is no page shows the app’s not-found page (404), with its icon, at %s size', async (size) => {
    const page = await h.newPage(size);
    const response = await page.goto('/no/such/page');
    expect(response?.status()).toBe(404);
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Page not found');
    expect(await page.title()).toBe('Page not found · XIX Arena');
    expect(await page.locator('main').getByRole('link', { name: 'leaderboard' }).getAttribute('href')).toBe('/leaderboard/xix');
    const icon = await page.request.get(await page.locator('link[rel="icon"]').getAttribute('href') ?? '');
    expect(icon.headers()['content-type']).toMatch(/^image\/svg\+xml/);
    await h.expectCleanPage(page, 'not-found');
    await page.close();
  });
});
