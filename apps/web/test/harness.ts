/**
 * The browser tests' world: a real server (its own store prefix, listening on a free port) with a
 * real series worker, seeded through the API with real games — the house bots, alice's bot
 * uploaded and validated, and a rated round robin of the three (real matches, real replays, real
 * ratings) — and headless Chromium (playwright-core) to open its pages at laptop and phone sizes.
 * Screenshots go to test-artifacts/screenshots/<page>-<viewport>.png (gitignored); each page photographed
 * is also checked with axe-core (WCAG 2 A and AA).
 *
 * One harness per test file (beforeAll/afterAll); pages are closed by close(). A test that needs
 * no worker and no seeded games opens the pages harness alone (openPagesHarness): the server and
 * the browser.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type BrowserContext, type LaunchOptions, type Page } from 'playwright-core';
import { expect } from 'vitest';
import { registerHouseBots } from '@xix/server';
import { startWorker, type SeriesWorker } from '@xix/worker';
import type { Store, TournamentReport } from '@xix/store';
import type { ServerConfig } from '../../server/src/config.ts';
import { ADMIN_TOKEN, openApp, type TestApp } from '../../server/test/app.ts';
import { until } from '../../store/test/until.ts';
import { REDIS_URL } from '../../store/test/world.ts';

export const VIEWPORTS = {
  desktop: { width: 1366, height: 800 },
  phone: { width: 390, height: 844 },
} as const;
export type ViewportName = keyof typeof VIEWPORTS;

export const SCREENSHOTS = fileURLToPath(new URL('../../../test-artifacts/screenshots/', import.meta.url));
const EXAMPLES = new URL('../../../sdk/examples/xix/', import.meta.url);

/** axe-core's source, evaluated in a page (not a script tag: the pages' content security policy refuses inline scripts). */
const AXE_SOURCE = await readFile(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
/** The rules checked: WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

interface AxeViolation {
  readonly id: string;
  readonly impact: string | null;
  readonly help: string;
  readonly nodes: readonly { readonly target: readonly unknown[]; readonly failureSummary?: string }[];
}

/** axe-core's WCAG 2 AA violations on the page as it is now, one line each: rule, help, where, why. */
async function accessibilityViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate<boolean>("typeof window.axe === 'object'"))) await page.evaluate(AXE_SOURCE);
  const options = { runOnly: { type: 'tag', values: WCAG_AA }, resultTypes: ['violations'] };
  const violations = await page.evaluate<AxeViolation[]>(`axe.run(document, ${JSON.stringify(options)}).then((results) => results.violations)`);
  return violations.flatMap((violation) => violation.nodes.map((node) =>
    `${violation.id} (${violation.impact ?? 'unknown'}): ${violation.help} at ${node.target.map(String).join(' ')}: ${(node.failureSummary ?? '').replace(/\s+/g, ' ')}`));
}

/**
 * The policy the browser tests serve every page under: nothing from elsewhere, no inline script and
 * no inline style (a style attribute; the CSS object model is allowed): what a strict server may send.
 */
const STRICT_POLICY = [
  "default-src 'self'", "connect-src 'self'", "img-src 'self'", "style-src 'self'", "script-src 'self'",
  "object-src 'none'", "base-uri 'none'", "frame-ancestors 'none'", "form-action 'self'",
].join('; ');

export const CHROMIUM_OPTIONS: LaunchOptions = {
  executablePath: '/usr/bin/chromium',
  headless: true,
  // a page whose headers the tests rewrite (route.fulfill) loses its address space: Chromium would then refuse its websockets to 127.0.0.1
  args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-features=LocalNetworkAccessChecks'],
};

export interface Seeded {
  /** Bot ids of the house bots. */
  readonly house: { readonly random: string; readonly heuristic: string; readonly search: string };
  /** A registered user with a bot uploaded through the API and validated (active). */
  readonly alice: { readonly name: 'alice'; readonly token: string; readonly bot: string };
  /** A finished rated round robin of house random, house heuristic and alice's bot. */
  readonly tournament: string;
  /** The tournament's matches (ids), all stored with their replays. */
  readonly matches: readonly string[];
}

