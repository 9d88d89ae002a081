/**
 * Signing in and uploading through the pages, in Chromium against a real server and worker:
 * register on the upload page, upload a bot and follow it to the end of its validation, upload a
 * broken one and read its compile errors; sign in with a pasted token. The page offers every game
 * of the API, the default (the registry's first) chosen, with the chosen game's template.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebHarness, type WebHarness } from './harness.ts';

/** Plays the first legal action, in any game: a bot needs nothing of the SDK. */
const FIRST_LEGAL = `export default {
  decide(view: { readonly legalActions: readonly unknown[] }) { return view.legalActions[0]; },
};
`;

let h: WebHarness;
beforeAll(async () => {
  h = await openWebHarness();
});
afterAll(async () => h?.close());

/** Line 4 does not close its bracket: a syntax error the compiler reports there. */
const BROKEN = `import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide(view) { return view.legalActions[0; },
});
`;

/** Throws at its first decision: it compiles, and fails validation. */
const THROWS = `import { defineXixBot } from '@xix/sdk';

export default defineXixBot({
  decide() { throw new Error('no idea what to play'); },
});
`;

describe('upload', () => {
  it('registers, uploads a bot and follows its validation until it is active', async () => {
    const page = await h.newPage('desktop');
    await page.goto('/upload');
    await page.getByLabel('User name').fill('carol');
    await page.getByRole('button', { name: 'Register' }).click();
    // signed in: the header says so, and the upload form replaces the sign-in forms
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toBe('Signed in as carol');
    expect(await page.evaluate<string | null>("localStorage.getItem('xix.token')")).toMatch(/.{16,}/);

    await page.getByLabel('Bot name').fill('firstlegal');
    await page.getByLabel('Source (bot.ts)').fill(FIRST_LEGAL);
    await h.screenshot(page, 'upload');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Upload' }).click();
    const state = page.getByTestId('upload-state');
    // the state, or what the page said instead (an error notice), so that a failure tells which
    await expect.poll(async () => (await state.count()) > 0 ? await state.getAttribute('data-state') : await page.locator('.upload-result').textContent(), { timeout: 45_000 }).toMatch(/^(active|rejected)$/);
    // what the page says is what the API says
    const bots = await h.api<{ bots: { id: string; name: string }[] }>('/api/bots?owner=carol');
    const bot = bots.bots.find((b) => b.name === 'firstlegal');
    expect(bot).toBeDefined();
    const { versions } = await h.api<{ versions: { version: number; state: string }[] }>(`/api/bots/${bot!.id}`);
    expect(versions).toEqual([expect.objectContaining({ version: 1, state: 'active' })]);
    expect(await state.getAttribute('data-state')).toBe('active');
    expect(await state.getByRole('link', { name: 'its page' }).getAttribute('href')).toBe(`/bots/${bot!.id}`);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('offers every game of the API, the registry’s first chosen, and the chosen game’s template to start from', async () => {
    const page = await h.newPage('desktop', { token: h.seeded.alice.token });
    await page.goto('/upload');
    const games = (await h.api<{ id: string }[]>('/api/games')).map((game) => game.id);
    const template = async (game: string): Promise<string> => (await h.api<{ source: string }>(`/api/games/${encodeURIComponent(game)}/template`)).source;
    const select = page.getByLabel('Game');
    await expect.poll(() => select.locator('option').evaluateAll((options) => options.map((option) => option.getAttribute('value')))).toEqual(games);
    expect(await select.inputValue()).toBe(games[0]);
    const source = page.getByLabel('Source (bot.ts)');
    await expect.poll(() => source.inputValue()).toBe(await template(games[0]!));
    // another game: its template, until the source is edited
    await select.selectOption(games[1]!);
    await expect.poll(() => source.inputValue()).toBe(await template(games[1]!));
    await source.fill(FIRST_LEGAL);
    await select.selectOption(games[0]!);
    expect(await source.inputValue()).toBe(FIRST_LEGAL);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('shows the compile errors of a broken bot as file:line:column, and stores nothing', async () => {
    const page = await h.newPage('phone', { token: h.seeded.alice.token });
    await page.goto('/upload');
    await page.getByLabel('Bot name').fill('broken');
    await page.getByLabel('Source (bot.ts)').fill(BROKEN);
    await page.getByRole('button', { name: 'Upload' }).click();
    const errors = page.getByTestId('compile-errors');
    await errors.waitFor();
    expect(await errors.locator('li code').first().textContent()).toMatch(/^bot\.ts:4:\d+$/);
    expect(await errors.innerText()).toMatch(/Expected "]"/);
    await h.screenshot(page, 'upload-errors');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    const { bots } = await h.api<{ bots: { name: string }[] }>('/api/bots?owner=alice');
    expect(bots.map((b) => b.name)).toEqual(['copycat']);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();
  });

  it('follows a bot that fails validation to its rejection, and shows its owner the verdict and the failing match', async () => {
    const page = await h.newPage('desktop', { token: h.seeded.alice.token });
    await page.goto('/upload');
    await page.getByLabel('Bot name').fill('thrower');
    await page.getByLabel('Source (bot.ts)').fill(THROWS);
    await page.getByRole('button', { name: 'Upload' }).click();
    const state = page.getByTestId('upload-state');
    await expect.poll(() => state.getAttribute('data-state'), { timeout: 45_000 }).toBe('rejected');
    const { bots } = await h.api<{ bots: { id: string; name: string }[] }>('/api/bots?owner=alice');
    const bot = bots.find((b) => b.name === 'thrower')!;
    const { versions } = await h.api<{ versions: { state: string; verdict: string; message: string; failingMatch: string }[] }>(`/api/bots/${bot.id}`);
    const [rejected] = versions;
    expect(rejected).toMatchObject({ state: 'rejected' });
    expect(await state.innerText()).toContain(rejected!.verdict);
    expect(await state.getByRole('link').getAttribute('href')).toBe(`/matches/${rejected!.failingMatch}`);

    // the bot's page: the owner sees the verdict, the message and a link to the failing match
    await state.getByRole('link').click();
    await page.waitForURL(`**/matches/${rejected!.failingMatch}`);
    await page.goto(`/bots/${bot.id}`);
    const verdict = page.locator('section[aria-labelledby="versions-heading"] td[data-column="verdict"]');
    await verdict.waitFor();
    expect(await verdict.locator('strong').textContent()).toBe(rejected!.verdict);
    expect(await verdict.locator('pre').textContent()).toBe(rejected!.message);
    expect(await verdict.getByRole('link').getAttribute('href')).toBe(`/matches/${rejected!.failingMatch}`);
    // its counts agree with the matches listed: no game counts in its record, its validation games apart
    const { matches } = await h.api<{ matches: { kind: string }[] }>(`/api/matches?bot=${bot.id}&limit=20`);
    expect(matches.length).toBeGreaterThan(0);
    expect(matches.every((m) => m.kind === 'validation')).toBe(true);
    const stat = (key: string) => page.locator(`[data-stat="${key}"] dd`).textContent();
    expect([await stat('games'), await stat('rated'), await stat('validation')]).toEqual(['0', '0', String(matches.length)]);
    expect(await page.locator('section[aria-labelledby="matches-heading"] tbody tr').count()).toBe(matches.length);
    await h.expectCleanPage(page, 'bot-rejected');
    await page.close();
  });

  it('checks names with patterns the browser compiles, and refuses a file that is no .ts or .js in words', async () => {
    const page = await h.newPage('phone');
    await page.goto('/sign-in');
    const userName = page.getByLabel('User name');
    await userName.fill('Bad Name');
    // an invalid pattern is ignored by the browser (and logged: pageErrors), and this mismatch not found
    expect(await userName.evaluate((input) => (input as unknown as { validity: { patternMismatch: boolean } }).validity.patternMismatch)).toBe(true);
    await userName.fill('good-name_1');
    expect(await userName.evaluate((input) => (input as unknown as { validity: { valid: boolean } }).validity.valid)).toBe(true);
    expect(h.pageErrors(page)).toEqual([]);
    await page.close();

    const upload = await h.newPage('desktop', { token: h.seeded.alice.token });
    await upload.goto('/upload');
    const botName = upload.getByLabel('Bot name');
    await botName.fill('Bad Name');
    expect(await botName.evaluate((input) => (input as unknown as { validity: { patternMismatch: boolean } }).validity.patternMismatch)).toBe(true);
    await botName.fill('snake');
    await upload.getByLabel('Or choose files').setInputFiles({ name: 'bot.py', mimeType: 'text/x-python', buffer: Buffer.from('print("hi")\n') });
    await upload.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => upload.getByRole('alert').textContent()).toBe('A bot is a .ts or .js file: bot.py is not. Nothing was uploaded.');
    expect(await h.accessibilityViolations(upload)).toEqual([]);
    expect(h.pageErrors(upload)).toEqual([]);
    await upload.close();
  });

  it('signs in with a pasted token, which the header then shows, and refuses an unknown one', async () => {
    const page = await h.newPage('phone');
    await page.goto('/sign-in');
    await page.getByLabel('API token').fill('not-a-token-of-anyone');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('alert').textContent()).toBe('That token is not known here.');
    await h.screenshot(page, 'sign-in');
    expect(await h.accessibilityViolations(page)).toEqual([]);
    await page.getByLabel('API token').fill(h.seeded.alice.token);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByTestId('signed-in-as').textContent()).toBe('Signed in as alice');
    // the upload page now offers the form at once
    await page.getByRole('link', { name: 'Upload', exact: true }).first().click();
    await page.getByLabel('Bot name').waitFor();
    await h.expectCleanPage(page, 'upload');
    await page.close();
  });
});
