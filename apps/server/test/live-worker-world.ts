/**
 * A listening server and a real worker on one test prefix, with a spectator for every game the
 * lobby announces (on the game's broadcast, shown as soon as it is known: pace 0): what the
 * end-to-end live tests (live-worker, live-1923) share.
 */
import { afterEach, beforeEach, expect } from 'vitest';
import { parseReplay, type Game, type Replay } from '@xix/engine';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { openApp, type TestApp } from './app.ts';
import { LiveClient, followK, rebuiltEvents, spectate, wsBase } from './live-client.ts';

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
    t = await openApp({ broadcastPaceMs: 0, broadcastPauseMs: 0 });
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
 * Opens a spectator on each game as `lobby` announces it: its broadcast, from its start (the
 * spectator is the first: the showing begins with it). A game whose twin is still on broadcast is
 * refused (4409: one game of a deal at a time) and followed once the twin's showing is over
 * (live-client.ts spectate); `live` tells whether it was in progress when first asked for.
 */
export function spectateEveryGame(world: LiveWorkerWorld, lobby: LiveClient): Map<string, Spectator> {
  const spectators = new Map<string, Spectator>();
  const accepted: LiveClient[] = [];
  lobby.socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { event?: { type: string; match?: unknown } };
    if (frame.event?.type !== 'game-start') return;
    const match = frame.event.match as string;
    const live = world.t.world.store.getMatch(match).then((stored) => stored === null);
    const client = live.then(() => spectate(world.base, match, () => accepted)).then((shown) => {
      accepted.push(shown);
      return shown;
    });
    spectators.set(match, { client, live });
  });
  return spectators;
}

/**
 * Waits for the lobby to end every match, checks each had a spectator who joined while it was live,
 * followed its broadcast (event ids increasing) and was closed with 1000 after its end; answers
 * each match's events (views rebuilt from the deltas) and stored replay, in the order of `matches`.
 */
export async function watchedGames(world: LiveWorkerWorld, lobby: LiveClient, spectators: Map<string, Spectator>, matches: readonly string[], timeoutMs: number): Promise<{ readonly match: string; readonly events: LiveEventFrame[]; readonly replay: Replay }[]> {
  await lobby.until('the end of every game', () => matches.every((match) => lobby.events.some((frame) => frame.event?.type === 'game-end' && frame.event.match === match)), timeoutMs);
  expect([...spectators.keys()].sort()).toEqual([...matches].sort());
  const store = world.t.world.store;
  const games = [];
  for (const match of matches) {
    expect(await spectators.get(match)!.live, `${match} was stored before its spectator asked for it`).toBe(true);
    const client = await spectators.get(match)!.client;
    expect(await client.untilClosed(), match).toMatchObject({ code: 1000 });
    expect(client.frames[0], match).toEqual({ type: 'hello', channel: `match:${match}` });
    const ks = client.events.map(followK);
    expect(ks.every((k, i) => i === 0 || k > ks[i - 1]!), `${match}: ${ks.join(' ')}`).toBe(true);
    games.push({ match, events: rebuiltEvents(client.frames), replay: parseReplay(await store.getReplay(match)) });
  }
  return games;
}

export type LiveEventFrame = { readonly type: string; readonly [field: string]: unknown };

/**
 * Walks a game's live events against its stored replay, as a spectator sees them (its views rebuilt
 * from the broadcast's deltas: live-client.ts rebuiltEvents): a `start` begins the game; a `move`
 * may skip moves (the worker's progress ticks, several moves each) but never goes back, and names the seat
 * that made it; the `end` shows the whole deal (the spectator view) if the deal was public by then
 * (every other game of it played), else the public view (issue 19: its twins would be spoilt);
 * which one, it answers. Every `start` and `move` view
 * is the engine's public view of the state at that move, and `checkView` adds the game's own
 * secrecy checks on it (`at` says where, for messages).
 */
export function checkLiveEvents<State>(
  // only the state's type matters here (it reaches checkView)
  game: Game<State, any, any, any, any, any>,
  match: string,
  events: readonly LiveEventFrame[],
  replay: Replay,
  checkView: (event: LiveEventFrame, state: State, at: string) => void,
): 'whole deal' | 'public view' {
  const types = events.map((event) => (event.type === 'move' ? event.move : event.type)).join(' ');
  let state = game.start(game.parseSetup(replay.setup));
  let applied = 0;
  const advanceTo = (move: number): void => {
    for (; applied < move; applied++) {
      const check = game.checkAction(state, replay.moves[applied]!.action);
      if (!check.ok) throw new Error(`move ${applied + 1} of ${match}: ${check.reason}`);
      game.apply(state, check.action);
    }
  };
  expect(events[0]?.type, types).toBe('start');
  expect(events.at(-1)?.type, types).toBe('end');
  let ended: 'whole deal' | 'public view' | null = null;
  for (const event of events) {
    if (event.type === 'start') {
      expect(event, types).toMatchObject({ match, game: game.id });
      state = game.start(game.parseSetup(replay.setup));
      applied = 0;
    } else if (event.type === 'move') {
      expect(event.move, types).toBeGreaterThan(applied);
      advanceTo(event.move as number);
      expect(event.seat, types).toBe(replay.moves[applied - 1]!.seat);
    } else {
      advanceTo(replay.moves.length);
      expect(event, types).toMatchObject({ type: 'end', moves: replay.moves.length });
      const whole = JSON.stringify(event.view) === JSON.stringify(game.spectatorView(state));
      expect(whole || JSON.stringify(event.view) === JSON.stringify(game.publicView(state)), `${types}: the end's view is the whole deal or the public view`).toBe(true);
      ended = whole ? 'whole deal' : 'public view';
      continue;
    }
    const at = `${types}: at ${applied}`;
    expect(event.view, at).toEqual(game.publicView(state));
    checkView(event, state, at);
  }
  return ended!;
}
