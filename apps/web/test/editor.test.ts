/**
 * The bot editor (/editor) in Chromium against a real server (issue 22): a bot written in the
 * editor, a type error marked at its line and fixed, 20 games played in the page against random
 * with the summary, one of them opened in the viewer with what the bot printed, the bot uploaded;
 * screenshots at laptop and phone sizes, axe-core clean at both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openPagesHarness, type PagesHarness } from './harness.ts';

let h: PagesHarness;
let token: string;
beforeAll(async () => {
  h = await openPagesHarness();
  token = await h.app.register('edith');
});
afterAll(async () => h?.close());

/** Line 8 assigns a string to a number: the type error the test expects there. */
const WITH_ERROR = `import { defineXixBot, pick, botRandom, type Random } from '@xix/sdk';

let random: Random = botRandom(0, 0);

export default defineXixBot({
  onGameStart({ seed, seat }) { random = botRandom(seed, seat); },
  decide(view) {
    const count: number = 'many';
    console.log('choosing among', view.legalActions.length);
    return pick(view.legalActions, random);
  },
});
`;
const ERROR_LINE = 8;
const FIXED = WITH_ERROR.replace("const count: number = 'many';", 'const count: number = view.legalActions.length;');

const LOOPS_IN_SEAT_0 = `import { defineXixBot } from '@xix/sdk';

let mine = 0;
export default defineXixBot({
  onGameStart({ seat }) { mine = seat; },
  decide(view) {
    while (mine === 0) mine = 0;
    return view.legalActions[0]!;
  },
});
`;

/** Replaces the editor's whole text, as typing it would (no auto-indent or bracket closing on top). */
async function typeBot(page: Page, source: string): Promise<void> {
  await page.locator('.cm-content').click();
  await page.keyboard.press('Control+A');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
}

async function editorReady(page: Page): Promise<void> {
  await expect.poll(() => page.getByTestId('editor-code').getAttribute('data-ready'), { timeout: 20_000 }).toBe('true');
  // the template of the game, checked clean by the language service
  await expect.poll(() => page.getByTestId('no-problems').count(), { timeout: 30_000 }).toBe(1);
}

