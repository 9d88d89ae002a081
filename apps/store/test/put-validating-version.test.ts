/**
 * putValidatingVersion stores an upload's version with its validation series in one script: a
 * server that dies during an upload leaves all of it or nothing (never a version `validating`
 * forever with no series, nor one with only its series against itself, which would become active
 * without the game against the house bot). Refusals and bad input store nothing.
 */
import { describe, expect, it } from 'vitest';
import { StoreInputError } from '../src/index.ts';
import type { MatchEntrant, NewVersion } from '../src/types.ts';
import { fakeReplay, match, upload } from './world.ts';
import { useWorld } from './use-world.ts';

let house: MatchEntrant;
const world = useWorld(async (opened) => { house = await upload(opened.store, 'house', 'random', 'active'); });

const version = (name: string, owner = 'alice'): Omit<NewVersion, 'state'> =>
  ({ owner, name, game: 'xix', entry: 'bot.ts', files: { 'bot.ts': `// ${name}` }, bundle: `/* ${name} */`, bytes: 10, compileMs: 5 });

/** Every key and its value: what "nothing was stored" compares. */
async function snapshot(): Promise<Map<string, string>> {
  const keys = (await world.keys()).sort();
  const dumps = await Promise.all(keys.map((key) => world.redis.dumpBuffer(key)));
  return new Map(keys.map((key, k) => [key, dumps[k]?.toString('hex') ?? '']));
}

async function playSeries(seriesId: string, entrants: readonly MatchEntrant[]): Promise<void> {
  for (let i = 0; i < 2; i++) await world.store.recordMatch(match(seriesId, i, entrants, fakeReplay(i % 2), { kind: 'validation', rated: false }));
  await world.store.setSeriesStatus(seriesId, 'done');
}

