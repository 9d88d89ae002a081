/**
 * A new version is validated by its own series (against itself and against the house random bot):
 * the worker completes the validation when each series is done, so a sound bot becomes active and
 * a bot that forfeits is rejected, naming the game it forfeited. An upload is type-checked first
 * (it is stored 'checking'), and a validation stops at the version's first forfeit.
 */
import { compileBot } from '@xix/sandbox';
import { SERIES_JOB_OPTIONS, seriesJobId } from '@xix/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { HEURISTIC, LOOPS, RANDOM, THROWS, finished, storeBot, workerForAll } from './helpers.ts';

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

  /** Stores an upload as the server does (checking, with its validation series: against itself, then against random) and enqueues the series. */
  const upload = async (owner: string, name: string, files: Record<string, string>): Promise<{ bot: string; version: number; series: string[] }> => {
    await w.h.store.ensureUser(owner);
    const compiled = await compileBot({ entry: 'bot.ts', files: new Map(Object.entries(files)) });
    if (!compiled.ok) throw new Error(compiled.message);
    const put = await w.h.store.putValidatingVersion(
      { owner, name, game: 'xix', entry: 'bot.ts', files, bundle: compiled.code, bytes: compiled.bytes, compileMs: 1 },
      { deals: 2, tables: [{ seats: 2, opponents: [] }, { seats: 2, opponents: [house] }] },
    );
    if (!put.ok) throw new Error(put.reason);
    for (const id of put.validation) await w.h.queue.add('validation', { seriesId: id }, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(id) });
    return { bot: put.bot, version: put.version, series: [...put.validation] };
  };

  it('issue 17 item 1: type-checks an upload first: a type error rejects it, never played, never active, with its errors at file:line:column, and binds no name', async () => {
    const source = `import { defineXixBot } from '@xix/sdk';\nimport { first } from './first.ts';\nexport default defineXixBot({ decide: (view) => first(view.legalActions) });\n`;
    const first = `export const first = <T>(actions: readonly T[]): T => actions.at(0);\n`;
    const typo = await upload('erin', 'typo', { 'bot.ts': source, 'first.ts': first });
    expect((await w.h.store.getVersion(typo.bot, typo.version))?.state).toBe('checking');
    for (const id of typo.series) expect(await w.h.waitFor(id, finished)).toMatchObject({ status: 'failed', gamesDone: 0, error: expect.stringMatching(/^not played on: b\d+ version 1, which it validates, was rejected$/) });
    const [version] = (await w.h.store.getBotWithVersions(typo.bot))!.versions;
    expect(version).toMatchObject({
      state: 'rejected', verdict: 'type_error', failingMatch: null,
      message: expect.stringMatching(/^1 type error \(as xix check shows them\); the first: first\.ts:1:55 error TS2322: Type 'T \| undefined' is not assignable to type 'T'/),
      diagnostics: [{ file: 'first.ts', line: 1, column: 55, text: expect.stringMatching(/^TS2322: /) }],
    });
    expect((await w.h.store.getBot(typo.bot))?.active).toBeNull();
    expect((await w.h.store.listMatches({ bot: typo.bot, limit: 10 })).matches).toEqual([]);
    // a rejected version binds no name: the name takes a bot of another game
    expect(await w.h.store.putVersion({ owner: 'erin', name: 'typo', game: '1923', entry: 'bot.ts', files: {}, bundle: '', bytes: 0, compileMs: 0 })).toMatchObject({ ok: true, bot: typo.bot });

    const fixed = await upload('erin', 'fixed', { 'bot.ts': source, 'first.ts': first.replace('actions.at(0)', 'actions[0]!') });
    for (const id of fixed.series) expect(await w.h.waitFor(id, finished)).toMatchObject({ status: 'done', gamesDone: 4 });
    expect((await w.h.store.getBotWithVersions(fixed.bot))!.versions).toEqual([expect.objectContaining({ state: 'active', verdict: null, diagnostics: null })]);
  });

  it('issue 17 item 4: rejects a looping bot at its first timeout: its validation series stop there and play no more', async () => {
    const loops = await storeBot(w.h.store, 'fred', 'spinner', LOOPS, 'validating');
    const ids = await validate(loops);
    const series = [];
    for (const id of ids) series.push(await w.h.waitFor(id, finished));
    expect(series.map((s) => s.status)).toEqual(['failed', 'failed']);
    expect(series.map((s) => s.gamesDone)).toEqual([1, 0]);
    expect(series[0]!.error).toMatch(/^stopped at the first forfeit of b\d+ version 1, which it validates \(match s\d+\.0\)$/);
    const [version] = (await w.h.store.getBotWithVersions(loops.bot))!.versions;
    expect(version).toMatchObject({ state: 'rejected', verdict: 'timeout', failingMatch: `${ids[0]}.0` });
  });
});

