/**
 * Two server instances on one Redis prefix, each on its own port with its own Redis connection,
 * stream reader and broadcast: whichever process publishes a live game's events (a worker, or the
 * test through either instance's store), the spectators of BOTH instances get every move of its
 * broadcast in order (the same move numbers: `<match>:<k>`), and their lobby clients every event
 * with the ids of the lobby's stream in Redis. One instance closing leaves the other's clients
 * alone, and its own clients resume on the other with after=<last id>.
 */
import { Redis } from 'ioredis';
import { findGame, parseReplay } from '@xix/engine';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStore, type EntrantRef, type Entry, type LobbyEvent, type Store } from '@xix/store';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { storeBot } from '../../worker/test/helpers.ts';
import { REDIS_URL, testBlobs } from '../../store/test/world.ts';
import { buildServer, enqueueSeries } from '../src/index.ts';
import { STREAM_START } from '../src/live/stream-ids.ts';
import { openApp, type TestApp } from './app.ts';
import { LiveClient, expectPublicViews, followK, playGame, rebuiltEvents, spectate, wsBase, type Frame } from './live-client.ts';
import { checkLiveEvents } from './live-worker-world.ts';

/** Relative to the worker's test helpers, which compile it (as in live-worker.test.ts). */
const DELIBERATE = '../../server/test/fixtures/deliberate-bot.ts';

interface Instance {
  readonly store: Store;
  /** ws://host:port of its own listening server. */
  readonly base: string;
}

const SEATS: EntrantRef[] = [{ bot: 'b1', version: 1 }, { bot: 'b2', version: 3 }];
const CONTEXT = { game: 'xix', tournament: null };

let t: TestApp;
let second: Instance & { close(): Promise<void> };
let instances: [Instance, Instance];
beforeEach(async () => {
  // a game in progress is watched on its broadcast: shown as soon as it is known (pace 0)
  t = await openApp({ broadcastPaceMs: 0, broadcastPauseMs: 0 });
  second = await secondInstance(t);
  instances = [{ store: t.world.store, base: wsBase(await t.app.listen({ port: 0, host: '127.0.0.1' })) }, second];
});
afterEach(async () => {
  await second.close();
  await t.close();
});

/** Another server on `t`'s store prefix: its own Redis connection (so its own stream reader), store and port. */
async function secondInstance(on: TestApp): Promise<Instance & { close(): Promise<void> }> {
  const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
  const store = createStore(connection, { prefix: on.world.prefix, blobs: testBlobs });
  const app = await buildServer({ store, queue: on.queue, config: { broadcastPaceMs: 0, broadcastPauseMs: 0 } });
  const base = wsBase(await app.listen({ port: 0, host: '127.0.0.1' }));
  let closed = false;
  return {
    store,
    base,
    async close() {
      if (closed) return;
      closed = true;
      await app.close();
      connection.disconnect();
    },
  };
}

const watch = (instance: Instance, matchId: string, after?: string): Promise<LiveClient> =>
  LiveClient.open(instance.base, `/api/matches/${matchId}/events${after === undefined ? '' : `?after=${after}`}`);
/**
 * From the start of the test's own lobby stream (after=0-0): without `after=`, a lobby joins from
 * whatever its server's XREVRANGE finds, which may run after an event the test sends once the
 * socket is open.
 */
const openLobby = (instance: Instance, after = STREAM_START) => LiveClient.open(instance.base, `/api/lobby?after=${after}`);
/** The same thing opened on each instance. */
const onBoth = <T>(open: (instance: Instance) => Promise<T>): Promise<[T, T]> => Promise.all([open(instances[0]), open(instances[1])]);
const idsAndEvents = (frames: readonly Frame[]) => frames.map(({ id, event }) => ({ id, event }));
const lobbyLabels = (entries: readonly Entry<LobbyEvent>[]) => entries.map(({ event }) => `${event.type} ${'match' in event ? event.match : ''}`);
const sawLobby = (lobby: LiveClient, type: string, match: string) => lobby.events.some((frame) => frame.event?.type === type && frame.event.match === match);
/** Every move after the spectator's first event (its snapshot), each once, then the end (k = moves + 1). */
function expectEveryMoveAfterSnapshot(client: LiveClient, moves: number): void {
  const ks = client.events.map(followK);
  expect(ks).toEqual(Array.from({ length: moves + 2 - ks[0]! }, (_, i) => ks[0]! + i));
}

