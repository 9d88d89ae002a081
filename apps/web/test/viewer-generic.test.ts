/**
 * The match viewer's generic renderer in Chromium, on a game with no renderer of its own: the
 * fixture game nim (registered by the test-only switch, which the pages' build honours). A stored
 * game of random moves is opened and checked against the engine's views (each seat sees its own
 * secret and no other before the end); the same game published live shows only its public views.
 * Screenshots: viewer-nim-desktop.png (1366×800) and viewer-nim-phone.png (390×844).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { findGame, type AnyGame } from '@xix/engine';
import { openPagesHarness, type PagesHarness } from './harness.ts';
import { liveEventsOf, playRandomly, type Played } from './random-game.ts';

const SEED = 7;

let h: PagesHarness;
let nim: AnyGame;
let played: Played;
let matchId: string;
let entrants: { bot: string; version: number; name: string }[];

interface NimView {
  readonly stones: number;
  readonly toMove: number | null;
  readonly taken: readonly number[];
  readonly history: readonly unknown[];
  readonly secret?: number;
  readonly allSecrets?: readonly number[];
}

beforeAll(async () => {
  h = await openPagesHarness();
  nim = findGame('nim')!;
  played = playRandomly(nim, SEED, 3);
  entrants = await Promise.all(played.seats.map(async ({ name }, i) => {
    const put = await h.store.putVersion({ owner: `player${i}`, name, game: nim.id, entry: 'bot.ts', files: { 'bot.ts': `// ${name}` }, bundle: `/* ${name} */`, bytes: 10, compileMs: 5, state: 'active' });
    if (!put.ok) throw new Error(`upload refused: ${put.reason}`);
    return { bot: put.bot, version: put.version, name };
  }));
  const series = await h.store.createSeries({ game: nim.id, kind: 'challenge', rated: false, entrants, deals: 1, seed: SEED, requestedBy: 'admin' });
  matchId = `${series}.0`;
  await h.store.recordMatch({ id: matchId, seriesId: series, game: nim.id, kind: 'challenge', rated: false, entrants, logs: entrants.map(() => ''), finishedAt: Date.now(), replay: played.replay });
  await h.store.setSeriesStatus(series, 'failed', 'only its first game is played'); // the series plays no more: this game's deal is public (deal publicity, issue 19)
}, 120_000);
afterAll(async () => h?.close());

/** The value drawn for a field of the board (the rest of the state) or of a seat's panel. */
const fieldText = (page: Page, field: string, seat?: number): Promise<string> =>
  page.locator(`[data-board] ${seat === undefined ? '.generic-state' : `[data-seat="${seat}"]`} [data-field="${field}"] dd`).innerText();

async function goTo(page: Page, move: number, perspective?: string): Promise<void> {
  await page.evaluate(`location.hash = '#move=${move}'`);
  if (perspective !== undefined) await page.locator(`button[data-perspective="${perspective}"]`).click();
  await page.locator(`[data-viewer][data-move="${move}"]${perspective === undefined ? '' : `[data-perspective="${perspective}"]`} [data-game="${nim.id}"]`).waitFor();
}

describe('the generic renderer in the match viewer (nim)', () => {
  it('draws a stored game as the engine’s views say: stones, turns, each seat’s take, its own secret only, the history, the result', async () => {
    const page = await h.newPage('desktop');
    await page.goto(`/matches/${matchId}`);
    await page.locator(`[data-game="${nim.id}"]`).waitFor();
    expect(await page.locator('button[data-perspective]').evaluateAll((buttons) => buttons.map((b) => b.getAttribute('data-perspective')))).toEqual(['all', 'seat-0', 'seat-1', 'seat-2']);

    const middle = Math.floor(played.replay.moves.length / 2);
    const state = played.states[middle];
    const everything = nim.spectatorView(state) as NimView;
    await goTo(page, middle, 'all');
    expect(await page.locator('[data-board] .generic-seat').count()).toBe(3);
    expect(await fieldText(page, 'stones')).toBe(String(everything.stones));
    expect(await page.locator('[data-board] .generic-seat[data-to-move="true"]').getAttribute('data-seat')).toBe(String(everything.toMove));
    expect(await page.locator('[data-board] .generic-status').innerText()).toContain(`${played.seats[everything.toMove!]!.name} to move`);
    for (const seat of [0, 1, 2]) {
      expect(await fieldText(page, 'taken', seat)).toBe(String(everything.taken[seat]));
      expect(await fieldText(page, 'allSecrets', seat)).toBe(String(everything.allSecrets![seat]));
    }
    expect(await page.locator('.generic-history [data-entry]').count()).toBe(Math.min(middle, 12));

    // as seat 1 saw it: its own secret, nobody else's
    await goTo(page, middle, 'seat-1');
    const own = nim.view(state, 1) as NimView;
    expect(await fieldText(page, 'secret')).toBe(String(own.secret));
    expect(await page.locator('[data-board] [data-field="allSecrets"]').count()).toBe(0);
    expect(await fieldText(page, 'secrets')).toBe('–');
    expect(await page.locator('[data-board] .generic-status').innerText()).toContain(`As ${played.seats[1]!.name} saw it`);

    // the end: every secret shown, the winner and the places
    await page.locator('[data-control="last"]').click();
    await page.locator(`[data-viewer][data-move="${played.replay.moves.length}"]`).waitFor();
    const { result } = played.replay;
    expect(await page.locator('[data-board] [data-result]').getAttribute('data-result')).toBe(String(result.winner));
    expect(await page.locator('[data-board] [data-result]').innerText()).toContain(`${played.seats[result.winner]!.name} wins`);
    expect(await page.locator('[data-board] [data-place]').evaluateAll((tags) => tags.map((tag) => Number(tag.getAttribute('data-place'))))).toEqual(result.ranks);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows a game in progress from its public views: no secret before the end', async () => {
    const seriesId = await h.store.createSeries({ game: nim.id, kind: 'challenge', rated: false, entrants, deals: 1, seed: SEED, requestedBy: 'admin' });
    const liveId = `${seriesId}.0`;
    const shownMove = 3;
    await h.store.publishLive(liveId, liveEventsOf(nim, liveId, entrants, played, shownMove), { game: nim.id, tournament: null });

    const page = await h.newPage('phone');
    await page.goto(`/matches/${liveId}`);
    await page.locator(`[data-viewer][data-move="${shownMove}"] [data-game="${nim.id}"]`).waitFor();
    expect(await page.locator('button[data-perspective]').count()).toBe(0);
    expect(await fieldText(page, 'stones')).toBe(String((nim.publicView(played.states[shownMove]) as NimView).stones));
    expect(await fieldText(page, 'secrets')).toBe('–');
    expect(await page.locator('[data-board] [data-field="secret"], [data-board] [data-field="allSecrets"]').count()).toBe(0);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it.each(['desktop', 'phone'] as const)('fits a %s screen (no sideways scroll) and is photographed', async (size) => {
    const page = await h.newPage(size);
    const move = Math.floor(played.replay.moves.length / 2);
    await page.goto(`/matches/${matchId}#move=${move}`);
    await page.locator(`[data-viewer][data-move="${move}"] [data-game="${nim.id}"]`).waitFor();
    expect(await h.overflowsSideways(page)).toBe(false);
    await h.expectCleanPage(page, 'viewer-nim');
    await page.close();
  });
});
