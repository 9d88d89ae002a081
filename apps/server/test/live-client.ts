/**
 * What the stream tests share: a real websocket client (ws) on a listening server, and games played
 * by the engine turned into the live events a worker publishes (docs/api.md "Streams").
 */
import WebSocket from 'ws';
import { createRandom, createReplay, findGame, type AnyGame, type Replay } from '@xix/engine';
import { ranksOf, type EntrantRef, type LiveEvent } from '@xix/store';

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
  readonly events: LiveEvent[];
  readonly replay: Replay;
}

/** A whole game of XIX played by seeded random choices, with its live events and its replay. */
export function playGame(match: string, seats: readonly EntrantRef[], seed: number): PlayedGame {
  const game = findGame('xix')!;
  const random = createRandom(seed);
  const setup = game.randomSetup(seed, seats.length);
  const state = game.start(setup);
  const events: LiveEvent[] = [{ type: 'start', match, game: game.id, seats, view: game.publicView(state) }];
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