describe('a live game published through either instance', () => {
  it('reaches the spectators of both, every move of its broadcast in order, and their lobby clients with the ids of the lobby stream in Redis', async () => {
    const lobbies = await onBoth((instance) => openLobby(instance));
    const { events } = playGame('s5.0', SEATS, 31);
    await instances[0].store.publishLive('s5.0', events.slice(0, 1), CONTEXT);
    const spectators = await onBoth((instance) => watch(instance, 's5.0'));
    const BATCH = 5;
    for (let i = 1, turn = 0; i < events.length; i += BATCH, turn++) {
      // every spectator has been shown what was published before the next events are: those reach it by its broadcast
      await Promise.all(spectators.map((client) => client.until(`move ${i - 1}`, () => client.events.some((frame) => followK(frame) >= i - 1))));
      // each batch through ONE instance's store, in turn: a server that served only its own would stall here
      await instances[turn % 2]!.store.publishLive('s5.0', events.slice(i, i + BATCH), CONTEXT);
      // more spectators join mid-game on both: a snapshot, then the moves after it without gap or repeat
      if (turn % 2 === 1) spectators.push(...(await onBoth((instance) => watch(instance, 's5.0'))));
    }
    expect(spectators.length).toBeGreaterThan(4);

    const stream = await t.world.store.readLive('s5.0');
    expect(stream.map(({ event }) => event)).toEqual(events);
    for (const client of spectators) {
      expect(await client.untilClosed()).toMatchObject({ code: 1000 });
      expectEveryMoveAfterSnapshot(client, events.length - 2);
      // each instance shows it on its own: the first to show the end may find the other's showing still holding it
      expectPublicViews(client.frames, 's5.0', events, { endMayBePublic: true });
    }

    const lobbyStream = await t.world.store.readLobby('0');
    expect(lobbyLabels(lobbyStream)).toEqual(['game-start s5.0', 'game-end s5.0']);
    for (const lobby of lobbies) {
      await lobby.untilEvents(lobbyStream.length);
      expect(idsAndEvents(lobby.events)).toEqual(lobbyStream);
      expect(lobby.closedWith).toBeNull();
    }
  });
});

describe('one instance closing', () => {
  it('leaves the other\'s clients streaming to the end; its own resume on the other with after=<last id>, no gap, no repeat', async () => {
    const [staying] = instances;
    const { events } = playGame('s5.1', SEATS, 32);
    const lobbies = await onBoth((instance) => openLobby(instance));
    await second.store.publishLive('s5.1', events.slice(0, 10), CONTEXT);
    const spectators = await onBoth((instance) => watch(instance, 's5.1'));
    await Promise.all([...spectators.map((client) => client.until('move 9', () => client.events.some((frame) => followK(frame) === 9))), ...lobbies.map((lobby) => lobby.untilEvents(1))]);

    // events keep coming while it shuts down
    const closing = second.close();
    for (const event of events.slice(10, 20)) await staying.store.publishLive('s5.1', [event], CONTEXT);
    await closing;
    expect(await spectators[1].untilClosed()).toMatchObject({ code: 1001 });
    expect(await lobbies[1].untilClosed()).toMatchObject({ code: 1001 });
    for (const event of events.slice(20)) await staying.store.publishLive('s5.1', [event], CONTEXT);

    // the staying instance's clients: every event, nothing but events, the match to its end
    expect(await spectators[0].untilClosed()).toMatchObject({ code: 1000 });
    expect(spectators[0].frames.map((frame) => frame.type)).toEqual(['hello', ...events.map(() => 'event')]);
    expect(spectators[0].events.map(followK)).toEqual(events.map((_, k) => k));
    expectPublicViews(spectators[0].frames, 's5.1', events);
    await lobbies[0].until('the game\'s end', () => sawLobby(lobbies[0], 'game-end', 's5.1'));
    expect(lobbies[0].frames.map((frame) => `${frame.type} ${frame.event?.type}`)).toEqual(['hello undefined', 'event game-start', 'event game-end']);
    expect(lobbies[0].closedWith).toBeNull();

    // the leaving instance's clients, back on the staying one: the rest of its showing of the game
    const left = spectators[1].events.at(-1)!;
    const resumed = await watch(staying, 's5.1', left.id!);
    expect(await resumed.untilClosed()).toMatchObject({ code: 1000 });
    expect(resumed.events).toEqual(spectators[0].events.slice(followK(left) + 1));
    expect([...spectators[1].events, ...resumed.events].map(followK)).toEqual(events.map((_, k) => k));
    const resumedLobby = await openLobby(staying, lobbies[1].events.at(-1)!.id!);
    await resumedLobby.untilEvents(1);
    expect(idsAndEvents([...lobbies[1].events, ...resumedLobby.events])).toEqual(idsAndEvents(lobbies[0].events));
  });
});