describe('putValidatingVersion', () => {
  it('stores the version checking (its type-check comes first) and its two validation series, both in the unfinished index', async () => {
    const put = await world.store.putValidatingVersion(version('first'), { deals: 3, tables: [{ opponents: [] }, { opponents: [house] }] });
    if (!put.ok) throw new Error(`refused: ${put.reason}`);
    expect(put.version).toBe(1);
    expect(put.validation).toHaveLength(2);
    const self = { bot: put.bot, version: 1 };
    expect(await world.store.getVersion(put.bot, 1)).toMatchObject({ state: 'checking', entry: 'bot.ts', bytes: 10, diagnostics: null });
    expect(await world.store.getBot(put.bot)).toMatchObject({ owner: 'alice', name: 'first', game: 'xix', versions: 1, active: null });
    const series = await Promise.all(put.validation.map((id) => world.store.getSeries(id)));
    const common = { game: 'xix', kind: 'validation', rated: false, deals: 3, games: 6, gamesDone: 0, status: 'queued', requestedBy: 'alice', validates: self, tournament: null, limits: null };
    expect(series[0]).toMatchObject({ ...common, id: put.validation[0], entrants: [self, self] });
    expect(series[1]).toMatchObject({ ...common, id: put.validation[1], entrants: [self, { bot: house.bot, version: house.version }] });
    // each series has its own secret seed key
    expect(series[0]?.botSeedKey).toMatch(/^[0-9a-f]{64}$/);
    expect(series[1]?.botSeedKey).not.toBe(series[0]?.botSeedKey);
    expect(await world.store.unfinishedSeries()).toEqual(put.validation.map((id) => ({ id, kind: 'validation', status: 'queued' })));
  });

  it('makes the version active only once its type-check passed and both series are done: the one against the house bot counts', async () => {
    const put = await world.store.putValidatingVersion(version('first'), { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] });
    if (!put.ok) throw new Error(`refused: ${put.reason}`);
    const [vsSelf, vsHouse] = put.validation as [string, string];
    const self = { bot: put.bot, version: 1, name: 'first' };
    expect(await world.store.settleTypeCheck(self, { ok: true })).toBe('validating');
    await playSeries(vsSelf, [self, self]);
    expect(await world.store.completeValidation(vsSelf)).toBe('validating');
    await playSeries(vsHouse, [self, house]);
    expect(await world.store.completeValidation(vsHouse)).toBe('active');
    expect((await world.store.getBot(put.bot))?.active).toBe(1);
  });

  it('issue 17 item 1: a type-check that finds errors rejects the checking version with them, once: never active, never validating', async () => {
    const put = await world.store.putValidatingVersion(version('typo'), { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] });
    if (!put.ok) throw new Error(`refused: ${put.reason}`);
    const ref = { bot: put.bot, version: 1 };
    const diagnostics = [{ file: 'bot.ts', line: 2, column: 5, text: "TS2304: Cannot find name 'x'." }];
    expect(await world.store.settleTypeCheck(ref, { ok: false, message: '1 type error', diagnostics })).toBe('rejected');
    // the first result stands: a later check (another worker's) changes nothing
    expect(await world.store.settleTypeCheck(ref, { ok: true })).toBe('rejected');
    expect(await world.store.getVersion(put.bot, 1)).toMatchObject({ state: 'rejected', verdict: 'type_error', message: '1 type error', failingMatch: null, diagnostics });
    for (const id of put.validation) await world.store.setSeriesStatus(id, 'failed', 'not played');
    expect(await world.store.completeValidation(put.validation[0]!)).toBe('rejected');
    expect(await world.store.getBot(put.bot)).toMatchObject({ active: null });
    expect(await world.store.settleTypeCheck({ bot: 'b999', version: 1 }, { ok: true })).toBe('missing');
  });

  it('issue 17 item 1: a validation series that failed before the type-check rejects the checking version as unplayed', async () => {
    const put = await world.store.putValidatingVersion(version('early'), { deals: 1, tables: [{ opponents: [] }] });
    if (!put.ok) throw new Error(`refused: ${put.reason}`);
    expect(await world.store.completeValidation(put.validation[0]!)).toBe('checking');
    await world.store.setSeriesStatus(put.validation[0]!, 'failed', 'the worker gave up');
    expect(await world.store.completeValidation(put.validation[0]!)).toBe('rejected');
    expect(await world.store.getVersion(put.bot, 1)).toMatchObject({ state: 'rejected', verdict: 'unplayed' });
  });

  it('validates against itself only when there is no opponent, and numbers the next version of the bot', async () => {
    const first = await world.store.putValidatingVersion(version('first'), { deals: 1, tables: [{ opponents: [] }] });
    const second = await world.store.putValidatingVersion(version('first'), { deals: 1, tables: [{ opponents: [] }] });
    if (!first.ok || !second.ok) throw new Error('refused');
    expect(second).toMatchObject({ bot: first.bot, version: 2 });
    expect(first.validation).toHaveLength(1);
    expect((await world.store.getSeries(second.validation[0]!))?.entrants).toEqual([{ bot: first.bot, version: 2 }, { bot: first.bot, version: 2 }]);
  });

  it('makes one bot of two uploads of a new name at once, each version with its own series', async () => {
    const both = await Promise.all([1, 2].map(() => world.store.putValidatingVersion(version('twin'), { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] })));
    const [a, b] = both;
    if (!a?.ok || !b?.ok) throw new Error('refused');
    expect(b.bot).toBe(a.bot);
    expect([a.version, b.version].sort()).toEqual([1, 2]);
    for (const put of both) {
      if (!put.ok) continue;
      const series = await Promise.all(put.validation.map((id) => world.store.getSeries(id)));
      expect(series.map((s) => s?.validates)).toEqual([{ bot: put.bot, version: put.version }, { bot: put.bot, version: put.version }]);
    }
    expect(await world.store.unfinishedSeries()).toHaveLength(4);
  });

  it('stores nothing for a refused version: another game, or a retired bot', async () => {
    const bot = await upload(world.store, 'alice', 'greedy');
    const before = await snapshot();
    expect(await world.store.putValidatingVersion({ ...version('greedy'), game: 'chess' }, { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] }))
      .toEqual({ ok: false, reason: 'game_differs', bot: bot.bot });
    expect(await snapshot()).toEqual(before);
    await world.store.retireBot(bot.bot);
    const retired = await snapshot();
    expect(await world.store.putValidatingVersion(version('greedy'), { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] })).toEqual({ ok: false, reason: 'retired', bot: bot.bot });
    expect(await snapshot()).toEqual(retired);
    expect(await world.store.unfinishedSeries()).toEqual([]);
  });

  it('rejects bad input before writing anything: no bot, no version, no series, no sequence number taken', async () => {
    const before = await snapshot();
    const bad: [Omit<NewVersion, 'state'>, Parameters<typeof world.store.putValidatingVersion>[1], RegExp][] = [
      [version('ok-name'), { deals: 0, tables: [{ opponents: [] }, { opponents: [house] }] }, /deals must be a positive integer/],
      [version('ok-name'), { deals: 1.5, tables: [{ opponents: [] }] }, /deals must be a positive integer/],
      [version('ok-name'), { deals: 1, tables: [{ opponents: [{ bot: 'house', version: 1 }] }] }, /bot id/],
      [version('ok-name'), { deals: 1, tables: [{ opponents: [{ bot: house.bot, version: 0 }] }] }, /not a positive integer/],
      [version('no spaces'), { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] }, /bot name/],
      [version('ok-name', 'Not A User'), { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] }, /owner/],
    ];
    for (const [input, plan, message] of bad) {
      await expect(world.store.putValidatingVersion(input, plan)).rejects.toThrow(StoreInputError);
      await expect(world.store.putValidatingVersion(input, plan)).rejects.toThrow(message);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('writes in one command: every change of an upload is made inside its one script', async () => {
    const monitor = await world.redis.monitor(); // a connection of its own
    const seen: { args: string[]; source: string }[] = [];
    const sentinel = `${world.prefix}:monitor-sentinel`;
    const sentinelSeen = new Promise<void>((resolve) => {
      monitor.on('monitor', (_time: string, args: string[], source: string) => {
        if (!args.some((arg) => arg.includes(world.prefix))) return; // other tests share this Redis
        if (args.includes(sentinel)) resolve();
        else seen.push({ args, source });
      });
    });
    try {
      const put = await world.store.putValidatingVersion(version('first'), { deals: 1, tables: [{ opponents: [] }, { opponents: [house] }] });
      expect(put.ok).toBe(true);
      // MONITOR shows commands in the order Redis ran them: once the sentinel shows, the upload's are all in
      await world.redis.exists(sentinel);
      await sentinelSeen;
    } finally {
      monitor.disconnect();
    }
    const fromClients = seen.filter(({ source }) => source !== 'lua');
    // the script by its hash, and again in full if Redis did not know it yet (lua.ts)
    expect([['evalsha'], ['evalsha', 'eval']]).toContainEqual(fromClients.map(({ args }) => args[0]?.toLowerCase()));
    // the script itself stored the version and both series
    const writes = seen.filter(({ source }) => source === 'lua').map(({ args }) => `${args[0]?.toLowerCase()} ${args[1]?.slice(world.prefix.length + 1)}`);
    expect(writes).toEqual(expect.arrayContaining(['hset version:b2:1', 'hset series:s1', 'hset series:s2', 'zadd series-unfinished']));
  });
});
