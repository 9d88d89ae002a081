/**
 * A new version is validated by its own series (against itself and against the house random bot):
 * the worker completes the validation when each series is done, so a sound bot becomes active and
 * a bot that forfeits is rejected, naming the game it forfeited.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HEURISTIC, RANDOM, THROWS, finished, storeBot, workerForAll } from './helpers.ts';

describe('validation series', () => {
  const w = workerForAll();
  let house: { bot: string; version: number };
  beforeAll(async () => {
    house = await storeBot(w.h.store, 'house', 'random', RANDOM);
  });

  const validate = async (version: { bot: string; version: number }): Promise<string[]> => [
    await w.h.enqueue({ kind: 'validation', rated: false, entrants: [version, version], deals: 2, seed: 5, validates: version }),
    await w.h.enqueue({ kind: 'validation', rated: false, entrants: [version, house], deals: 2, seed: 6, validates: version }),
  ];

  it('makes a version that plays cleanly active', async () => {
    const good = await storeBot(w.h.store, 'carol', 'steady', HEURISTIC, 'validating');
    const ids = await validate(good);
    for (const id of ids) expect(await w.h.waitFor(id, finished)).toMatchObject({ status: 'done', gamesDone: 4 });
    const [version] = (await w.h.store.getBotWithVersions(good.bot))!.versions;
    expect(version).toMatchObject({ state: 'active', verdict: null, failingMatch: null });
    expect((await w.h.store.getBot(good.bot))?.active).toBe(1);
    // The last series to finish is the one that saw the validation through.
    const results = await Promise.all(ids.map(async (id) => (await w.h.queue.getJob(id))?.returnvalue.validation));
    expect(results.sort()).toEqual(['active', 'validating']);
  });

  it('rejects a version that forfeits, naming the game it forfeited', async () => {
    const bad = await storeBot(w.h.store, 'dave', 'thrower', THROWS, 'validating');
    const ids = await validate(bad);
    for (const id of ids) await w.h.waitFor(id, finished);
    const [version] = (await w.h.store.getBotWithVersions(bad.bot))!.versions;
    expect(version).toMatchObject({ state: 'rejected', verdict: 'error' });
    expect(version?.failingMatch).toMatch(new RegExp(`^(${ids.join('|')})\\.\\d+$`));
    const failing = await w.h.store.getMatch(version!.failingMatch!);
    const seat = failing!.forfeit!.seat;
    expect(failing!.entrants[seat]?.bot).toBe(bad.bot);
    expect((await w.h.store.getBot(bad.bot))?.active).toBeNull();
  });
});
