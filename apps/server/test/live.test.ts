/**
 * The websocket streams with a real client (ws) on a listening server: a match in progress on its
 * broadcast (the follow stream of match:<id>), resumed without gaps or repeats, a finished match's
 * replay, malformed messages, a slow client dropped (4008) while the others get everything, unknown
 * matches (4404), the lobby and GET /api/live.
 */
import type { Socket } from 'node:net';
import { describe, expect, it } from 'vitest';
import { keysFor, type LiveEvent } from '@xix/store';
import { match, ratedPair } from '../../store/test/world.ts';
import { failure, type TestApp } from './app.ts';
import { expectPublicViews, followedEvent, followK, LiveClient, LIVE_SEATS, liveServerEachTest, playGame } from './live-client.ts';

let t: TestApp;
let base: string;
liveServerEachTest((app, url) => ((t = app), (base = url)));

const CONTEXT = { game: 'xix', tournament: null };
const publish = (matchId: string, events: readonly LiveEvent[]) => t.world.store.publishLive(matchId, events, CONTEXT);
const watch = (matchId: string, after?: string) => LiveClient.open(base, `/api/matches/${matchId}/events${after === undefined ? '' : `?after=${after}`}`);

describe('a live match', () => {
  it('is its broadcast (match:<id>): a snapshot, then moves whose deltas rebuild its public views, to spectators who join at any point; the end closes with 1000', async () => {
    const { events } = playGame('s7.0', LIVE_SEATS, 1);
    await publish('s7.0', events.slice(0, 1));
    const clients = [watch('s7.0')];
    for (let i = 1; i < events.length; i++) {
      await publish('s7.0', [events[i]!]);
      // joins while the game is published: its snapshot, then what is shown after it
      if (i % 5 === 0) clients.push(watch('s7.0'));
    }
    expect(clients.length).toBeGreaterThan(3);
    const moves = events.length - 2;
    for (const client of await Promise.all(clients)) {
      expect(await client.untilClosed()).toMatchObject({ code: 1000 });
      expect(client.frames[0]).toEqual({ type: 'hello', channel: 'match:s7.0' });
      expect(followedEvent(client.events[0]!).type).toBe('game');
      expectPublicViews(client.frames, 's7.0', events);
      // every move after the snapshot, each once, then the end (k = moves + 1)
      const ks = client.events.map(followK);
      expect(ks).toEqual(Array.from({ length: moves + 2 - ks[0]! }, (_, i) => ks[0]! + i));
      expect(followedEvent(client.events.at(-1)!).type).toBe('end');
    }
  });

  it('resumes after the last event a client got (after=<match>:<k>): the rest, no gap, no repeat', async () => {
    const { events } = playGame('s7.1', LIVE_SEATS, 2);
    await publish('s7.1', events.slice(0, 8));
    // the game stays on broadcast (this process keeps its showing) while the first client is away
    const staying = await watch('s7.1');
    const first = await watch('s7.1');
    await first.until('move 7', () => first.events.some((frame) => followK(frame) === 7));
    first.close();
    const last = first.events.at(-1)!;
    await publish('s7.1', events.slice(8, 12));
    const resumed = watch('s7.1', last.id!);
    for (const event of events.slice(12)) await publish('s7.1', [event]);
    const client = await resumed;
    expect(await client.untilClosed()).toMatchObject({ code: 1000 });
    expect(await staying.untilClosed()).toMatchObject({ code: 1000 });
    // the rest of the showing, not a new snapshot: the same frames the staying client got after it
    expect(client.events).toEqual(staying.events.slice(staying.events.findIndex((frame) => frame.id === last.id) + 1));
    expect(client.events.map(followK)).toEqual(Array.from({ length: events.length - 1 - followK(last) }, (_, i) => followK(last) + 1 + i));
    expectPublicViews([...first.frames, ...client.frames], 's7.1', events);
  });

  it('answers a ping with a pong and anything else with an error frame, and stays open', async () => {
    const { events } = playGame('s7.2', LIVE_SEATS, 3);
    await publish('s7.2', events.slice(0, 1));
    const client = await watch('s7.2');
    await client.untilEvents(1);
    for (const message of ['not json', '{"type":"subscribe"}', '[1,2]', 'null', '{"type":{"deep":true}}']) client.socket.send(message);
    client.socket.send(Buffer.from([1, 2, 3]), { binary: true });
    client.socket.send('{"type":"ping"}');
    await client.until('6 errors and a pong', () => client.frames.some((frame) => frame.type === 'pong'));
    expect(client.frames.slice(2).map((frame) => frame.type)).toEqual(['error', 'error', 'error', 'error', 'error', 'error', 'pong']);
    for (const frame of client.frames.slice(2, 8)) expect(frame.message).toMatch(/ping/);
    await publish('s7.2', events.slice(1, 3));
    await client.untilEvents(3);
    expect(client.closedWith).toBeNull();
    expect(client.events.map(followK)).toEqual([0, 1, 2]);
    expectPublicViews(client.frames, 's7.2', events);
  });

  it('closes a client that stops reading (4008) while another on the same match gets every event', async () => {
    await publish('s7.3', playGame('s7.3', LIVE_SEATS, 4).events.slice(0, 1));
    const normal = await watch('s7.3');
    const slow = await watch('s7.3');
    await Promise.all([normal.untilEvents(1), slow.untilEvents(1)]);
    const slowSocket = (slow.socket as unknown as { _socket: Socket })._socket;
    slowSocket.pause();
    // 20 MB of moves (each view's padding differs: its delta is the whole of it): past the kernel's
    // buffers and the server's 1 MiB bound for a client that reads nothing
    const padding = 'x'.repeat(64 * 1024);
    const moves: LiveEvent[] = Array.from({ length: 320 }, (_, i) => ({ type: 'move', move: i + 1, seat: i % 2, view: { padding: `${i + 1}${padding}`, move: i + 1 } }));
    for (let i = 0; i < moves.length; i += 20) {
      await publish('s7.3', moves.slice(i, i + 20));
      await normal.untilEvents(1 + i + 20);
    }
    expect(normal.events.slice(1).map(followK)).toEqual(moves.map((_, i) => i + 1));
    expect(normal.closedWith).toBeNull();
    slowSocket.resume();
    expect(await slow.untilClosed()).toMatchObject({ code: 4008, reason: expect.stringMatching(/after=/) });
    // what it got before the cut is the showing's beginning, in order
    const got = slow.events.map(followK);
    expect(got.length).toBeLessThan(moves.length);
    expect(got).toEqual(got.map((_, i) => i));
  });

  it('answers an unknown match with an error frame and 4404, a bad id likewise, a bad after= with 4400', async () => {
    await publish('s7.9', playGame('s7.9', LIVE_SEATS, 11).events.slice(0, 1));
    const paths = [
      ['s99.0/events', 4404], ['nope/events', 4404], ['s7.9/events?after=yesterday', 4400], ['s7.9/events?after=s7.9:1&after=s7.9:2', 4400],
      // a game in progress has no Redis stream ids nor another match's, and no replay yet
      ['s7.9/events?after=1764072000123-4', 4400], ['s7.9/events?after=s7.8:3', 4400], ['s7.9/events?after=r2', 4404],
    ] as const;
    for (const [path, code] of paths) {
      const client = await LiveClient.open(base, `/api/matches/${path}`);
      expect(await client.untilClosed(), path).toMatchObject({ code });
      expect(client.frames, path).toEqual([{ type: 'error', message: expect.any(String) }]);
    }
  });
});

