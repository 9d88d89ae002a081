/**
 * No spoilers (issue 19): the games of a deal share its hidden cards, so a game's match page, replay,
 * logs and listing stay as for a game in progress while another game of its deal is unplayed (its
 * twin, another seat rotation, the same deal at another table of a tournament) or on broadcast; then
 * everything is public at once, and each replay re-simulates from its own explicit deal. For every
 * registered game (XIX, 1923, Nineteen and any added later), at its smallest table.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAMES, parseReplay, verifyReplay, type AnyGame, type Replay } from '@xix/engine';
import { entrantsOf, smallestTable, storeGames } from './deal-world.ts';
import { failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
beforeEach(async () => {
  t = await openApp();
});
afterEach(async () => {
  await t.close();
});

/** What the API answers for a match: its page, replay and (its owner asking) logs; listed in its series or not. */
async function seen(id: string, token: string) {
  const seriesId = id.slice(0, id.lastIndexOf('.'));
  const [page, replay, logs, list, series] = await Promise.all([
    t.call({ method: 'GET', url: `/api/matches/${id}` }),
    t.call({ method: 'GET', url: `/api/matches/${id}/replay` }),
    t.call({ method: 'GET', url: `/api/matches/${id}/logs`, token }),
    t.call({ method: 'GET', url: `/api/matches?series=${seriesId}&limit=100` }),
    t.call({ method: 'GET', url: `/api/series/${seriesId}` }),
  ]);
  return {
    statuses: [page.statusCode, replay.statusCode, logs.statusCode],
    bodies: [page.body, replay.body, logs.body],
    listed: list.json<{ matches: { id: string }[] }>().matches.some((m) => m.id === id),
    inSeries: series.json<{ matches: string[] }>().matches.includes(id),
    replay: replay.statusCode === 200 ? parseReplay(replay.json()) : null,
  };
}

/** Hidden exactly as a game in progress (`inPlay`: a game of the same series not stored) is answered for. */
async function expectInProgress(id: string, inPlay: string, token: string): Promise<void> {
  const [hidden, playing] = [await seen(id, token), await seen(inPlay, token)];
  expect(hidden.statuses, id).toEqual([404, 404, 404]);
  expect(hidden.bodies.map((body) => body.replaceAll(id, '<id>'))).toEqual(playing.bodies.map((body) => body.replaceAll(inPlay, '<id>')));
  expect(failure(await t.call({ method: 'GET', url: `/api/matches/${id}/replay` }))).toEqual({ status: 404, error: 'not_found', message: `params.id: no match ${id}` });
  expect([hidden.listed, hidden.inSeries], id).toEqual([false, false]);
}

/** Public: page, replay and logs answered, listed, and the replay re-simulates to its result. */
async function expectPublic(id: string, token: string): Promise<Replay> {
  const shown = await seen(id, token);
  expect(shown.statuses, id).toEqual([200, 200, 200]);
  expect([shown.listed, shown.inSeries], id).toEqual([true, true]);
  expect(verifyReplay(shown.replay!), id).toMatchObject({ ok: true, result: shown.replay!.result });
  return shown.replay!;
}

