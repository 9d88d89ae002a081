/**
 * `npm run bench:web`: the bot editor (issue 22) on loopback in headless Chromium, against a real
 * server (the browser tests' harness: Redis on 127.0.0.1:6379, its own key prefix):
 * 1. The editor page's transferred size: every response the page and its workers load from a cold
 *    cache until the editor takes typing and has checked the template (gzip as the server sends
 *    it), against the 2 MB budget.
 * 2. The time from navigation until the editor takes typing (a key typed shows in the document),
 *    against 3 s; and until the TypeScript service has checked the template (its first answer).
 * 3. Games per second in the page: heuristic against heuristic in the editor's play worker (the
 *    author's seat given the house heuristic's module), against `xix play --trusted` on the same
 *    machine in the same run. Each is timed at GAMES games and at 2 games: the difference is the
 *    rate without the start-up (a worker's or a process's).
 * Settings: BENCH_GAMES (default 2000), BENCH_LOADS (page loads, median taken; default 5).
 */
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Page } from 'playwright-core';
import { defaultGame } from '@xix/engine';
import { loadAverages, positiveFromEnv } from '../../worker/bench/bench-env.ts';
import { houseBotModules } from '../editor-build.ts';
import { openPagesHarness } from '../test/harness.ts';

const GAMES = positiveFromEnv('BENCH_GAMES', 2000);
const LOADS = positiveFromEnv('BENCH_LOADS', 5);
const SEED = 1;
const GAME = defaultGame().id;
const XIX = fileURLToPath(new URL('../../cli/src/main.ts', import.meta.url));
const SIZE_BUDGET = 2 * 1024 * 1024;
const TYPING_BUDGET_MS = 3000;

