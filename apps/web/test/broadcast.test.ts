/**
 * The broadcast in Chromium (issue 19): the front page shows the featured game move by move at the
 * broadcast's pace (a short one here), on one socket, to its end; the live page lists it while it
 * is shown and after, with its move and score. Screenshots at both sizes, axe-checked.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EntrantRef, LiveEvent } from '@xix/store';
import { playGame } from '../../server/test/live-client.ts';
import { openPagesHarness, type PagesHarness } from './harness.ts';

let h: PagesHarness;
beforeAll(async () => {
  // a move every 60 ms: a whole game in a few seconds, still one move at a time
  h = await openPagesHarness({ featuredAlwaysOn: true, broadcastPaceMs: 60, broadcastPauseMs: 500 });
});
afterAll(async () => h?.close());

const SEATS: EntrantRef[] = [{ bot: 'b1', version: 1, name: 'north' } as EntrantRef, { bot: 'b2', version: 1, name: 'south' } as EntrantRef];
const publish = (match: string, events: readonly LiveEvent[]) => h.store.publishLive(match, events, { game: 'xix', tournament: null });

describe('the front page', () => {
  it('shows the featured game at the broadcast pace, move after move, to its end; the live page lists it', async () => {
    const match = 's990001.0';
    const { events } = playGame(match, SEATS, 21);
    // in progress: the featured channels pick it
    await publish(match, events.slice(0, 3));
    const page = await h.newPage('desktop');
    await page.goto('/');
    expect(await page.title()).toBe('Now showing · XIX Arena');
    const board = page.getByTestId('broadcast');
    await expect.poll(() => board.getAttribute('data-match'), { timeout: 15_000 }).toBe(match);
    expect(await page.getByTestId('broadcast-title').textContent()).toContain('north vs south');
    // the worker finishes the game at once; the page still shows it move by move
    await publish(match, events.slice(3));
    const seen = new Set<string>();
    await expect.poll(async () => {
      seen.add((await board.getAttribute('data-move')) ?? '');
      return page.getByTestId('broadcast-status').textContent();
    }, { timeout: 30_000, interval: 20 }).toMatch(/^Game over after \d+ moves/);
    // a good part of the moves were on the page one at a time (polled every 20 ms at a 60 ms pace)
    expect(seen.size).toBeGreaterThan(10);
    await h.screenshot(page, 'home');
    expect(await h.accessibilityViolations(page)).toEqual([]);

    const phone = await h.newPage('phone');
    await phone.goto('/');
    await expect.poll(() => phone.getByTestId('broadcast').getAttribute('data-match'), { timeout: 15_000 }).toBe(match);
    await h.screenshot(phone, 'home');
    expect(await h.accessibilityViolations(phone)).toEqual([]);
    expect(await h.overflowsSideways(phone)).toBe(false);

    // the live page: the game just shown is listed with its moves, not gone (still on its channels:
    // no other game to show)
    await page.goto('/live');
    const listed = page.locator(`li[data-match="${match}"][data-broadcast="on"]`);
    await listed.waitFor({ timeout: 15_000 });
    expect(await listed.locator('.meta').textContent()).toMatch(/finished after \d+ moves, north won · score \d+–\d+/);
    await h.expectCleanPage(page, 'live-broadcast');
    expect(h.pageErrors(phone)).toEqual([]);
    await page.close();
    await phone.close();
  });
});
