import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { MatchEntrant } from '@xix/store';
import { fakeReplay, match, upload } from '../../store/test/world.ts';
import { ADMIN_TOKEN, failure, openApp, type TestApp } from './app.ts';

let t: TestApp;
let alice: string;
let bob: string;
let a: MatchEntrant;
let b: MatchEntrant;
let seriesId: string;
beforeEach(async () => {
  t = await openApp();
  alice = await t.register('alice');
  bob = await t.register('bob');
  a = await upload(t.world.store, 'alice', 'one');
  b = await upload(t.world.store, 'carol', 'two');
  seriesId = await t.world.store.createSeries({ game: 'xix', kind: 'challenge', rated: true, entrants: [a, b], deals: 5, seed: 9, requestedBy: 'alice' });
  for (let i = 0; i < 5; i++) await t.world.store.recordMatch(match(seriesId, i, [a, b], Object.assign(fakeReplay(i % 2), { seed: 9 + Math.floor(i / 2) })));
  // the series is over (its last deal's twin never played): every stored game's deal is public
  await t.world.store.setSeriesStatus(seriesId, 'failed', 'stopped');
});
afterEach(async () => { await t.close(); });

describe('GET /api/matches', () => {
  it('pages newest first and filters', async () => {
    const first = await t.call({ method: 'GET', url: '/api/matches?game=xix&limit=2' });
    const body = first.json<{ matches: { id: string }[]; next: string }>();
    expect(body.matches.map((m) => m.id)).toEqual([`${seriesId}.4`, `${seriesId}.3`]);
    expect(body.next).toBe(`${seriesId}.3`);
    const second = await t.call({ method: 'GET', url: `/api/matches?game=xix&limit=2&before=${body.next}` });
    expect(second.json<{ matches: { id: string }[] }>().matches.map((m) => m.id)).toEqual([`${seriesId}.2`, `${seriesId}.1`]);
    expect((await t.call({ method: 'GET', url: `/api/matches?bot=${b.bot}&limit=50` })).json<{ matches: unknown[]; next: null }>()).toMatchObject({ next: null, matches: { length: 5 } });
    expect(failure(await t.call({ method: 'GET', url: '/api/matches?limit=0' }))).toMatchObject({ status: 400, message: 'querystring.limit must be >= 1' });
    expect(failure(await t.call({ method: 'GET', url: '/api/matches?limit=many' }))).toMatchObject({ status: 400, message: 'querystring.limit must be integer' });
    expect(failure(await t.call({ method: 'GET', url: '/api/matches?before=nope' }))).toMatchObject({ status: 400, message: expect.stringMatching(/^querystring\.before must match/) });
  });

  it('lists each match as GET /api/matches/:id shows it (declared fields only), the same text on every read', async () => {
    const list = await t.call({ method: 'GET', url: '/api/matches?game=xix&limit=3' });
    expect(list.headers['content-type']).toBe('application/json; charset=utf-8');
    const { matches } = list.json<{ matches: Record<string, unknown>[] }>();
    expect(matches).toHaveLength(3);
    for (const listed of matches) {
      const { botSeeds, ...single } = (await t.call({ method: 'GET', url: `/api/matches/${String(listed.id)}` })).json<Record<string, unknown>>();
      expect(botSeeds).toHaveLength(2);
      expect(listed).toEqual(single);
      // rawBytes is in the store's match, not in the API's schema
      expect(listed).not.toHaveProperty('rawBytes');
    }
    expect((await t.call({ method: 'GET', url: '/api/matches?game=xix&limit=3' })).body).toBe(list.body);
    expect((await t.call({ method: 'GET', url: '/api/matches?game=chess' })).json()).toEqual({ matches: [], next: null });
  });
});

