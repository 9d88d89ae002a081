/**
 * The follow stream (issue 19) with a real client on a listening server, at pace 0 (moves shown as
 * soon as they are known): one socket from game to game, a snapshot then deltas that rebuild the
 * public views exactly (no hidden card before the end), resume without gaps or repeats, and the
 * lobby's news of a result waiting while the game is on broadcast.
 */
import { describe, expect, it } from 'vitest';
import { keysFor, type LiveEvent } from '@xix/store';
import { applyJsonDelta, type JsonDelta } from '@xix/store/json-delta';
import { findGame } from '@xix/engine';
import type { TestApp } from './app.ts';
import { entrantsOf, oneDealChallenge, storeGames } from './deal-world.ts';
import { expectPublicViews, type Frame, LiveClient, LIVE_SEATS, liveServerEachTest, playGame } from './live-client.ts';

let t: TestApp;
let base: string;
liveServerEachTest((app, url) => ((t = app), (base = url)));

const publish = (matchId: string, events: readonly LiveEvent[]) => t.world.store.publishLive(matchId, events, { game: 'xix', tournament: null });
const follow = (channel: string, after?: string) => LiveClient.open(base, `/api/follow/${channel}${after === undefined ? '' : `?after=${after}`}`);

type Event = { type: string; match: string; move?: number; to?: number; view?: unknown; delta?: JsonDelta | null };
const eventOf = (frame: Frame): Event => frame.event as unknown as Event;

/** The public views a follower rebuilds, by match and move; the end's view by match. */
function rebuild(frames: readonly Frame[]): { views: Map<string, unknown>; ends: Map<string, unknown> } {
  const views = new Map<string, unknown>();
  const ends = new Map<string, unknown>();
  let view: unknown;
  for (const frame of frames.filter((f) => f.type === 'event')) {
    const event = eventOf(frame);
    if (event.type === 'game' || event.type === 'skip') view = event.view;
    else if (event.type === 'move') view = applyJsonDelta(view, event.delta ?? undefined);
    else if (event.type === 'end') {
      ends.set(event.match, event.view);
      continue;
    }
    views.set(`${event.match}@${event.type === 'skip' ? event.to : event.move}`, view);
  }
  return { views, ends };
}

describe('the follow stream', () => {
  it('follows one match to its end: a snapshot, deltas that rebuild its public views, the end, then 1000', async () => {
    const { events } = playGame('s7.0', LIVE_SEATS, 1);
    await publish('s7.0', events.slice(0, 10));
    const client = await follow('match:s7.0');
    await client.until('the snapshot', () => client.events.length >= 1);
    await publish('s7.0', events.slice(10));
    expect((await client.untilClosed()).code).toBe(1000);
    expect(client.frames[0]).toEqual({ type: 'hello', channel: 'match:s7.0' });
    const types = client.events.map((frame) => eventOf(frame).type);
    expect(types[0]).toBe('game');
    expect(types.at(-1)).toBe('end');
    expect(types.slice(1, -1).every((type) => type === 'move')).toBe(true);
    expectPublicViews(client.frames, 's7.0', events);
    // ids increase: the move count (the end: moves + 1)
    const ks = client.events.map((frame) => Number(frame.id!.split(':')[1]));
    for (let i = 1; i < ks.length; i++) expect(ks[i]).toBeGreaterThan(ks[i - 1]!);
  });

  it('stays open from game to game on a featured channel, and a resume gets the rest without a gap or a repeat', async () => {
    const first = playGame('s8.0', LIVE_SEATS, 2).events;
    const second = playGame('s9.0', LIVE_SEATS, 3).events;
    await publish('s8.0', first.slice(0, 1));
    const client = await follow('featured');
    await client.until('s8.0 shown', () => client.events.some((frame) => eventOf(frame).match === 's8.0'));
    await publish('s9.0', second.slice(0, 1));
    await publish('s8.0', first.slice(1));
    await client.until('s8.0 ends and s9.0 begins', () => client.events.some((frame) => eventOf(frame).match === 's9.0'));
    // a follower that drops now and resumes from its last id
    const cut = client.events.at(-1)!.id!;
    const resumed = await follow('featured', cut);
    await publish('s9.0', second.slice(1));
    await client.until('s9.0 ends', () => client.events.some((frame) => eventOf(frame).match === 's9.0' && eventOf(frame).type === 'end'));
    await resumed.until('s9.0 ends', () => resumed.events.some((frame) => eventOf(frame).type === 'end'));
    expect(client.closedWith).toBeNull();
    expectPublicViews(client.frames, 's8.0', first);
    expectPublicViews(client.frames, 's9.0', second);
    const afterCut = client.events.slice(client.events.findIndex((frame) => frame.id === cut) + 1).map((frame) => frame.id);
    expect(resumed.events.map((frame) => frame.id)).toEqual(afterCut);
    client.close();
    resumed.close();
  });

  it('refuses an unknown channel (4404) and a bad resume id (4400)', async () => {
    const unknown = await follow('nowhere');
    expect((await unknown.untilClosed()).code).toBe(4404);
    expect(unknown.frames[0]?.type).toBe('error');
    const bad = await follow('featured', 'r3');
    expect((await bad.untilClosed()).code).toBe(4400);
  });
});

