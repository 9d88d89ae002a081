/**
 * A listening server and a real worker on one test prefix, with a spectator for every game the
 * lobby announces: what the end-to-end live tests (live-worker, live-1923) share.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { parseReplay, type Replay } from '@xix/engine';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { openApp, type TestApp } from './app.ts';
import { LiveClient, wsBase, type Frame } from './live-client.ts';

export interface LiveWorkerWorld {
  readonly t: TestApp;
  /** The server's websocket base URL. */
  readonly base: string;
}

/** Opens the app, listens and starts a worker before each test; closes them after it. */
export function useLiveWorkerWorld(): LiveWorkerWorld {
  let t: TestApp | undefined;
  let worker: SeriesWorker | undefined;
  let base = '';
  beforeEach(async () => {
    t = await openApp();
    base = wsBase(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
    await worker.ready;
  });
  afterEach(async () => {
    await worker?.close();
    await t?.close();
  });
  return {
    get t() { return t!; },
    get base() { return base; },
  };
}

interface Spectator {
  readonly client: Promise<LiveClient>;
  /** Whether the match was not yet stored once the spectator's socket was open. */
  readonly live: Promise<boolean>;
}

/**
 * Opens a spectator on each game as `lobby` announces it; `after` is passed to the match's stream
 * (STREAM_START: from its start, whenever the socket opens).
 */
export function spectateEveryGame(world: LiveWorkerWorld, lobby: LiveClient, after?: string): Map<string, Spectator> {
  const spectators = new Map<string, Spectator>();
  lobby.socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as Frame;
    if (frame.event?.type !== 'game-start') return;
    const match = frame.event.match as string;
    const client = LiveClient.open(world.base, `/api/matches/${match}/events${after === undefined ? '' : `?after=${after}`}`);
    spectators.set(match, { client, live: client.then(async () => (await world.t.world.store.getMatch(match)) === null) });
  });
  return spectators;
}

/**
 * Waits for the lobby to end every match, checks each had a spectator who joined while it was live,
 * was closed with 1000 and received exactly the match's stream in Redis; answers each match's
 * events and stored replay, in the order of `matches`.
 */
export async function watchedGames(world: LiveWorkerWorld, lobby: LiveClient, spectators: Map<string, Spectator>, matches: readonly string[], timeoutMs: number): Promise<{ readonly match: string; readonly events: NonNullable<Frame['event']>[]; readonly replay: Replay }[]> {
  await lobby.until('the end of every game', () => matches.every((match) => lobby.events.some((frame) => frame.event?.type === 'game-end' && frame.event.match === match)), timeoutMs);
  expect([...spectators.keys()].sort()).toEqual([...matches].sort());
  const store = world.t.world.store;
  const games = [];
  for (const match of matches) {
    expect(await spectators.get(match)!.live, `${match} was stored before its spectator joined`).toBe(true);
    const client = await spectators.get(match)!.client;
    expect(await client.untilClosed(), match).toMatchObject({ code: 1000 });
    const stream = await store.readLive(match);
    expect(client.events.map(({ id, event }) => ({ id, event })), `${match}: the stream, as it is in Redis`).toEqual(stream.map(({ id, event }) => ({ id, event })));
    games.push({ match, events: client.events.map((frame) => frame.event!), replay: parseReplay(await store.getReplay(match)) });
  }
  return games;
}