describe('a series played by a real worker', () => {
  let worker: SeriesWorker;
  beforeEach(async () => {
    worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
    await worker.ready;
  });
  afterEach(async () => { await worker.close(); });

  it('reaches the spectators of both instances (its broadcast: the public views of its replay) and their lobby clients (the ids of the lobby stream in Redis)', async () => {
    const a = await storeBot(t.world.store, 'alice', 'deliberate', DELIBERATE);
    const b = await storeBot(t.world.store, 'bob', 'thoughtful', DELIBERATE);
    const lobbies = await onBoth((instance) => openLobby(instance));
    const seriesId = await t.world.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, b], deals: 1, seed: 13, requestedBy: 'alice' });
    await enqueueSeries(t.queue, 'challenge', seriesId);
    const matches = [0, 1].map((index) => `${seriesId}.${index}`);
    // a spectator on each instance for each game, as the first instance's lobby announces it
    const spectators = new Map<string, LiveClient[]>();
    // (a game whose twin is still on broadcast is refused, 4409, and followed once the twin's showings are over)
    const others = (match: string) => [...spectators.entries()].filter(([other]) => other !== match).flatMap(([, clients]) => clients);
    for (const match of matches) {
      await lobbies[0].until(`the start of ${match}`, () => sawLobby(lobbies[0], 'game-start', match), 50_000);
      spectators.set(match, await onBoth((instance) => spectate(instance.base, match, () => others(match))));
    }
    for (const lobby of lobbies) await lobby.until('the end of every game', () => matches.every((match) => sawLobby(lobby, 'game-end', match)), 50_000);

    for (const match of matches) {
      const replay = parseReplay(await t.world.store.getReplay(match));
      for (const client of spectators.get(match)!) {
        expect(await client.untilClosed(), match).toMatchObject({ code: 1000 });
        // a spectator who came once the game was stored and public gets its replay (r0, r1, ...)
        if (client.events[0]?.id === 'r0') continue;
        checkLiveEvents(findGame('xix')!, match, rebuiltEvents(client.frames), replay, () => undefined);
      }
    }
    // unrated: no `ratings` events (each server makes those for its own lobby clients, without an id)
    const lobbyStream = await t.world.store.readLobby('0');
    // each game starts, then ends, once; the next game may start before the last one's end, which
    // waits for the game to be stored (its blob written and synced first: issue 24)
    const labels = lobbyLabels(lobbyStream);
    expect([...labels].sort()).toEqual(matches.flatMap((match) => [`game-start ${match}`, `game-end ${match}`]).sort());
    for (const match of matches) expect(labels.indexOf(`game-start ${match}`), match).toBeLessThan(labels.indexOf(`game-end ${match}`));
    for (const lobby of lobbies) {
      await lobby.untilEvents(lobbyStream.length);
      expect(idsAndEvents(lobby.events)).toEqual(lobbyStream);
    }
  });
});