describe('a deal not public yet (issue 19, no spoilers)', () => {
  it('gives neither its replay nor its broadcast while a twin is unplayed (its views show the twin\'s hidden cards): closes 4409; the whole deal once the twin is played', async () => {
    const game = findGame('xix')!;
    const { store } = t.world;
    const { entrants } = await entrantsOf(t, game, 2);
    const seriesId = await oneDealChallenge(store, game, entrants, 5, { status: 'running', stored: [0] });
    const first = `${seriesId}.0`;
    // its twin is in play: a stored game may go on broadcast only once its deal is complete;
    // following match:<id> is the same
    for (const shown of [await LiveClient.open(base, `/api/matches/${first}/events`), await follow(`match:${first}`)]) {
      const closed = await shown.untilClosed();
      expect(closed.code).toBe(4409);
      expect(closed.reason).toMatch(/^a game of this deal is on broadcast, or the deal is still being played/);
      expect(shown.events).toEqual([]);
    }
    expect(await store.onBroadcast([first])).toEqual(new Set());

    await storeGames(store, seriesId, [1], entrants);
    await store.setSeriesStatus(seriesId, 'done');
    const replay = await LiveClient.open(base, `/api/matches/${first}/events`);
    expect((await replay.untilClosed()).code).toBe(1000);
    expect(replay.events.map((frame) => frame.id).at(0)).toBe('r0');
  });
});

describe('a live game followed on match:<id> (the match viewer)', () => {
  it('is on broadcast from its first follower until its end is shown: its deal stays secret meanwhile, then the end shows the whole deal', async () => {
    const { store } = t.world;
    const { entrants } = await entrantsOf(t, findGame('xix')!, 2);
    const seriesId = await oneDealChallenge(store, findGame('xix')!, entrants, 6);
    const match = `${seriesId}.0`;
    const { events } = playGame(match, entrants, 8);
    await publish(match, events.slice(0, 6));
    expect(await store.onBroadcast([match])).toEqual(new Set());
    const client = await follow(`match:${match}`);
    await client.until('move 5 shown', () => client.events.some((frame) => frame.id === `${match}:5`));
    // the series plays no more (no twin to keep the deal secret): the follower alone holds it
    await store.setSeriesStatus(seriesId, 'failed', 'only its first game is played');
    expect(await store.onBroadcast([match])).toEqual(new Set([match]));
    expect(await store.unpublishedMatches([match])).toEqual(new Set([match]));
    expect(eventOf(client.events.at(-1)!).type).toBe('move');
    // the worker ends the game: the broadcast shows the end, released first, so the end has the whole deal
    await publish(match, events.slice(6));
    expect((await client.untilClosed()).code).toBe(1000);
    const end = eventOf(client.events.at(-1)!);
    expect(end.type).toBe('end');
    expect(end.view).toEqual(events.at(-1)!.view);
    expect(await store.onBroadcast([match])).toEqual(new Set());
    expect(await store.unpublishedMatches([match])).toEqual(new Set());
  });
});

