/**
 * Issue 21's end to end: two versions of a bot uploaded with `xix upload --sprt` through the real
 * server and a real worker (its SPRT runner wired as in the worker process); the second, far
 * stronger, is tested against the first in the background until H1, `xix upload --sprt` prints the
 * verdict and exits 0, and the bot page shows the finished test. The bounds are wide (elo1 200)
 * and the chunks small, so that the test decides within a few chunks.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerHouseBots } from '@xix/server';
import { startSprtRunner, startWorker, type SeriesWorker, type SprtRunner } from '@xix/worker';
import type { BotDetail } from '@xix/server/api-types';
import { runXixAsync } from '../../cli/src/test/fake-platform.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { openPagesHarness, type PagesHarness } from './harness.ts';

const EXAMPLES = fileURLToPath(new URL('../../../sdk/examples/xix/', import.meta.url));
const FAST = { elo0: 0, elo1: 200, maxGames: 400, chunkDeals: 4 };

let pages: PagesHarness;
let runner: SprtRunner;
let worker: SeriesWorker;
let configDir: string;
beforeAll(async () => {
  pages = await openPagesHarness();
  await registerHouseBots(pages.store);
  runner = startSprtRunner({ redisUrl: REDIS_URL, prefix: pages.app.world.prefix, settings: FAST, intervalMs: 200 });
  worker = startWorker({ redisUrl: REDIS_URL, prefix: pages.app.world.prefix, afterSeries: runner.afterSeries });
  await worker.ready;
  configDir = await mkdtemp(join(tmpdir(), 'xix-sprt-'));
});
afterAll(async () => {
  await worker?.close();
  await runner?.close();
  await pages?.close();
  if (configDir !== undefined) await rm(configDir, { recursive: true, force: true });
});

describe('a new version tested against the previous one (issue 21)', () => {
  it('is tested on upload until H1: xix upload --sprt prints the verdict, the API has it, the bot page shows it', async () => {
    const env = { XIX_CONFIG_DIR: configDir, XIX_TOKEN: await pages.app.register('hana') };
    const login = await runXixAsync({ cwd: configDir, env }, 'login', pages.baseUrl);
    expect(login.code, login.stderr).toBe(0);
    const upload = (file: string) => runXixAsync({ cwd: configDir, env: { XIX_CONFIG_DIR: configDir } }, 'upload', join(EXAMPLES, file), '--name', 'climber', '--sprt', '--wait', '120', '--sprt-wait', '120');

    // the first version has nothing to be tested against: no verdict (5), said so
    const first = await upload('random.ts');
    expect(first.stderr).toMatch(/no SPRT: b\d+ has no earlier active version to test version 1 against/);
    expect(first.code).toBe(5);
    const bot = /uploaded climber as (b\d+) version 1/.exec(first.stdout)?.[1];
    expect(bot).toBeDefined();

    const second = await upload('heuristic.ts');
    expect(second.stderr).toBe('');
    expect(second.code).toBe(0);
    const lines = second.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^v2 vs v1: (\+\d+ ± \d+ Elo|\+\d+ Elo \(95% interval unbounded\)|won every game), better, after \d+ games$/);

    const { versions } = await pages.api<BotDetail>(`/api/bots/${bot}`);
    expect(versions[0]?.sprt).toBeNull();
    const test = versions[1]!.sprt!;
    expect(test).toMatchObject({ base: 1, status: 'H1', model: 'pentanomial', elo0: 0, elo1: 200, reason: null });
    expect(test.llr).toBeGreaterThanOrEqual(test.upper);
    expect(test.games).toBe(2 * test.counts.reduce((sum, count) => sum + count, 0));
    expect(lines.at(-1)).toContain(`after ${test.games} games`);

    const page = await pages.newPage('desktop');
    await page.goto(`/bots/${bot}`);
    const line = page.getByTestId('sprt-v2');
    await line.waitFor();
    expect(await line.getAttribute('data-status')).toBe('H1');
    expect(await line.locator('.sprt-line').textContent()).toBe(lines.at(-1));
    expect(await page.getByRole('heading', { name: 'Is the new version better?' }).count()).toBe(1);
    expect(await pages.accessibilityViolations(page)).toEqual([]);
    expect(pages.pageErrors(page)).toEqual([]);
    await pages.screenshot(page, 'bot-sprt');
  });
});