describe('GET /api/matches/:id, replay, logs', () => {
  it('shows a match with its ranks and the bots\u2019 seeds, never the series key', async () => {
    const response = await t.call({ method: 'GET', url: `/api/matches/${seriesId}.0` });
    const body = response.json<Record<string, unknown>>();
    expect(body).toMatchObject({ id: `${seriesId}.0`, seriesId, game: 'xix', ranks: [1, 2], points: [19, 7], entrants: [a, b], forfeit: null });
    expect(body.botSeeds).toEqual([expect.any(Number), expect.any(Number)]);
    const { botSeedKey } = (await t.world.store.getSeries(seriesId))!;
    expect(response.body).not.toContain(botSeedKey);
    expect(failure(await t.call({ method: 'GET', url: `/api/matches/${seriesId}.9` }))).toMatchObject({ status: 404 });
    expect(failure(await t.call({ method: 'GET', url: '/api/matches/x' }))).toMatchObject({ status: 400 });
  });

  it('serves the replay as stored', async () => {
    const replay = await t.call({ method: 'GET', url: `/api/matches/${seriesId}.1/replay` });
    expect(replay.json()).toEqual({ ...fakeReplay(1), seed: 9 });
    expect(failure(await t.call({ method: 'GET', url: `/api/matches/${seriesId}.7/replay` }))).toMatchObject({ status: 404 });
  });

  it('answers 410 Gone for the replay and logs of a challenge game retention expired; the match and its result stay (issue 24)', async () => {
    // the games finished in 1970 (world.ts match): a pass of today deletes their day
    expect((await t.world.store.expireReplays({ owner: 'test', maxAgeMs: 30 * 86_400_000 })).deleted).toEqual(['games/challenge/1970-01-01']);
    for (const url of [`/api/matches/${seriesId}.1/replay`, `/api/matches/${seriesId}.1/logs`]) {
      expect(failure(await t.call({ method: 'GET', url, token: alice })), url).toEqual({
        status: 410, error: 'gone', message: `the replay of match ${seriesId}.1 has expired: ladder, challenge and SPRT games keep their replays and logs for a limited time; its result still counts`,
      });
    }
    const shown = (await t.call({ method: 'GET', url: `/api/matches/${seriesId}.1` })).json<Record<string, unknown>>();
    expect(shown).toMatchObject({ id: `${seriesId}.1`, ranks: [2, 1], points: [7, 19] });
    // the bots' seeds came from the replay's seed: gone with it
    expect(shown.botSeeds).toBeUndefined();
    expect((await t.call({ method: 'GET', url: `/api/leaderboard/xix` })).json<{ rows: { games: number }[] }>().rows.map((row) => row.games)).toEqual([5, 5]);
  });

  it('gives the logs of the caller\u2019s own seats only: 401 without login, 403 when none is theirs', async () => {
    const mine = await t.call({ method: 'GET', url: `/api/matches/${seriesId}.0/logs`, token: alice });
    expect(mine.json()).toEqual({ logs: [{ seat: 0, text: 'log of one in seat 0' }] });
    expect(failure(await t.call({ method: 'GET', url: `/api/matches/${seriesId}.0/logs`, token: bob }))).toMatchObject({ status: 403 });
    expect(failure(await t.call({ method: 'GET', url: `/api/matches/${seriesId}.0/logs` }))).toMatchObject({ status: 401 });
    expect((await t.call({ method: 'GET', url: `/api/matches/${seriesId}.0/logs`, token: ADMIN_TOKEN })).json<{ logs: unknown[] }>().logs).toHaveLength(2);
    expect(failure(await t.call({ method: 'GET', url: `/api/matches/${seriesId}.8/logs`, token: alice }))).toMatchObject({ status: 404 });
  });
});