describe('the lobby while a game is on broadcast', () => {
  it('tells a held game\'s result only once its broadcast shows the end', async () => {
    const { store } = t.world;
    const { events } = playGame('s5.0', LIVE_SEATS, 4);
    await store.holdBroadcast('s5.0', 60_000);
    await publish('s5.0', events);
    const ends = async (): Promise<number> => (await store.readLobby('0')).filter(({ event }) => event.type === 'game-end' && event.match === 's5.0').length;
    expect(await ends()).toBe(0);
    // the release publishes it (no other showing holds the game)
    await store.releaseBroadcast('s5.0');
    expect(await ends()).toBe(1);
    // once only
    await store.releaseBroadcast('s5.0');
    expect(await ends()).toBe(1);
    // a game nobody watches tells it at once
    await publish('s6.0', playGame('s6.0', LIVE_SEATS, 5).events);
    expect((await store.readLobby('0')).some(({ event }) => event.type === 'game-end' && event.match === 's6.0')).toBe(true);
  });

  it('waits while ANY showing holds the game: one server\'s release leaves it waiting for the other\'s', async () => {
    const { store } = t.world;
    const ends = async (): Promise<number> => (await store.readLobby('0')).filter(({ event }) => event.type === 'game-end' && event.match === 's5.0').length;
    await store.holdBroadcast('s5.0', 60_000, 'one');
    await store.holdBroadcast('s5.0', 60_000, 'two');
    await publish('s5.0', playGame('s5.0', LIVE_SEATS, 4).events);
    await store.releaseBroadcast('s5.0', 'one');
    expect(await ends()).toBe(0);
    await store.releaseBroadcast('s5.0', 'two');
    expect(await ends()).toBe(1);
  });

  // review h-review-input finding 2: only the holding server published the waiting news, so a server
  // that died (or lost Redis at its release) left it unsent for good
  it('publishes the waiting game-end of a game whose hold lapsed (its server died), once the lapsed hold is swept', async () => {
    const { store } = t.world;
    const ends = async (match: string): Promise<number> => (await store.readLobby('0')).filter(({ event }) => event.type === 'game-end' && event.match === match).length;
    await store.holdBroadcast('s5.0', 60_000);
    await store.publishLive('s5.0', playGame('s5.0', LIVE_SEATS, 4).events, { game: 'xix', tournament: null });
    expect(await ends('s5.0')).toBe(0);
    // the holding server died: no release; its hold (showing '') lapses, as if its TTL passed
    await t.world.redis.zadd(keysFor(t.world.prefix).broadcastHolds(), 1, 's5.0|');
    expect(await store.unpublishedMatches(['s5.0'])).toEqual(new Set());
    // another broadcast's hold sweeps the lapsed one (broadcast-holds.ts HOLD)
    await store.holdBroadcast('s6.0', 60_000);
    expect(await store.onBroadcast(['s5.0'])).toEqual(new Set());
    expect(await ends('s5.0')).toBe(1);
  });

  it('keeps the news waiting when a showing refreshes its own hold that lapsed meanwhile (a Redis outage)', async () => {
    const { store } = t.world;
    const ends = async (): Promise<number> => (await store.readLobby('0')).filter(({ event }) => event.type === 'game-end' && event.match === 's5.0').length;
    await store.holdBroadcast('s5.0', 60_000, 'one');
    await publish('s5.0', playGame('s5.0', LIVE_SEATS, 4).events);
    await t.world.redis.zadd(keysFor(t.world.prefix).broadcastHolds(), 1, 's5.0|one');
    await store.holdBroadcast('s5.0', 60_000, 'one');
    expect(await ends()).toBe(0);
    await store.releaseBroadcast('s5.0', 'one');
    expect(await ends()).toBe(1);
  });
});