describe.each([...GAMES.values()].map((game) => [game.id, game] as const))('the deals of %s', (_id, game: AnyGame) => {
  const { seats, entrants: perTable } = smallestTable(game);
  const ids = (seriesId: string, from: number, count: number) => Array.from({ length: count }, (_, i) => `${seriesId}.${from + i}`);

  it('hide a finished game while a twin of its deal is unplayed, as for a game in progress; then all is public, and no replay gives the next deal', async () => {
    const { entrants, tokens } = await entrantsOf(t, game, perTable);
    const seriesId = await t.world.store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants, seats, deals: 2, seed: 19, requestedBy: 'owner0' });
    await t.world.store.setSeriesStatus(seriesId, 'running');
    const deal0 = ids(seriesId, 0, perTable);
    const twin = deal0.at(-1)!;
    // every rotation of deal 0 but the last is played; the last is in play
    await storeGames(t.world.store, seriesId, deal0.slice(0, -1).map((_, i) => i), entrants);
    for (const id of deal0.slice(0, -1)) await expectInProgress(id, twin, tokens[0]!);

    await storeGames(t.world.store, seriesId, [perTable - 1], entrants);
    const replays = [];
    for (const id of deal0) replays.push(await expectPublic(id, tokens[0]!));
    // one deal: the same seed in every rotation
    expect(new Set(replays.map((replay) => replay.seed)).size).toBe(1);

    // deal 1 starts: its first game is stored, its twin in play
    await storeGames(t.world.store, seriesId, [perTable], entrants);
    await expectInProgress(`${seriesId}.${perTable}`, `${seriesId}.${perTable + 1}`, tokens[0]!);
    await storeGames(t.world.store, seriesId, ids(seriesId, perTable + 1, perTable - 1).map((_, i) => perTable + 1 + i), entrants);
    await t.world.store.setSeriesStatus(seriesId, 'done');
    const next = await expectPublic(`${seriesId}.${perTable}`, tokens[0]!);
    // what deal 0's replay tells: its seed; the next deal's seed is none near it (compared as seeds:
    // a small game such as nim has so few deals that two far-apart seeds often deal the same)
    for (let step = -2; step <= 2; step++) expect(next.seed, `deal 0's seed ${step >= 0 ? '+' : ''}${step}`).not.toBe(replays[0]!.seed! + step);
  });

  it('keep a deal hidden while one of its games is on broadcast, until the hold is released; a bot author has the played series at once', async () => {
    const { entrants, tokens } = await entrantsOf(t, game, perTable);
    const seriesId = await t.world.store.createSeries({ game: game.id, kind: 'challenge', rated: false, entrants, seats, deals: 1, seed: 7, requestedBy: 'owner0' });
    const deal = ids(seriesId, 0, perTable);
    await storeGames(t.world.store, seriesId, deal.map((_, i) => i), entrants);
    await t.world.store.setSeriesStatus(seriesId, 'done');
    // played: its author reads every result at once, nobody watching
    const series = (await t.call({ method: 'GET', url: `/api/series/${seriesId}`, token: tokens[0]! })).json<{ status: string; matches: string[] }>();
    expect(series).toMatchObject({ status: 'done', matches: deal });
    for (const id of deal) await expectPublic(id, tokens[0]!);

    await t.world.store.holdBroadcast(deal.at(-1)!, 60_000);
    for (const id of deal) expect((await seen(id, tokens[0]!)).statuses, id).toEqual([404, 404, 404]);
    await t.world.store.releaseBroadcast(deal.at(-1)!);
    for (const id of deal) await expectPublic(id, tokens[0]!);
  });

  it('keep a tournament deal hidden until every table has played it (duplicate play)', async () => {
    const { entrants, tokens } = await entrantsOf(t, game, perTable + 1);
    const { series } = await t.world.store.createTournament({ game: game.id, entrants: entrants.map(({ bot, version }) => ({ bot, version })), dealsPerPairing: 1, seats, createdBy: 'admin' });
    const tables = await Promise.all(series.map(async (id) => (await t.world.store.getSeries(id))!));
    for (const table of tables) await t.world.store.setSeriesStatus(table.id, 'running');
    const seated = (k: number) => entrants.filter((e) => tables[k]!.entrants.some((s) => s.bot === e.bot));
    const tokenAt = (k: number) => tokens[entrants.indexOf(seated(k)[0]!)]!;
    const everyGame = Array.from({ length: perTable }, (_, i) => i);

    await storeGames(t.world.store, tables[0]!.id, everyGame, seated(0));
    // table 0 has played the whole deal; table 1 has not: still secret
    await expectInProgress(`${tables[0]!.id}.0`, `${tables[1]!.id}.0`, tokenAt(0));
    for (let k = 1; k < tables.length; k++) await storeGames(t.world.store, tables[k]!.id, everyGame, seated(k));
    const first = await expectPublic(`${tables[0]!.id}.0`, tokenAt(0));
    const other = await expectPublic(`${tables[1]!.id}.0`, tokenAt(1));
    // the same deal at both tables
    expect(other.seed).toBe(first.seed);
  });
});