const median = (values: readonly number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const mb = (bytes: number): string => `${(bytes / 1024 / 1024).toFixed(2)} MB`;

interface Load {
  readonly bytes: number;
  readonly files: readonly string[];
  readonly typingMs: number;
  readonly checkedMs: number;
}

/**
 * What the server wrote to the browser's connections while the page loaded: every byte on the wire
 * (headers and bodies, gzip where the server sends it), the workers' scripts included, which the
 * page's own network events do not size. Chromium opens new connections for a new browser context.
 */
function countServerBytes(server: Server): () => number {
  const sockets: Socket[] = [];
  const onConnection = (socket: Socket): void => {
    sockets.push(socket);
  };
  server.on('connection', onConnection);
  return () => {
    server.off('connection', onConnection);
    return sockets.reduce((sum, socket) => sum + socket.bytesWritten, 0);
  };
}

async function loadEditor(page: Page, baseUrl: string, server: Server): Promise<Load> {
  const files: string[] = [];
  page.on('response', (response) => {
    files.push(`${new URL(response.url()).pathname} (${response.headers()['content-encoding'] ?? 'identity'})`);
  });
  const written = countServerBytes(server);
  const start = Date.now();
  await page.goto(`${baseUrl}/editor?game=xix`);
  // the editor with the game's template in it (locators see into its shadow root)
  await page.locator('.cm-content', { hasText: 'defineXixBot' }).click();
  await page.keyboard.press('Control+Home');
  await page.keyboard.type('x');
  await page.locator('.cm-line').first().filter({ hasText: /^x/ }).waitFor();
  const typingMs = Date.now() - start;
  await page.locator('[data-testid="problems"] li, [data-testid="no-problems"]').first().waitFor({ timeout: 60_000 });
  const checkedMs = Date.now() - start;
  return { bytes: written(), files, typingMs, checkedMs };
}

/** Seconds the page's play worker takes for `games` games of heuristic against heuristic. */
async function pageSeconds(page: Page, heuristic: { name: string; code: string }, games: number): Promise<number> {
  // run in the page (a string: this file is typed for Node, not for a page); the default game, as `xix play` plays
  const request = JSON.stringify({ type: 'play', game: GAME, author: heuristic, house: 'heuristic', seed: SEED, first: 0, end: games, watch: false });
  return page.evaluate<number>(`(async () => {
    const url = document.querySelector('meta[name="xix-asset"][data-entry="play-worker"]').content;
    const start = performance.now();
    const worker = new Worker(url, { type: 'module' });
    await new Promise((resolve, reject) => {
      worker.onmessage = ({ data }) => {
        if (data.type === 'done') resolve();
        if (data.type === 'error') reject(new Error(data.message));
      };
      worker.postMessage(${request});
    });
    worker.terminate();
    return (performance.now() - start) / 1000;
  })()`);
}

/** Seconds `xix play --trusted` takes for `games` games of heuristic against heuristic (process start included). */
function cliSeconds(games: number): number {
  const start = performance.now();
  const run = spawnSync(process.execPath, ['--no-node-snapshot', XIX, 'play', 'heuristic', 'heuristic', '--trusted', '--games', String(games), '--seed', String(SEED)], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`xix play failed: ${run.stderr}`);
  return (performance.now() - start) / 1000;
}

const harness = await openPagesHarness();
try {
  console.log(`bench:web — load average ${loadAverages()} at start (the machine is shared: figures are noisy)`);
  const loads: Load[] = [];
  for (let i = 0; i < LOADS; i++) {
    const page = await harness.newPage('desktop');
    loads.push(await loadEditor(page, harness.baseUrl, harness.app.app.server));
    await page.close();
  }
  const bytes = median(loads.map((l) => l.bytes));
  const typing = median(loads.map((l) => l.typingMs));
  const checked = median(loads.map((l) => l.checkedMs));
  console.log('\nThe editor page, cold cache: what it loaded (content encoding as served), then the bytes the server wrote to its connections:');
  for (const line of loads[0]!.files) console.log(`  ${line}`);
  console.log(`  total ${mb(bytes)} (median of ${LOADS}; budget ${mb(SIZE_BUDGET)}): ${bytes <= SIZE_BUDGET ? 'within' : 'OVER'}`);
  console.log(`Until the editor takes typing: ${typing} ms (median of ${LOADS}: ${loads.map((l) => l.typingMs).join(', ')}; budget ${TYPING_BUDGET_MS} ms): ${typing <= TYPING_BUDGET_MS ? 'within' : 'OVER'}`);
  console.log(`Until TypeScript has checked the template: ${checked} ms (median of ${LOADS}: ${loads.map((l) => l.checkedMs).join(', ')})`);

  const heuristic = (await houseBotModules(false))[GAME]!.find((bot) => bot.name === 'heuristic')!;
  const page = await harness.newPage('desktop');
  await page.goto(`${harness.baseUrl}/editor?game=xix`);
  // alternated, so that the machine's load falls on both alike
  const inPage = { full: await pageSeconds(page, heuristic, GAMES), start: await pageSeconds(page, heuristic, 2) };
  const cli = { full: cliSeconds(GAMES), start: cliSeconds(2) };
  const inPage2 = await pageSeconds(page, heuristic, GAMES);
  const cli2 = cliSeconds(GAMES);
  const rate = (full: number, start: number): number => (GAMES - 2) / Math.max(1e-9, full - start);
  const pageRate = rate(Math.min(inPage.full, inPage2), inPage.start);
  const cliRate = rate(Math.min(cli.full, cli2), cli.start);
  console.log(`\nheuristic vs heuristic, ${GAMES} games, seed ${SEED} (best of 2 runs, less a 2-game run's start-up):`);
  console.log(`  in the page (play worker): ${pageRate.toFixed(0)} games/s (${inPage.full.toFixed(2)} s and ${inPage2.toFixed(2)} s; 2 games ${inPage.start.toFixed(2)} s)`);
  console.log(`  xix play --trusted:        ${cliRate.toFixed(0)} games/s (${cli.full.toFixed(2)} s and ${cli2.toFixed(2)} s; 2 games ${cli.start.toFixed(2)} s)`);
  console.log(`  page / CLI: ${(pageRate / cliRate).toFixed(2)}`);
  console.log(`load average ${loadAverages()} at the end`);
  await page.close();
} finally {
  await harness.close();
}
