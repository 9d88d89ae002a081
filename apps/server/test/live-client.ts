/**
 * What the stream tests share: a real websocket client (ws) on a listening server, games played by
 * the engine turned into the live events a worker publishes, and the public views a follower of a
 * broadcast rebuilds from its snapshots and deltas (docs/api.md "Streams", "Follow stream").
 */
import WebSocket from 'ws';
import { afterEach, beforeEach, expect } from 'vitest';
import { createRandom, createReplay, findGame, type AnyGame, type Replay } from '@xix/engine';
import { ranksOf, type EntrantRef, type WholeLiveEvent } from '@xix/store';
import { applyJsonDelta, type JsonDelta } from '@xix/store/json-delta';
import { openApp, type TestApp } from './app.ts';

export interface Frame {
  readonly type: string;
  readonly id?: string | null;
  readonly event?: { readonly type: string; readonly [field: string]: unknown };
  readonly message?: string;
}

export interface Closed {
  readonly code: number;
  readonly reason: string;
}

/** How long a test waits for what it expects before it fails (not a speed assertion). */
const WAIT_MS = 15_000;

export class LiveClient {
  readonly socket: WebSocket;
  readonly frames: Frame[] = [];
  closedWith: Closed | null = null;
  readonly #waiters = new Set<() => void>();

  private constructor(socket: WebSocket) {
    this.socket = socket;
    socket.on('message', (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      this.#check();
    });
    socket.on('close', (code, reason) => {
      this.closedWith = { code, reason: reason.toString() };
      this.#check();
    });
  }

  /** Connects to `ws://<base><path>`; resolves once open. */
  static open(base: string, path: string): Promise<LiveClient> {
    const socket = new WebSocket(`${base}${path}`);
    const client = new LiveClient(socket);
    return new Promise((resolve, reject) => {
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** The event frames so far. */
  get events(): Frame[] {
    return this.frames.filter((frame) => frame.type === 'event');
  }

  /** Waits until `done()` holds; fails after `timeoutMs`, saying what it waited for. */
  until(what: string, done: () => boolean, timeoutMs = WAIT_MS): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!done()) return;
        clearTimeout(timer);
        this.#waiters.delete(check);
        resolve();
      };
      const timer = setTimeout(() => {
        this.#waiters.delete(check);
        reject(new Error(`waited ${timeoutMs} ms for ${what}; got ${this.frames.length} frames, closed: ${JSON.stringify(this.closedWith)}`));
      }, timeoutMs);
      this.#waiters.add(check);
    });
  }

  untilEvents(count: number): Promise<void> {
    return this.until(`${count} events`, () => this.events.length >= count);
  }

  async untilClosed(): Promise<Closed> {
    await this.until('the close', () => this.closedWith !== null);
    return this.closedWith!;
  }

  close(): void {
    this.socket.terminate();
  }

  #check(): void {
    for (const waiter of [...this.#waiters]) waiter();
  }
}

/** The websocket base of a listening app. */
export function wsBase(address: string): string {
  return address.replace(/^http/, 'ws');
}

export interface PlayedGame {
  readonly game: AnyGame;
  /** As the worker publishes them: start, a move after each action, the end. */
  readonly events: WholeLiveEvent[];
  readonly replay: Replay;
}

/** A whole game of XIX played by seeded random choices, with its live events and its replay. */
export function playGame(match: string, seats: readonly EntrantRef[], seed: number): PlayedGame {
  const game = findGame('xix')!;
  const random = createRandom(seed);
  const setup = game.randomSetup(seed, seats.length);
  const state = game.start(setup);
  const events: WholeLiveEvent[] = [{ type: 'start', match, game: game.id, seats, view: game.publicView(state) }];
  const moves: { seat: number; action: unknown }[] = [];
  for (let seat = game.toMove(state); seat !== null; seat = game.toMove(state)) {
    const legal = game.legalActions(state);
    const action = legal[random.int(legal.length)];
    game.apply(state, action);
    moves.push({ seat, action });
    events.push({ type: 'move', move: moves.length, seat, view: game.publicView(state) });
  }
  const result = game.result(state)!;
  const replay = createReplay(game, { seed, setup, seats: seats.map((seat) => seat.bot), moves, forfeit: null, result });
  events.push({ type: 'end', moves: moves.length, ranks: ranksOf(replay, seats.length), reason: result.reason, view: game.spectatorView(state) });
  return { game, events, replay };
}