describe('the bot editor', () => {
  it('writes a bot, marks its type error at its line, plays 20 games against random, shows one in the viewer, and uploads it', async () => {
    const page = await h.newPage('desktop', { token });
    await page.goto('/leaderboard/xix');
    await page.getByRole('link', { name: 'Write a XIX bot in the editor' }).click();
    await expect.poll(() => page.evaluate<string>('location.pathname + location.search')).toBe('/editor?game=xix');
    expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Editor' }).getAttribute('aria-current')).toBe('page');
    await editorReady(page);

    await typeBot(page, WITH_ERROR);
    const problem = page.getByTestId('problems').locator('li');
    await expect.poll(() => problem.count(), { timeout: 20_000 }).toBe(1);
    expect(await problem.getAttribute('data-line')).toBe(String(ERROR_LINE));
    expect(await problem.textContent()).toContain("TS2322: Type 'string' is not assignable to type 'number'.");
    // the editor underlines it on that line, and says why on hover
    const underlined = page.locator('.cm-lintRange-error');
    await expect.poll(() => underlined.count()).toBe(1);
    const lineOfMark = await underlined.evaluate((mark) => [...mark.closest('.cm-content')!.querySelectorAll('.cm-line')].indexOf(mark.closest('.cm-line')!) + 1);
    expect(lineOfMark).toBe(ERROR_LINE);
    expect(await page.getByTestId('upload-check').textContent()).toContain('Fix the 1 type error first');
    expect(await page.getByTestId('upload').isDisabled()).toBe(true);

    await typeBot(page, FIXED);
    await expect.poll(() => page.getByTestId('no-problems').count(), { timeout: 20_000 }).toBe(1);
    // hover docs: the SDK's own doc comment
    const word = await page.locator('.cm-line', { hasText: 'export default defineXixBot' }).evaluate((line) => {
      const text = [...line.childNodes].find((node) => node.nodeType === 3 && node.textContent!.includes('defineXixBot'))!;
      const range = line.ownerDocument.createRange();
      range.setStart(text, text.textContent!.indexOf('defineXixBot') + 3);
      range.setEnd(text, text.textContent!.indexOf('defineXixBot') + 4);
      const box = range.getBoundingClientRect();
      return { x: box.left + box.width / 2, y: box.top + box.height / 2 };
    });
    await page.mouse.move(word.x, word.y);
    await expect.poll(() => page.locator('.cm-tooltip-hover').textContent()).toContain('Declares a XIX bot');
    // completion of the view's fields, from the SDK's types
    await page.locator('.cm-line', { hasText: 'return pick' }).click();
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await page.keyboard.type('view.leg');
    await expect.poll(() => page.locator('.cm-tooltip-autocomplete li').allTextContents()).toContain('legalActions');
    await page.keyboard.press('Escape');
    await typeBot(page, FIXED);
    await expect.poll(() => page.getByTestId('no-problems').count(), { timeout: 20_000 }).toBe(1);
    await page.getByLabel('Bot name').fill('editorbot');

    await page.getByLabel('Against').selectOption('random');
    await page.getByLabel('Games').fill('20');
    await page.getByLabel('Seed').fill('7');
    await page.getByTestId('play').click();
    const games = page.getByTestId('games').locator('li');
    await expect.poll(() => games.count(), { timeout: 60_000 }).toBe(20);
    await expect.poll(() => page.getByTestId('play').isDisabled()).toBe(false);
    expect(await page.getByTestId('progress').evaluate((bar) => (bar as unknown as { value: number }).value)).toBe(1);
    expect(await page.getByTestId('win-rate').textContent()).toMatch(/^editorbot win rate: \d+\.\d% \(95% CI \d+\.\d%–\d+\.\d%\)$/);
    expect(await page.getByTestId('summary').locator('tbody tr').count()).toBe(2);

    await page.getByRole('button', { name: 'Game 1', exact: true }).click();
    const viewer = page.getByTestId('viewer');
    await expect.poll(() => viewer.getByRole('heading', { level: 2 }).textContent()).toMatch(/^Game 1: /);
    // what the bot printed at the move shown: one of the first two moves is editorbot's
    const printed = viewer.locator('[data-logs] [data-log-move]');
    await viewer.locator('[data-control="forward"]').click();
    if ((await printed.count()) === 0) await viewer.locator('[data-control="forward"]').click();
    expect(await printed.textContent()).toMatch(/^editorbot, move [12]choosing among \d+\n$/);

    await page.getByTestId('upload').click();
    await expect.poll(() => page.getByTestId('upload-state').getAttribute('data-state'), { timeout: 30_000 }).toMatch(/^(checking|validating|active|rejected)$/);
    const bots = await h.api<{ bots: { id: string; name: string; game: string }[] }>('/api/bots?owner=edith');
    expect(bots.bots).toEqual([expect.objectContaining({ name: 'editorbot', game: 'xix' })]);

    await h.screenshot(page, 'editor');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    expect(await h.overflowsSideways(page)).toBe(false);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('stops a bot stuck in a loop: its game is a timeout forfeit, the page stays responsive, the series goes on', async () => {
    const page = await h.newPage('desktop');
    await page.goto('/editor?game=xix');
    await editorReady(page);
    // stuck at its first decision from seat 0 (game 1), fine from seat 1 (game 2)
    await typeBot(page, LOOPS_IN_SEAT_0);
    await expect.poll(() => page.getByTestId('no-problems').count(), { timeout: 20_000 }).toBe(1);
    await page.getByLabel('Bot name').fill('looper');
    await page.getByLabel('Games').fill('2');
    await page.getByTestId('play').click();
    // while the worker is stuck, the page still takes typing
    await page.locator('.cm-content').click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('// typed while it loops\n');
    await expect.poll(() => page.locator('.cm-content').textContent()).toContain('// typed while it loops');
    await expect.poll(() => page.getByTestId('games').locator('li').count(), { timeout: 40_000 }).toBe(2);
    expect(await page.getByTestId('forfeits').textContent()).toMatch(/^game 1: looper forfeited \(timeout\): decide did not return within \d+ ms: the page stopped it/);
    expect(await page.getByTestId('games').locator('li').allTextContents()).toEqual(['Game 1 looper forfeited (timeout)', expect.stringMatching(/^Game 2 (looper|random) won$/)]);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('serves its bundles gzipped, the play worker under a policy that lets it evaluate the bot and reach nothing', async () => {
    const shell = await (await fetch(`${h.baseUrl}/editor`, { headers: { accept: 'text/html' } })).text();
    const worker = /content="(\/assets\/play-worker-[A-Z0-9]+\.js)"/.exec(shell)?.[1];
    expect(worker).toBeDefined();
    const response = await fetch(`${h.baseUrl}${worker}`, { headers: { 'accept-encoding': 'gzip' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; script-src 'unsafe-eval'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'");
    await response.body?.cancel(); // an unread download would hold the server's close for its grace
    // the other assets keep the API's policy, which allows no evaluation
    const typescript = /content="(\/assets\/ts-worker-[A-Z0-9]+\.js)"/.exec(shell)![1]!;
    const typescriptResponse = await fetch(`${h.baseUrl}${typescript}`);
    await typescriptResponse.body?.cancel();
    expect(typescriptResponse.headers.get('content-security-policy')).not.toContain('unsafe-eval');
  });

  it('reads on a phone, the drafts kept in the browser', async () => {
    const page = await h.newPage('phone');
    await page.goto('/editor?game=xix');
    await editorReady(page);
    // a second draft of the game, kept across a reload
    await page.getByRole('button', { name: 'New draft' }).click();
    await expect.poll(() => page.getByLabel('Draft').locator('option').count()).toBe(2);
    await page.reload();
    await editorReady(page);
    expect(await page.getByLabel('Draft').locator('option').allTextContents()).toEqual(['my-bot-2', 'my-bot']);
    expect(await page.getByTestId('upload-check').textContent()).toBe('Sign in to upload this bot.');
    await h.screenshot(page, 'editor');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    expect(await h.overflowsSideways(page)).toBe(false);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });
});
