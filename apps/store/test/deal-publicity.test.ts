/**
 * Deal publicity (issue 19, no spoilers): a match is unpublished while another game of its deal is
 * still to be played (its mirrored twin; in a tournament, the same deal at another table) or on
 * broadcast, and public as soon as neither holds.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_SPRT_SETTINGS } from '../src/sprt.ts';
import type { MatchEntrant } from '../src/types.ts';
import { fakeReplay, match, openWorld, upload, type World } from './world.ts';

let w: World;
beforeEach(async () => {
  w = await openWorld();
});
afterEach(async () => {
  await w.close();
});

const store = (seriesId: string, index: number, entrants: readonly MatchEntrant[]) => w.store.recordMatch(match(seriesId, index, index % 2 === 0 ? entrants : [...entrants].reverse(), fakeReplay(index % 2)));
const hidden = async (ids: readonly string[]) => [...(await w.store.unpublishedMatches(ids))].sort();

describe('a series deal', () => {
  it('is unpublished until both mirrored twins are stored, then public; a later deal stays hidden', async () => {
    const a = await upload(w.store, 'alice', 'one');
    const b = await upload(w.store, 'bob', 'two');
    const s = await w.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, b], deals: 2, seed: 1, requestedBy: 'alice' });
    await w.store.setSeriesStatus(s, 'running');
    await store(s, 0, [a, b]);
    expect(await hidden([`${s}.0`, `${s}.1`, `${s}.2`])).toEqual([`${s}.0`, `${s}.1`, `${s}.2`]);
    await store(s, 1, [a, b]);
    expect(await hidden([`${s}.0`, `${s}.1`, `${s}.2`, `${s}.3`])).toEqual([`${s}.2`, `${s}.3`]);
    // a series given up (failed) will never play the rest of its deal: nothing waits for it
    await store(s, 2, [a, b]);
    await w.store.setSeriesStatus(s, 'failed', 'stopped');
    expect(await hidden([`${s}.2`])).toEqual([]);
  });

  it('stays unpublished while any game of it is on broadcast, and no longer once released or lapsed', async () => {
    const a = await upload(w.store, 'alice', 'one');
    const b = await upload(w.store, 'bob', 'two');
    const s = await w.store.createSeries({ game: 'xix', kind: 'ladder', rated: true, entrants: [a, b], deals: 2, seed: 1, requestedBy: 'ladder' });
    for (let i = 0; i < 4; i++) await store(s, i, [a, b]);
    await w.store.setSeriesStatus(s, 'done');
    const all = [0, 1, 2, 3].map((i) => `${s}.${i}`);
    expect(await hidden(all)).toEqual([]);
    await w.store.holdBroadcast(`${s}.1`, 60_000);
    // the held game and its twin; the other deal is public
    expect(await hidden(all)).toEqual([`${s}.0`, `${s}.1`]);
    await w.store.releaseBroadcast(`${s}.1`);
    expect(await hidden(all)).toEqual([]);
    await w.store.holdBroadcast(`${s}.2`, 60_000);
    await w.redis.zadd(`${w.prefix}:broadcast-holds`, 1, `${s}.2|`); // its (showing '') hold lapsed long ago: a crashed server's
    expect(await hidden(all)).toEqual([]);
  });
});

describe('going on broadcast (one game of a deal at a time; a stored game once its deal is complete)', () => {
  const showable = async (ids: readonly string[]) => [...(await w.store.mayShow(ids))].sort();

  it('lets a game in progress on while no other game of its deal is on, and a stored one only once its deal is complete', async () => {
    const a = await upload(w.store, 'alice', 'one');
    const b = await upload(w.store, 'bob', 'two');
    const s = await w.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, b], deals: 2, seed: 1, requestedBy: 'alice' });
    await w.store.setSeriesStatus(s, 'running');
    // nothing stored, nothing held: every game may be shown once it is in progress
    expect(await showable([`${s}.0`, `${s}.1`])).toEqual([`${s}.0`, `${s}.1`]);
    await store(s, 0, [a, b]);
    // game 0 is stored while its twin is still to play: its views would show the twin's hidden cards
    expect(await showable([`${s}.0`, `${s}.1`, `${s}.2`])).toEqual([`${s}.1`, `${s}.2`]);
    expect(await w.store.startBroadcast(`${s}.0`, 'p1-1', 60_000)).toBe(false);
    expect(await w.store.onBroadcast([`${s}.0`])).toEqual(new Set());
    // the twin in progress goes on broadcast: one showing, then another (another server's) of the same game
    expect(await w.store.startBroadcast(`${s}.1`, 'p1-2', 60_000)).toBe(true);
    expect(await w.store.startBroadcast(`${s}.1`, 'p2-1', 60_000)).toBe(true);
    expect(await showable([`${s}.0`, `${s}.1`, `${s}.2`])).toEqual([`${s}.1`, `${s}.2`]);
    // stored while on broadcast, its deal complete: game 0 waits while game 1 is shown anywhere
    await store(s, 1, [a, b]);
    expect(await showable([`${s}.0`, `${s}.1`])).toEqual([`${s}.1`]);
    await w.store.releaseBroadcast(`${s}.1`, 'p1-2');
    expect(await showable([`${s}.0`])).toEqual([]);
    await w.store.releaseBroadcast(`${s}.1`, 'p2-1');
    expect(await showable([`${s}.0`, `${s}.1`])).toEqual([`${s}.0`, `${s}.1`]);
    expect(await w.store.startBroadcast(`${s}.0`, 'p1-3', 60_000)).toBe(true);
    expect(await w.store.startBroadcast(`${s}.1`, 'p1-4', 60_000)).toBe(false);
  });

  it('keeps a deal secret while any showing holds it: one showing\'s release leaves the others\' holds', async () => {
    const a = await upload(w.store, 'alice', 'one');
    const b = await upload(w.store, 'bob', 'two');
    const s = await w.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, b], deals: 1, seed: 1, requestedBy: 'alice' });
    for (let i = 0; i < 2; i++) await store(s, i, [a, b]);
    await w.store.setSeriesStatus(s, 'done');
    expect(await w.store.startBroadcast(`${s}.0`, 'one', 60_000)).toBe(true);
    expect(await w.store.startBroadcast(`${s}.0`, 'two', 60_000)).toBe(true);
    await w.store.releaseBroadcast(`${s}.0`, 'one');
    expect(await hidden([`${s}.0`, `${s}.1`])).toEqual([`${s}.0`, `${s}.1`]);
    expect(await w.store.onBroadcast([`${s}.0`])).toEqual(new Set([`${s}.0`]));
    await w.store.releaseBroadcast(`${s}.0`, 'two');
    expect(await hidden([`${s}.0`, `${s}.1`])).toEqual([]);
  });

  it('in a tournament, shows one table of a deal at a time (duplicate play: the tables share their cards)', async () => {
    const bots = [await upload(w.store, 'alice', 'ann'), await upload(w.store, 'bob', 'ben'), await upload(w.store, 'carol', 'cat')];
    const { series } = await w.store.createTournament({ game: 'xix', entrants: bots.map(({ bot, version }) => ({ bot, version })), dealsPerPairing: 2, seats: 2, createdBy: 'admin' });
    const [first, second] = series as [string, string, string];
    for (const s of series) await w.store.setSeriesStatus(s, 'running');
    // deal 0 in play at two tables: the first goes on broadcast, the second's same deal waits; its deal 1 may go on
    expect(await w.store.startBroadcast(`${first}.0`, 'one', 60_000)).toBe(true);
    expect(await showable([`${second}.0`, `${second}.1`, `${second}.2`])).toEqual([`${second}.2`]);
    expect(await w.store.startBroadcast(`${second}.1`, 'two', 60_000)).toBe(false);
  });

  it('refuses bad input', async () => {
    await expect(w.store.startBroadcast('nope', 'a', 1000)).rejects.toThrow(/match id/);
    await expect(w.store.startBroadcast('s1.0', 'a|b', 1000)).rejects.toThrow(/showing id/);
    await expect(w.store.startBroadcast('s1.0', 'a', 0)).rejects.toThrow(/hold lasts/);
    expect(await w.store.mayShow(['x'])).toEqual(new Set());
  });
});

describe('a validation deal', () => {
  it('is public once the validated version forfeits: the series stops there, and its owner is shown the failing game', async () => {
    const house = await upload(w.store, 'house', 'random');
    const version = await upload(w.store, 'alice', 'quitter', 'validating');
    const s = await w.store.createSeries({ game: 'xix', kind: 'validation', rated: false, entrants: [version, house], deals: 2, seed: 1, requestedBy: 'alice', validates: version });
    await w.store.setSeriesStatus(s, 'running');
    await w.store.recordMatch(match(s, 0, [version, house], fakeReplay(0), { kind: 'validation', rated: false }));
    await w.store.recordMatch(match(s, 1, [house, version], fakeReplay(1), { kind: 'validation', rated: false }));
    // deal 1: the version forfeits its first game; the twin will never be played
    await w.store.recordMatch(match(s, 2, [version, house], fakeReplay(1, { forfeitSeat: 0 }), { kind: 'validation', rated: false }));
    // still `running` (its worker has yet to mark it), yet it will store nothing more
    expect((await w.store.getSeries(s))!.status).toBe('running');
    expect(await hidden([`${s}.0`, `${s}.2`, `${s}.3`])).toEqual([]);
  });
});

describe('a tournament deal', () => {
  it('stays unpublished until every pairing has played it (duplicate play), a cancelled pairing waiting for nothing', async () => {
    const bots = [await upload(w.store, 'alice', 'ann'), await upload(w.store, 'bob', 'ben'), await upload(w.store, 'carol', 'cat')];
    const { tournament, series } = await w.store.createTournament({ game: 'xix', entrants: bots.map(({ bot, version }) => ({ bot, version })), dealsPerPairing: 2, seats: 2, createdBy: 'admin' });
    const [first, second, third] = series as [string, string, string];
    const sitting = [[bots[0]!, bots[1]!], [bots[0]!, bots[2]!], [bots[1]!, bots[2]!]];
    for (const s of series) await w.store.setSeriesStatus(s, 'running');
    // the first table plays both deals and is done; the tournament notes its unfinished tables (settle)
    for (let i = 0; i < 4; i++) await store(first, i, sitting[0]!);
    await w.store.setSeriesStatus(first, 'done');
    await w.store.settleTournament(tournament);
    expect(await hidden([`${first}.0`, `${first}.3`])).toEqual([`${first}.0`, `${first}.3`]);
    // the second table plays deal 0; the third has not: deal 0 is still secret
    await store(second, 0, sitting[1]!);
    await store(second, 1, sitting[1]!);
    expect(await hidden([`${first}.0`, `${second}.1`])).toEqual([`${first}.0`, `${second}.1`]);
    await store(third, 0, sitting[2]!);
    await store(third, 1, sitting[2]!);
    expect(await hidden([`${first}.0`, `${first}.1`, `${second}.0`, `${third}.1`, `${first}.2`])).toEqual([`${first}.2`]);
    // deal 1: the second table's pairing is cancelled; the third plays it
    await w.store.setSeriesStatus(second, 'failed', 'cancelled');
    await w.store.settleTournament(tournament);
    await store(third, 2, sitting[2]!);
    expect(await hidden([`${first}.2`])).toEqual([`${first}.2`]);
    await store(third, 3, sitting[2]!);
    expect(await hidden([`${first}.2`, `${first}.3`, `${third}.3`])).toEqual([]);
    // a game on broadcast at one table keeps the deal hidden at every table
    await w.store.holdBroadcast(`${third}.3`, 60_000);
    expect(await hidden([`${first}.2`, `${first}.0`])).toEqual([`${first}.2`]);
  });
});

describe('an SPRT chunk through a field (a deal group)', () => {
  it('stays unpublished until both tables (the new version\'s and the old\'s) have played it, a game on broadcast at either hiding both', async () => {
    const base = await upload(w.store, 'alice', 'mine');
    const version = await upload(w.store, 'alice', 'mine');
    const field = [await upload(w.store, 'bob', 'one'), await upload(w.store, 'carol', 'two')];
    await w.store.startSprt({ bot: version.bot, version: version.version, base: base.version, game: 'xix', seats: 3, options: {}, field, seed: 5, settings: { ...DEFAULT_SPRT_SETTINGS, chunkDeals: 2 } });
    const [fresh, old] = (await w.store.advanceSprt(version.bot, version.version)).enqueue as [string, string];
    const record = (s: string, index: number, first: MatchEntrant) => w.store.recordMatch(match(s, index, [first, ...field], fakeReplay(0, { points: [19, 7, 7] }), { kind: 'sprt', rated: false }));
    for (const s of [fresh, old]) await w.store.setSeriesStatus(s, 'running');
    // the new version's table plays its whole chunk (2 deals of 3 games) and is done
    for (let i = 0; i < 6; i++) await record(fresh, i, version);
    await w.store.setSeriesStatus(fresh, 'done');
    const freshGames = [0, 1, 2, 3, 4, 5].map((i) => `${fresh}.${i}`);
    expect(await hidden(freshGames)).toEqual([...freshGames].sort());
    // the old version's table plays deal 0: deal 0 is public at both tables, deal 1 at neither
    for (let i = 0; i < 3; i++) await record(old, i, base);
    expect(await hidden([...freshGames, `${old}.0`, `${old}.3`])).toEqual([`${fresh}.3`, `${fresh}.4`, `${fresh}.5`, `${old}.3`].sort());
    for (let i = 3; i < 6; i++) await record(old, i, base);
    await w.store.setSeriesStatus(old, 'done');
    expect(await hidden([...freshGames, `${old}.5`])).toEqual([]);
    // a game of the old table on broadcast keeps its deal hidden at the new table too
    await w.store.holdBroadcast(`${old}.4`, 60_000);
    expect(await hidden(freshGames)).toEqual([`${fresh}.3`, `${fresh}.4`, `${fresh}.5`]);
  });

  it('is not needed head to head (pentanomial): a chunk is one series with a deal key of its own, its twins alone decide', async () => {
    const base = await upload(w.store, 'alice', 'mine');
    const version = await upload(w.store, 'alice', 'mine');
    await w.store.startSprt({ bot: version.bot, version: version.version, base: base.version, game: 'xix', seats: 2, options: {}, field: [], seed: 5, settings: { ...DEFAULT_SPRT_SETTINGS, chunkDeals: 1 } });
    const [only, ...others] = (await w.store.advanceSprt(version.bot, version.version)).enqueue;
    expect(others).toEqual([]);
    expect(await w.redis.hget(`${w.prefix}:series:${only}`, 'dealGroup')).toBeNull();
    await w.store.setSeriesStatus(only!, 'running');
    await w.store.recordMatch(match(only!, 0, [version, base], fakeReplay(0), { kind: 'sprt', rated: false }));
    expect(await hidden([`${only}.0`])).toEqual([`${only}.0`]);
    await w.store.recordMatch(match(only!, 1, [base, version], fakeReplay(1), { kind: 'sprt', rated: false }));
    expect(await hidden([`${only}.0`, `${only}.1`])).toEqual([]);
  });
});