describe('challenges and series', () => {
  it('queues an unrated series of the caller\u2019s bot against another active bot, behind validations: 202', async () => {
    const response = await t.call({ method: 'POST', url: '/api/challenges', token: alice, payload: { bot: a.bot, opponents: [b.bot], deals: 3 } });
    expect(response.statusCode).toBe(202);
    const { series } = response.json<{ series: string }>();
    const job = await t.queue.getJob(series);
    expect(job?.name).toBe('challenge');
    expect(job?.opts.priority).toBe(10);
    const shown = await t.call({ method: 'GET', url: `/api/series/${series}` });
    expect(shown.json()).toMatchObject({ id: series, game: 'xix', kind: 'challenge', rated: false, status: 'queued', games: 6, gamesDone: 0, entrants: [{ bot: a.bot, version: 1 }, { bot: b.bot, version: 1 }], matches: [], error: null });
    expect(shown.json()).not.toHaveProperty('botSeedKey');
    expect((await t.call({ method: 'POST', url: '/api/challenges', token: alice, payload: { bot: a.bot, opponents: [b.bot] } })).statusCode).toBe(202);
  });

  it('answers 429 past the challenge rate, per user', async () => {
    const limited = await openApp({ challengeRate: 2 });
    try {
      const [ann, ben] = [await limited.register('ann'), await limited.register('ben')];
      const mine = await upload(limited.world.store, 'ann', 'mine');
      const theirs = await upload(limited.world.store, 'ben', 'theirs');
      const send = (token: string, bot: string, opponent: string) => limited.call({ method: 'POST', url: '/api/challenges', token, payload: { bot, opponents: [opponent], deals: 1 } });
      expect((await send(ann, mine.bot, theirs.bot)).statusCode).toBe(202);
      expect((await send(ann, mine.bot, theirs.bot)).statusCode).toBe(202);
      expect(failure(await send(ann, mine.bot, theirs.bot))).toMatchObject({ status: 429, error: 'rate_limited', message: expect.stringMatching(/^too many challenges: at most 2 a minute per user/) });
      expect((await send(ben, theirs.bot, mine.bot)).statusCode).toBe(202);
    } finally {
      await limited.close();
    }
  });

  it('refuses what cannot be played, with the right status', async () => {
    const pending = await upload(t.world.store, 'carol', 'pending', 'validating');
    const challenge = (payload: object, token = alice) => t.call({ method: 'POST', url: '/api/challenges', token, payload });
    expect(failure(await challenge({ bot: a.bot, opponents: [b.bot] }, bob))).toMatchObject({ status: 403 });
    expect(failure(await challenge({ bot: a.bot, opponents: ['b999'] }))).toMatchObject({ status: 404, message: 'body.opponents[0]: no bot b999' });
    expect(failure(await challenge({ bot: a.bot, opponents: [pending.bot] }))).toMatchObject({ status: 409, message: expect.stringMatching(/no active version/) });
    expect(failure(await challenge({ bot: a.bot, opponents: [a.bot] }))).toMatchObject({ status: 400, message: 'body.opponents must be other bots than body.bot' });
    expect(failure(await challenge({ bot: a.bot, opponents: [b.bot], deals: 51 }))).toMatchObject({ status: 400, message: 'body.deals must be <= 50' });
    expect(failure(await challenge({ bot: a.bot, opponents: [b.bot], deals: '3' }))).toMatchObject({ status: 400, message: 'body.deals must be integer' });
    expect(failure(await challenge({ bot: a.bot }))).toMatchObject({ status: 400, message: 'body.opponents is required' });
    expect(failure(await t.call({ method: 'POST', url: '/api/challenges', payload: { bot: a.bot, opponents: [b.bot] } }))).toMatchObject({ status: 401 });
    await t.world.store.retireBot(b.bot);
    expect(failure(await challenge({ bot: a.bot, opponents: [b.bot] }))).toMatchObject({ status: 409, message: expect.stringMatching(/retired/) });
    expect(failure(await t.call({ method: 'GET', url: '/api/series/s999999' }))).toMatchObject({ status: 404 });
  });
});

describe('GET /api/leaderboard/:game', () => {
  it('ranks the rated records of a game; 404 for an unknown game', async () => {
    const board = (await t.call({ method: 'GET', url: '/api/leaderboard/xix' })).json<{ game: string; rows: { bot: string; games: number; wins: number }[] }>();
    expect(board.game).toBe('xix');
    expect(board.rows.map((row) => [row.bot, row.games, row.wins])).toEqual([[a.bot, 5, 3], [b.bot, 5, 2]]);
    expect(failure(await t.call({ method: 'GET', url: '/api/leaderboard/chess' }))).toMatchObject({ status: 404 });
  });
});