describe('a plain HTTP GET of a stream', () => {
  it('is answered 426: the streams are websockets', async () => {
    for (const url of ['/api/matches/s7.0/events', '/api/lobby']) {
      expect(failure(await t.call({ method: 'GET', url })), url).toMatchObject({ status: 426, error: 'upgrade_required' });
    }
  });
});

describe('a finished match', () => {
  it('streams its whole replay (r0 the start, rK after move K, then the end) with the spectator view, then closes with 1000', async () => {
    const { a, b, seriesId } = await ratedPair(t.world);
    const id = `${seriesId}.0`;
    const { game, events, replay } = playGame(id, [a, b], 5);
    await t.world.store.recordMatch(match(seriesId, 0, [a, b], replay));
    await t.world.store.setSeriesStatus(seriesId, 'failed', 'only its first game is played'); // its deal is public (deal publicity, issue 19)
    // the views a spectator of the finished game sees: the engine's, re-simulated here
    const state = game.start(game.parseSetup(replay.setup));
    const views = [game.spectatorView(state)];
    for (const move of replay.moves) {
      game.apply(state, move.action);
      views.push(game.spectatorView(state));
    }
    const client = await watch(id);
    expect(await client.untilClosed()).toMatchObject({ code: 1000 });
    expect(client.events.map((frame) => frame.id)).toEqual(views.map((_, k) => `r${k}`).concat(`r${views.length}`));
    expect(client.events.map((frame) => frame.event)).toEqual([
      { type: 'start', match: id, game: 'xix', seats: [a, b], view: views[0] },
      ...replay.moves.map((move, k) => ({ type: 'move', move: k + 1, seat: move.seat, view: views[k + 1] })),
      { ...events.at(-1), view: views.at(-1) },
    ]);

    const resumed = await watch(id, 'r5');
    expect(await resumed.untilClosed()).toMatchObject({ code: 1000 });
    expect(resumed.events).toEqual(client.events.slice(6));

    // a spectator of its broadcast back after the end (after=<match>:<k>): the broadcast to its end, the whole deal
    const late = await watch(id, `${id}:3`);
    expect(await late.untilClosed()).toMatchObject({ code: 1000 });
    expect(followedEvent(late.events.at(-1)!)).toMatchObject({ type: 'end', view: views.at(-1) });
    // replay ids of a match that is not stored
    const unknown = await watch(`${seriesId}.1`, 'r2');
    expect(await unknown.untilClosed()).toMatchObject({ code: 4404 });
  });
});

