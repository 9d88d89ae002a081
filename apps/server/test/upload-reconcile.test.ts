/**
 * An upload stores its version and validation series in one step and enqueues them after: a server
 * that died in between left a version `validating` with all its series and no job (or only some).
 * The reconcile at the next start enqueues what lacks a job, and a worker then validates the version
 * against itself and the house bot.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EntrantRef, VersionInfo } from '@xix/store';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { RANDOM, compiledBot, storeBot } from '../../worker/test/helpers.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { enqueueSeries } from '../src/enqueue.ts';
import { reconcileQueue } from '../src/reconcile.ts';
import { openApp, type TestApp } from './app.ts';

let t: TestApp;
let house: EntrantRef;
let worker: SeriesWorker | undefined;
beforeEach(async () => {
  t = await openApp();
  house = await storeBot(t.world.store, 'house', 'random', RANDOM);
});
afterEach(async () => {
  await worker?.close();
  worker = undefined;
  await t.close();
});

/** What an upload leaves when the server dies right after storing it, before enqueuing anything. */
async function storeUploadOnly(): Promise<{ bot: string; version: number; validation: readonly string[] }> {
  const bundle = await compiledBot(RANDOM);
  const put = await t.world.store.putValidatingVersion(
    { owner: 'alice', name: 'late', game: 'xix', entry: 'bot.ts', files: { 'bot.ts': '// compiled in the test' }, bundle, bytes: bundle.length, compileMs: 1 },
    { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] },
  );
  if (!put.ok) throw new Error(`refused: ${put.reason}`);
  return put;
}

async function untilDecided(bot: string, version: number, timeoutMs = 60_000): Promise<VersionInfo> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const info = await t.world.store.getVersion(bot, version);
    if (info !== null && info.state !== 'checking' && info.state !== 'validating') return info;
    if (Date.now() > deadline) throw new Error(`${bot} version ${version} still validating after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('an upload whose server died before enqueuing its validation', () => {
  it('is validated against itself and the house bot after the reconcile, by a worker', async () => {
    const { bot, version, validation } = await storeUploadOnly();
    expect(validation).toHaveLength(2);
    expect(Object.values(await t.queue.getJobCounts()).reduce((sum, n) => sum + n, 0)).toBe(0);

    expect(await reconcileQueue(t.world.store, t.queue)).toEqual({ checked: 2, enqueued: validation, retried: [], unknownKind: [] });
    worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
    await worker.ready;
    expect(await untilDecided(bot, version)).toMatchObject({ state: 'active', verdict: null });
    expect((await t.world.store.getBot(bot))?.active).toBe(version);
    const series = await Promise.all(validation.map((id) => t.world.store.getSeries(id)));
    // both played in full, the second against the house bot: 1 deal × 2 seats each
    expect(series.map((s) => [s?.status, s?.gamesDone, s?.entrants[1]])).toEqual([['done', 2, { bot, version }], ['done', 2, house]]);
    expect(await reconcileQueue(t.world.store, t.queue)).toEqual({ checked: 0, enqueued: [], retried: [], unknownKind: [] });
  });

  it('gets a job for the series it had not enqueued yet, and only for that one', async () => {
    const { validation } = await storeUploadOnly();
    await enqueueSeries(t.queue, 'validation', validation[0]!); // the server died after the first
    expect(await reconcileQueue(t.world.store, t.queue)).toEqual({ checked: 2, enqueued: [validation[1]], retried: [], unknownKind: [] });
    expect((await Promise.all(validation.map((id) => t.queue.getJob(id)))).map((job) => job?.name)).toEqual(['validation', 'validation']);
  });
});
