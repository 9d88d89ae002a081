/**
 * What the follow stream and the broadcast's plain routes answer to input that names nothing, or
 * names something else (review h-review-input, findings 1, 3, 4, 7, 9): a channel of no bot,
 * tournament or match is refused 4404 at open, a cursor of another match 4400, a cursor this
 * process cannot resume from gets a snapshot before any delta, and an unknown query parameter 400.
 */
import { describe, expect, it } from 'vitest';
import { findGame } from '@xix/engine';
import type { LiveEvent } from '@xix/store';
import { failure, type TestApp } from './app.ts';
import { entrantsOf } from './deal-world.ts';
import { expectPublicViews, LiveClient, LIVE_SEATS, liveServerEachTest, playGame } from './live-client.ts';

let t: TestApp;
let base: string;
liveServerEachTest((app, url) => ((t = app), (base = url)));

const publish = (matchId: string, events: readonly LiveEvent[]) => t.world.store.publishLive(matchId, events, { game: 'xix', tournament: null });
const follow = (channel: string, after?: string) => LiveClient.open(base, `/api/follow/${channel}${after === undefined ? '' : `?after=${after}`}`);
const eventType = (client: LiveClient, index: number) => (client.events[index]!.event as { type: string }).type;

describe('follow stream: a channel that names nothing', () => {
  it('match:<id> of a match that never existed is refused 4404, as GET /api/matches/<id>/events refuses it', async () => {
    const events = await LiveClient.open(base, '/api/matches/s999.0/events');
    expect((await events.untilClosed()).code).toBe(4404);
    const followed = await follow('match:s999.0');
    expect(await followed.untilClosed()).toMatchObject({ code: 4404 });
    expect(followed.frames).toEqual([{ type: 'error', message: 'no match s999.0, live or finished' }]);
  });

  it('bot:<id> and tournament:<id> of none are refused 4404 at open, not held open polling the store', async () => {
    for (const [channel, message] of [['bot:b987654', 'no bot b987654'], ['tournament:t987654', 'no tournament t987654']]) {
      const followed = await follow(channel!);
      expect((await followed.untilClosed()).code, channel).toBe(4404);
      expect(followed.frames, channel).toEqual([{ type: 'error', message }]);
    }
  });

  it('bot:<id> of a real bot with no game yet stays open (its hello comes once the bot is found)', async () => {
    const { entrants } = await entrantsOf(t, findGame('xix')!, 2);
    const followed = await follow(`bot:${entrants[0]!.bot}`);
    await followed.until('the hello', () => followed.frames.length > 0);
    expect(followed.frames).toEqual([{ type: 'hello', channel: `bot:${entrants[0]!.bot}` }]);
    expect(followed.closedWith).toBeNull();
    followed.close();
  });
});

describe('follow stream: a resume cursor of another match', () => {
  it('match:A?after=B:<k> is refused 4400 (as /api/matches/A/events?after=B:<k> is), not answered with B\'s events', async () => {
    const other = playGame('s8.0', LIVE_SEATS, 2).events;
    await publish('s8.0', other.slice(0, 6));
    // s8.0 is shown in this process (a follower of it)
    const watcher = await follow('match:s8.0');
    await watcher.until('s8.0 move 3', () => watcher.events.some((frame) => frame.id === 's8.0:3'));
    const mine = playGame('s7.0', LIVE_SEATS, 1).events;
    await publish('s7.0', mine.slice(0, 4));

    const viaEvents = await LiveClient.open(base, '/api/matches/s7.0/events?after=s8.0:1');
    expect((await viaEvents.untilClosed()).code).toBe(4400);

    const viaFollow = await follow('match:s7.0', 's8.0:1');
    expect((await viaFollow.untilClosed()).code).toBe(4400);
    expect(viaFollow.events).toEqual([]);
    expect(viaFollow.frames[0]).toMatchObject({ type: 'error', message: expect.stringMatching(/another match's event/) });
    watcher.close();
  });
});

describe('follow stream: a resume cursor this process cannot resume from', () => {
  it('after=<match>:<k> past what this process has shown gets a fresh snapshot at its current point, then deltas on it', async () => {
    const { events } = playGame('s7.0', LIVE_SEATS, 1);
    await publish('s7.0', events.slice(0, 4));
    const watcher = await follow('match:s7.0');
    await watcher.until('s7.0 move 3', () => watcher.events.some((frame) => frame.id === 's7.0:3'));
    // a cursor from a server further on (or forged): k 999 of the same match
    for (const path of ['/api/follow/match:s7.0?after=s7.0:999', '/api/matches/s7.0/events?after=s7.0:999']) {
      const resumed = await LiveClient.open(base, path);
      await resumed.until('a first event', () => resumed.events.length > 0);
      expect(eventType(resumed, 0), path).toBe('game');
      expect(resumed.events[0]!.id, path).toBe('s7.0:3');
      resumed.close();
    }
    const resumed = await follow('match:s7.0', 's7.0:999');
    await resumed.until('the snapshot', () => resumed.events.length > 0);
    await publish('s7.0', events.slice(4));
    expect((await resumed.untilClosed()).code).toBe(1000);
    expect(eventType(resumed, 0)).toBe('game');
    expect(resumed.events.filter((frame) => (frame.event as { type: string }).type === 'game')).toHaveLength(1);
    expectPublicViews(resumed.frames, 's7.0', events);
    watcher.close();
  });

  it('a cursor for a game this process begins showing only now gets its snapshot, not its moves again on no base', async () => {
    const { events } = playGame('s7.0', LIVE_SEATS, 1);
    await publish('s7.0', events.slice(0, 6));
    // another process showed s7.0 up to move 4; here its showing starts at the start
    const resumed = await follow('match:s7.0', 's7.0:4');
    await resumed.until('a first event', () => resumed.events.length > 0);
    await publish('s7.0', events.slice(6));
    expect((await resumed.untilClosed()).code).toBe(1000);
    const first = resumed.events[0]!;
    // either it resumed (this showing had got to move 4 already: the rest from 5) or it began on a snapshot
    expect(eventType(resumed, 0) === 'game' || first.id === 's7.0:5', `first event ${first.id}`).toBe(true);
    const ids = resumed.events.map((frame) => frame.id);
    expect(new Set(ids).size).toBe(ids.length);
    expectPublicViews(resumed.frames, 's7.0', events);
  });
});

describe('plain GET routes: unknown query parameters', () => {
  it('GET /api/broadcasts?after=x, /api/live?limit=-1 and the other routes without query parameters answer 400 naming it, as GET /api/bots?after=x does', async () => {
    expect(failure(await t.call({ method: 'GET', url: '/api/bots?after=x' }))).toMatchObject({ status: 400, message: 'querystring.after is not allowed here' });
    for (const [url, name] of [['/api/broadcasts?after=x', 'after'], ['/api/live?limit=-1', 'limit'], ['/api/leaderboard/xix?foo=1', 'foo'], ['/api/health?verbose=1', 'verbose'], ['/api/games?all', 'all']]) {
      const response = await t.call({ method: 'GET', url: url! });
      expect(failure(response), `${url}: ${response.body}`).toMatchObject({ status: 400, message: `querystring.${name} is not allowed here` });
    }
    for (const url of ['/api/broadcasts', '/api/live', '/api/leaderboard/xix', '/api/games']) expect((await t.call({ method: 'GET', url })).statusCode, url).toBe(200);
    // the routes that take parameters still take theirs
    expect((await t.call({ method: 'GET', url: '/api/matches?limit=5' })).statusCode).toBe(200);
  });
});