describe('the lobby', () => {
  it('streams games starting and ending, and resumes after=<id>', async () => {
    const lobby = await LiveClient.open(base, '/api/lobby');
    const { events } = playGame('s8.0', LIVE_SEATS, 6);
    const end = events.at(-1)!;
    if (end.type !== 'end') throw new Error('a played game ends with its end');
    await publish('s8.0', events);
    await lobby.untilEvents(2);
    expect(lobby.events.map((frame) => frame.event)).toEqual([
      { type: 'game-start', match: 's8.0', game: 'xix', seats: LIVE_SEATS, tournament: null },
      { type: 'game-end', match: 's8.0', game: 'xix', ranks: end.ranks, tournament: null },
    ]);
    await t.world.store.publishLobby({ type: 'tournament', tournament: 't1', status: 'running', games: 4, gamesDone: 1 });
    const resumed = await LiveClient.open(base, `/api/lobby?after=${lobby.events[0]!.id}`);
    await resumed.untilEvents(2);
    expect(resumed.events.map((frame) => frame.event?.type)).toEqual(['game-end', 'tournament']);
    expect(resumed.events[0]!.id).toBe(lobby.events[1]!.id);
    expect(resumed.closedWith).toBeNull();
  });

  it('opened without after=, says first where its events start (hello): resuming from there misses nothing', async () => {
    const progress = (gamesDone: number) => t.world.store.publishLobby({ type: 'tournament', tournament: 't2', status: 'running', games: 9, gamesDone });
    await progress(0);
    const [newest] = await t.world.redis.xrevrange(keysFor(t.world.prefix).lobby(), '+', '-', 'COUNT', 1);
    const lobby = await LiveClient.open(base, '/api/lobby');
    await lobby.until('the hello', () => lobby.frames.length > 0);
    expect(lobby.frames[0]).toEqual({ type: 'hello', id: newest![0] });
    lobby.close();
    await progress(1);
    await progress(2);
    const resumed = await LiveClient.open(base, `/api/lobby?after=${lobby.frames[0]!.id}`);
    await resumed.untilEvents(2);
    expect(resumed.frames[0]).toEqual({ type: 'hello', id: newest![0] });
    expect(resumed.events.map((frame) => frame.event?.gamesDone)).toEqual([1, 2]);
  });

  it('resumes from further back than the server keeps (XRANGE) while events keep coming, without gap or repeat', async () => {
    const first = await LiveClient.open(base, '/api/lobby');
    const progress = (gamesDone: number) => t.world.store.publishLobby({ type: 'tournament', tournament: 't1', status: 'running', games: 40, gamesDone });
    await progress(0);
    await first.untilEvents(1);
    const after = first.events[0]!.id!;
    const resumed: Promise<LiveClient>[] = [];
    for (let done = 1; done <= 40; done++) {
      await progress(done);
      if (done % 8 === 0) resumed.push(LiveClient.open(base, `/api/lobby?after=${after}`));
    }
    await first.untilEvents(41);
    for (const client of await Promise.all(resumed)) {
      await client.untilEvents(40);
      expect(client.events).toEqual(first.events.slice(1));
    }
  });

  it('sends the Elo changes of the bots of games that ended (ratings, each server its own)', async () => {
    const lobby = await LiveClient.open(base, '/api/lobby');
    const { a, b, seriesId } = await ratedPair(t.world);
    const id = `${seriesId}.0`;
    const { events, replay } = playGame(id, [a, b], 7);
    await t.world.store.recordMatch(match(seriesId, 0, [a, b], replay));
    await t.world.store.setSeriesStatus(seriesId, 'failed', 'only its first game is played'); // its deal is public (deal publicity, issue 19)
    await publish(id, events);
    await lobby.until('a ratings event', () => lobby.events.some((frame) => frame.event?.type === 'ratings'));
    const ratings = lobby.events.find((frame) => frame.event?.type === 'ratings')!;
    // both start at 1500, K = 16 (docs/ratings.md): the winner gains 8, the loser loses 8
    const winner = replay.result.winner === 0 ? a.bot : b.bot;
    const loser = winner === a.bot ? b.bot : a.bot;
    expect(ratings.id).toBeNull();
    expect(ratings.event).toEqual({ type: 'ratings', game: 'xix', changes: expect.arrayContaining([{ bot: winner, elo: 1508, delta: 8 }, { bot: loser, elo: 1492, delta: -8 }]) });
    expect(ratings.event?.changes).toHaveLength(2);
  });
});