/** A real server (no worker) and headless Chromium. */
export interface PagesHarness {
  /** http://127.0.0.1:<port> */
  readonly baseUrl: string;
  readonly app: TestApp;
  readonly store: Store;
  readonly browser: Browser;
  /** A new page in its own browser context (own localStorage), signed in with `token` if given. */
  newPage(viewport: ViewportName, options?: { readonly token?: string }): Promise<Page>;
  /** Saves a full-page screenshot as <name>-<viewport of the page>.png; answers its path. */
  screenshot(page: Page, name: string): Promise<string>;
  /** Does the page scroll sideways (wider than the window)? Wide tables must scroll in their own box. */
  overflowsSideways(page: Page): Promise<boolean>;
  /**
   * What axe-core finds against WCAG 2 A and AA on the page as it is now (every page of the browser
   * tests is checked, at both sizes): one line per element, [] when nothing.
   */
  accessibilityViolations(page: Page): Promise<string[]>;
  /** Uncaught errors the page's scripts threw so far. */
  pageErrors(page: Page): readonly string[];
  /**
   * The checks most page tests end with: a screenshot named `name` (as screenshot), then no axe
   * violations and no page errors so far; a failure says which check, on which screenshot.
   */
  expectCleanPage(page: Page, name: string): Promise<void>;
  /** GET an API path on the server (JSON). */
  api<T>(path: string): Promise<T>;
  close(): Promise<void>;
}

/** The pages harness with a series worker, seeded with real games. */
export interface WebHarness extends PagesHarness {
  readonly seeded: Seeded;
  /** POST JSON to an API path with a bearer token (default: the admin's); throws unless 2xx. */
  post<T>(path: string, body: unknown, token?: string): Promise<T>;
  /** Pauses the series queue (no worker takes a series), to watch a page before its games are played. */
  pauseQueue(): Promise<void>;
  resumeQueue(): Promise<void>;
}

