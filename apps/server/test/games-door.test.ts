/**
 * Issue 16 at the API's door: GET /api/games says what each game seats and takes; challenges and
 * tournaments are checked against the game's entrant counts and options (400 naming the allowed
 * counts or the option) instead of failing in the worker; challenges take several opponents;
 * leaderboards are per variant; an upload that names no game is of the game its source was written
 * for.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { GAMES } from '@xix/engine';
import { VARIANT } from '@xix/store';
import { upload as storeVersion } from '../../store/test/world.ts';
import { variantsOf } from '../src/game-info.ts';
import { ADMIN_TOKEN, failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
let alice: string;
beforeEach(async () => {
  t = await openApp();
  alice = await t.register('alice');
});
afterEach(async () => { await t.close(); });

const bots = async (game: string, names: readonly string[]): Promise<string[]> => {
  const ids: string[] = [];
  for (const name of names) ids.push((await storeVersion(t.world.store, 'alice', name, 'active', game)).bot);
  return ids;
};

describe('GET /api/games (issue 16 item 3)', () => {
  it('lists each game: table sizes with their entrants, entrant counts, options, variants and house bots', async () => {
    const games = (await t.call({ method: 'GET', url: '/api/games' })).json<Record<string, unknown>[]>();
    // the engine's registry, in its order (a new game adds a line there, not here), the fixture game last
    expect(games.map((game) => game.id)).toEqual([...GAMES.keys()]);
    expect(games.at(-1)!.id).toBe('nim');
    // every game's house bots by the SDK's folder convention, `random` first (house-bots.ts)
    expect(games.filter((game) => (game.houseBots as { example: string }[])[0]?.example !== 'random').map((game) => game.id)).toEqual([]);
    expect(games[0]).toMatchObject({
      seats: { min: 2, max: 2 }, tables: [{ seats: 2, entrants: 2, variant: 'default' }], entrantCounts: [2], variants: ['default'], mainVariant: 'default',
      options: { type: 'object', properties: {} }, houseBots: [{ name: 'random', example: 'random' }, { name: 'heuristic', example: 'heuristic' }, { name: 'search', example: 'search' }],
    });
    expect(games[1]).toMatchObject({ entrantCounts: [2, 3, 4, 5, 6, 7, 8, 9], variants: ['default'], options: { properties: { decks: { type: 'integer', minimum: 1 } } } });
    expect((games[1]!.houseBots as { name: string }[]).map((bot) => bot.name)).toEqual(['random-1923', 'heuristic-1923']);
    expect(games.at(-1)).toMatchObject({
      tables: [{ seats: 2, entrants: 2, variant: 'heads-up' }, { seats: 3, entrants: 3, variant: 'multi' }, { seats: 4, entrants: 4, variant: 'multi' }],
      variants: ['heads-up', 'multi'], mainVariant: 'heads-up', houseBots: [{ name: 'random-nim', example: 'random' }],
      options: { properties: { stones: { type: 'integer', minimum: 5, maximum: 60, default: 15 } } },
    });
  });
});

describe("Nineteen's styles and rule options are variants a challenge, a tournament and a leaderboard pick (issue 18)", () => {
  it('lists the tables by style (two entrants at 4 and 6 seats) and a variant for each style and option combination', async () => {
    const games = (await t.call({ method: 'GET', url: '/api/games' })).json<Record<string, unknown>[]>();
    const styles = ['heads-up', 'cutthroat-3', 'partners-4', 'cutthroat-5', 'partners-6'];
    expect(games[2]).toMatchObject({
      id: 'nineteen', entrantCounts: [2, 3, 5], mainVariant: 'heads-up',
      tables: [2, 3, 4, 5, 6].map((seats, i) => ({ seats, entrants: seats % 2 === 0 && seats > 2 ? 2 : seats, variant: styles[i] })),
      options: { properties: { shortSuit: { type: 'boolean', default: false }, reneging: { type: 'boolean', default: false } } },
    });
    const options = ['', '-reneging', '-short-suit', '-short-suit-reneging'];
    expect(games[2]!.variants).toEqual(styles.flatMap((style) => options.map((option) => style + option)).sort());
  });

  it("names every game's variants as the store names boards (Game.variant: lowercase letters, digits, hyphens)", () => {
    for (const game of GAMES.values()) for (const variant of variantsOf(game) ?? []) expect(variant, `${game.id}'s variant`).toMatch(VARIANT);
  });

  it('takes a challenge at a partnership table with options, a heads-up one by default, and shows the variant boards', async () => {
    const [a, b, c] = await bots('nineteen', ['ann', 'ben', 'cat']);
    const challenge = (payload: object) => t.call({ method: 'POST', url: '/api/challenges', token: alice, payload });
    const partners = await challenge({ bot: a, opponents: [b], seats: 4, deals: 1, options: { shortSuit: true } });
    expect(partners.statusCode, partners.body).toBe(202);
    const series = (await t.call({ method: 'GET', url: `/api/series/${partners.json<{ series: string }>().series}` })).json();
    // one entrant a side: the deal twice, sides swapped
    expect(series).toMatchObject({ game: 'nineteen', seats: 4, options: { shortSuit: true, reneging: false }, games: 2, entrants: [{ bot: a }, { bot: b }] });
    const headsUp = await challenge({ bot: a, opponents: [b], deals: 1 });
    expect((await t.call({ method: 'GET', url: `/api/series/${headsUp.json<{ series: string }>().series}` })).json()).toMatchObject({ seats: 2, games: 2 });
    const cutThroat = await challenge({ bot: a, opponents: [b, c], deals: 1 });
    expect((await t.call({ method: 'GET', url: `/api/series/${cutThroat.json<{ series: string }>().series}` })).json()).toMatchObject({ seats: 3, games: 3 });
    expect(failure(await challenge({ bot: a, opponents: [b, c], seats: 4 }))).toMatchObject({ status: 400, message: 'body.opponents, body.seats: a table of 4 seats of nineteen seats 2 entrants, not 3' });
    expect((await t.call({ method: 'GET', url: '/api/leaderboard/nineteen' })).json()).toEqual({ game: 'nineteen', variant: 'heads-up', rows: [] });
    expect((await t.call({ method: 'GET', url: '/api/leaderboard/nineteen/partners-6-short-suit-reneging' })).json()).toEqual({ game: 'nineteen', variant: 'partners-6-short-suit-reneging', rows: [] });
  });

  it('plays a tournament of partnerships: every pair at a 4-seat table, one entrant a side', async () => {
    const [a, b, c] = await bots('nineteen', ['ann', 'ben', 'cat']);
    const response = await t.call({ method: 'POST', url: '/api/tournaments', token: ADMIN_TOKEN, payload: { game: 'nineteen', bots: [a, b, c], seats: 4, dealsPerPairing: 1, options: { reneging: true } } });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ seats: number; options: object; series: string[] }>();
    expect(created).toMatchObject({ seats: 4, options: { shortSuit: false, reneging: true } });
    const tables = await Promise.all(created.series.map((id) => t.world.store.getSeries(id)));
    expect(tables.map((series) => series!.entrants.map((e) => e.bot).sort())).toEqual(expect.arrayContaining([[a, b].sort(), [a, c].sort(), [b, c].sort()]));
    expect(tables.every((series) => series!.seats === 4 && series!.games === 2)).toBe(true);
  });
});

describe('challenges in entrants, with options (issue 16 item 3)', () => {
  const challenge = (payload: object) => t.call({ method: 'POST', url: '/api/challenges', token: alice, payload });

  it('takes several opponents for a game of more seats, and the options, resolved, into the series', async () => {
    const [a, b, c] = await bots('nim', ['ann', 'ben', 'cat']);
    const response = await challenge({ bot: a, opponents: [b, c], deals: 1, options: { stones: 9 } });
    expect(response.statusCode, response.body).toBe(202);
    const series = (await t.call({ method: 'GET', url: `/api/series/${response.json<{ series: string }>().series}` })).json();
    expect(series).toMatchObject({ game: 'nim', seats: 3, options: { stones: 9 }, games: 3, entrants: [{ bot: a }, { bot: b }, { bot: c }] });
    const defaults = await challenge({ bot: a, opponents: [b], deals: 1 });
    expect((await t.call({ method: 'GET', url: `/api/series/${defaults.json<{ series: string }>().series}` })).json()).toMatchObject({ seats: 2, options: { stones: 15 } });
  });

  it('refuses at the door an entrant count the game does not seat, a table that does not fit, and options it does not take', async () => {
    const [x, y, z] = await bots('xix', ['xan', 'xbe', 'xce']);
    expect(failure(await challenge({ bot: x, opponents: [y, z] }))).toMatchObject({ status: 400, message: 'body.opponents: xix is played by 2 entrants, not 3' });
    const [a, b] = await bots('nim', ['ann', 'ben']);
    expect(failure(await challenge({ bot: a, opponents: [b], seats: 3 }))).toMatchObject({ status: 400, message: 'body.opponents, body.seats: a table of 3 seats of nim seats 3 entrants, not 2' });
    expect(failure(await challenge({ bot: a, opponents: [b], options: { stones: 4 } }))).toMatchObject({ status: 400, message: 'body.options: option stones of nim takes a whole number from 5 to 60, not 4' });
    expect(failure(await challenge({ bot: a, opponents: [b], options: { heap: 9 } }))).toMatchObject({ status: 400, message: 'body.options: nim has no option heap; its options: stones' });
    expect(failure(await challenge({ bot: x, opponents: [y], options: { decks: 1 } }))).toMatchObject({ status: 400, message: 'body.options: xix has no options, got decks' });
    expect(await t.queue.count()).toBe(0);
  });
});

describe('tournaments with options (issue 16 item 3)', () => {
  const create = (payload: object) => t.call({ method: 'POST', url: '/api/tournaments', token: ADMIN_TOKEN, payload });

  it('carries the resolved options into the tournament and its series, and refuses options the game does not take', async () => {
    await bots('1923', ['ann', 'ben', 'cat', 'dan']);
    const response = await create({ game: '1923', seats: 4, dealsPerPairing: 1, options: { decks: 1 } });
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json<{ tournament: string; options: object; series: string[] }>();
    expect(created.options).toEqual({ decks: 1 });
    expect((await t.call({ method: 'GET', url: `/api/tournaments/${created.tournament}` })).json()).toMatchObject({ seats: 4, options: { decks: 1 } });
    expect(await t.world.store.getSeries(created.series[0]!)).toMatchObject({ seats: 4, options: { decks: 1 } });
    expect(failure(await create({ game: '1923', seats: 3, options: { decks: 2 } }))).toMatchObject({ status: 400, message: expect.stringMatching(/^body.options: .*decks/) });
  });
});

describe('leaderboards per variant (issue 16 item 3)', () => {
  it("shows a game's main variant at /api/leaderboard/{game}, and each variant at /api/leaderboard/{game}/{variant}", async () => {
    expect((await t.call({ method: 'GET', url: '/api/leaderboard/xix' })).json()).toEqual({ game: 'xix', variant: 'default', rows: [] });
    expect((await t.call({ method: 'GET', url: '/api/leaderboard/nim' })).json()).toEqual({ game: 'nim', variant: 'heads-up', rows: [] });
    expect((await t.call({ method: 'GET', url: '/api/leaderboard/nim/multi' })).json()).toEqual({ game: 'nim', variant: 'multi', rows: [] });
    expect(failure(await t.call({ method: 'GET', url: '/api/leaderboard/nim/nope' }))).toMatchObject({ status: 404, message: 'params.variant: nim has no variant nope; its variants: heads-up, multi' });
  });
});