describe('GET /api/live', () => {
  it('lists the games in progress with their seats, leaving out those stored already', async () => {
    const { a, b, seriesId } = await ratedPair(t.world);
    const running = playGame(`${seriesId}.1`, [a, b], 8);
    const stale = playGame(`${seriesId}.0`, [a, b], 9);
    await publish(`${seriesId}.1`, running.events.slice(0, 3));
    // its worker died after storing it, before its end: listed in Redis but over
    await publish(`${seriesId}.0`, stale.events.slice(0, 2));
    await t.world.store.recordMatch(match(seriesId, 0, [a, b], stale.replay));
    await t.world.store.setSeriesStatus(seriesId, 'failed', 'only its first game is played'); // its deal is public (deal publicity, issue 19)
    const response = await t.call({ method: 'GET', url: '/api/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ games: [{ match: `${seriesId}.1`, game: 'xix', startedAt: expect.any(Number), seats: [a, b], tournament: null }] });
  });
});

describe('a server shutting down', () => {
  it('closes its streams with 1001', async () => {
    await publish('s9.0', playGame('s9.0', LIVE_SEATS, 10).events.slice(0, 2));
    const match = await watch('s9.0');
    const lobby = await LiveClient.open(base, '/api/lobby');
    await match.untilEvents(1);
    await t.app.close();
    expect(await match.untilClosed()).toMatchObject({ code: 1001 });
    expect(await lobby.untilClosed()).toMatchObject({ code: 1001 });
  });
});