async function postJson<T>(baseUrl: string, path: string, body: unknown, bearer: string): Promise<T> {
  const response = await fetch(`${baseUrl}${path}`, { method: 'POST', headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

async function seed(app: TestApp, baseUrl: string): Promise<Seeded> {
  const { store } = app.world;
  const house = Object.fromEntries((await registerHouseBots(store)).map((bot) => [bot.name, bot.bot])) as unknown as Seeded['house'];
  const token = await app.register('alice');
  const post = (path: string, bearer: string, body: unknown) => postJson<Record<string, unknown>>(baseUrl, path, body, bearer);
  const source = await readFile(new URL('random.ts', EXAMPLES), 'utf8');
  const uploaded = await post('/api/bots', token, { game: 'xix', name: 'copycat', files: { 'bot.ts': source } });
  const bot = String(uploaded.bot);
  await until('alice’s bot to pass validation', () => store.getBot(bot), (found) => found?.active != null, { timeoutMs: 45_000 });
  const created = await post('/api/tournaments', ADMIN_TOKEN, { game: 'xix', bots: [house.random, house.heuristic, bot], dealsPerPairing: 2 });
  const tournament = String(created.tournament);
  const report = await until('the seed tournament to finish', () => store.getTournament(tournament), (current): current is TournamentReport => current?.status === 'done', { timeoutMs: 90_000 });
  const matches = (await Promise.all(report.series.map(async (id) => (await store.getSeries(id))?.matches ?? []))).flat();
  return { house, alice: { name: 'alice', token, bot }, tournament, matches };
}

export async function openPagesHarness(config: Partial<ServerConfig> = {}): Promise<PagesHarness> {
  // the broadcast at pace 0 (moves shown as soon as they are known): a test does not wait a pace
  const app = await openApp({ validationDeals: 1, broadcastPaceMs: 0, broadcastPauseMs: 0, ...config });
  let browser: Browser | null = null;
  const contexts = new Set<BrowserContext>();
  const errors = new WeakMap<Page, string[]>();
  const viewports = new WeakMap<Page, ViewportName>();
  const close = async (): Promise<void> => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close();
    await app.close();
  };
  try {
    await app.app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.app.server.address();
    if (address === null || typeof address === 'string') throw new Error('the server has no TCP address');
    const baseUrl = `http://127.0.0.1:${address.port}`;
    const launched = await chromium.launch(CHROMIUM_OPTIONS);
    browser = launched;
    await mkdir(SCREENSHOTS, { recursive: true });
    const shotName = (page: Page, name: string): string => `${name}-${viewports.get(page) ?? 'desktop'}`;
    const screenshot = async (page: Page, name: string): Promise<string> => {
      const path = `${SCREENSHOTS}${shotName(page, name)}.png`;
      await page.evaluate('window.scrollTo(0, 0)'); // a sticky header stays at the top of the picture
      await page.screenshot({ path, fullPage: true });
      return path;
    };
    const pageErrors = (page: Page): readonly string[] => errors.get(page) ?? [];
    return {
      baseUrl,
      app,
      store: app.world.store,
      browser: launched,
      async newPage(viewport, options = {}) {
        const context = await launched.newContext({ viewport: VIEWPORTS[viewport], baseURL: baseUrl, ...(viewport === 'phone' && { isMobile: true, hasTouch: true, deviceScaleFactor: 2 }) });
        contexts.add(context);
        // every page is served under STRICT_POLICY: the pages must work under it
        await context.route((url) => url.origin === baseUrl && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/assets/'), async (route) => {
          if (route.request().resourceType() !== 'document') return route.continue();
          const response = await route.fetch({ maxRedirects: 0 });
          if (response.status() >= 300 && response.status() < 400) return route.continue(); // the browser follows it
          return route.fulfill({ response, headers: { ...response.headers(), 'content-security-policy': STRICT_POLICY } });
        });
        if (options.token !== undefined) await context.addInitScript((value) => localStorage.setItem('xix.token', value), options.token);
        const page = await context.newPage();
        const thrown: string[] = [];
        page.on('pageerror', (error) => thrown.push(error.message));
        // what the content security policy refused (a resource from elsewhere, an inline script), an
        // input's pattern the browser cannot compile (it then ignores it), a missing favicon
        page.on('console', (message) => {
          if (message.type() !== 'error') return;
          const text = message.text();
          if (/Content Security Policy|is not a valid regular expression/i.test(text) || /favicon/.test(message.location().url)) thrown.push(`${text} (${message.location().url})`);
        });
        errors.set(page, thrown);
        viewports.set(page, viewport);
        page.on('close', () => {
          contexts.delete(context);
          void context.close().catch(() => undefined);
        });
        return page;
      },
      screenshot,
      // against the viewport asked for: a phone's browser widens its layout to fit what overflows
      overflowsSideways: async (page) => (await page.evaluate<number>('document.documentElement.scrollWidth')) > VIEWPORTS[viewports.get(page) ?? 'desktop'].width,
      accessibilityViolations,
      pageErrors,
      async expectCleanPage(page, name) {
        await screenshot(page, name);
        expect(await accessibilityViolations(page), `axe on ${shotName(page, name)}`).toEqual([]);
        expect(pageErrors(page), `page errors on ${shotName(page, name)}`).toEqual([]);
      },
      async api<T>(path: string) {
        const response = await fetch(`${baseUrl}${path}`);
        if (!response.ok) throw new Error(`GET ${path}: ${response.status}`);
        return (await response.json()) as T;
      },
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

export async function openWebHarness(): Promise<WebHarness> {
  const pages = await openPagesHarness();
  const { app, baseUrl } = pages;
  let worker: SeriesWorker | null = null;
  try {
    worker = startWorker({ redisUrl: REDIS_URL, prefix: app.world.prefix });
    await worker.ready;
    const seeded = await seed(app, baseUrl);
    const running = worker;
    return {
      ...pages,
      seeded,
      post: (path, body, token = ADMIN_TOKEN) => postJson(baseUrl, path, body, token),
      pauseQueue: () => app.queue.pause(),
      resumeQueue: () => app.queue.resume(),
      async close() {
        await running.close();
        await pages.close();
      },
    };
  } catch (error) {
    await worker?.close();
    await pages.close();
    throw error;
  }
}