/** An event of the follow stream (live/broadcast.ts FollowEvent), as a client reads it. */
export type FollowedEvent = {
  readonly type: string;
  readonly match: string;
  readonly game?: string | undefined;
  readonly move?: number | undefined;
  readonly seat?: number | undefined;
  readonly to?: number | undefined;
  readonly moves?: number | undefined;
  readonly view?: unknown;
  readonly delta?: JsonDelta | null;
};
export const followedEvent = (frame: Frame): FollowedEvent => frame.event as unknown as FollowedEvent;

/** The move count of a follow stream's event id `<match>:<k>`. */
export const followK = (frame: Frame): number => Number(frame.id!.slice(frame.id!.lastIndexOf(':') + 1));

/**
 * The events a follower got, its views rebuilt (snapshots and skips whole, moves by their delta), as
 * the live events a worker publishes: `start` (a snapshot at move 0), `move` with the whole view
 * after it (a snapshot or skip later on: a move without `seat`), `end`.
 */
export function rebuiltEvents(frames: readonly Frame[]): FollowedEvent[] {
  let view: unknown;
  const events: FollowedEvent[] = [];
  for (const frame of frames.filter((f) => f.type === 'event')) {
    const event = followedEvent(frame);
    if (event.type === 'end') {
      events.push(event);
      continue;
    }
    view = event.type === 'move' ? applyJsonDelta(view, event.delta ?? undefined) : event.view;
    if (event.type === 'game' && event.move === 0) events.push({ type: 'start', match: event.match, game: event.game, view });
    else if (event.type === 'move') events.push({ type: 'move', match: event.match, move: event.move, seat: event.seat, view });
    else events.push({ type: 'move', match: event.match, move: event.type === 'skip' ? event.to : event.move, view });
  }
  return events;
}

/**
 * A spectator of a game's broadcast (`/api/matches/<id>/events`). A game may not go on broadcast
 * while another game of its deal is (issue 19: its views show that game's hidden cards): refused
 * (4409), it tries again each time one of `others()` (the spectators of the other games) closes:
 * a showing's hold goes before its end is sent, so by then the other game is off broadcast.
 */
export async function spectate(base: string, match: string, others: () => readonly LiveClient[]): Promise<LiveClient> {
  for (;;) {
    const client = await LiveClient.open(base, `/api/matches/${match}/events`);
    await client.until('its first frame', () => client.frames.length > 0 || client.closedWith !== null);
    if (client.frames[0]?.type !== 'error') return client;
    expect(await client.untilClosed(), match).toMatchObject({ code: 4409 });
    const open = others().filter((other) => other !== client && other.closedWith === null);
    if (open.length > 0) await Promise.race(open.map((other) => other.untilClosed()));
  }
}

/**
 * The views a follower of `match` rebuilt are the public views published at those moves, and its
 * end the published end's; at least one view is checked.
 */
export function expectPublicViews(frames: readonly Frame[], match: string, published: readonly WholeLiveEvent[], options: { readonly endMayBePublic?: boolean } = {}): void {
  const rebuilt = rebuiltEvents(frames).filter((event) => event.match === match);
  let checked = 0;
  for (const [index, event] of rebuilt.entries()) {
    const at = event.type === 'start' ? 0 : event.move;
    // the end shows the whole deal once the deal is public, else the last public view (another
    // showing, e.g. another server's, still holds the game): both are allowed when asked
    if (event.type === 'end' && options.endMayBePublic === true && index > 0 && JSON.stringify(event.view) === JSON.stringify(rebuilt[index - 1]!.view)) {
      checked++;
      continue;
    }
    const same = published.find((other) => (event.type === 'end' ? other.type === 'end' : other.type === 'start' ? at === 0 : other.type === 'move' && other.move === at));
    expect(same, `${match} at ${event.type} ${at}`).toBeDefined();
    expect(event.view, `${match} at ${event.type} ${at}`).toEqual(same!.view);
    checked++;
  }
  expect(checked).toBeGreaterThan(0);
}

/**
 * The live tests' server: opened before each test, showing a game as soon as it is known (broadcast
 * pace 0, no pause between games), and listening; closed after. `use` gets each test's server and
 * its websocket base URL.
 */
export function liveServerEachTest(use: (t: TestApp, base: string) => void): void {
  let t: TestApp | undefined;
  beforeEach(async () => {
    t = await openApp({ broadcastPaceMs: 0, broadcastPauseMs: 0 });
    use(t, wsBase(await t.app.listen({ port: 0, host: '127.0.0.1' })));
  });
  afterEach(async () => {
    await t?.close();
  });
}

/** The two entrants (bot and version) of the live tests' XIX games. */
export const LIVE_SEATS: readonly EntrantRef[] = [{ bot: 'b1', version: 1 }, { bot: 'b2', version: 3 }];
