/**
 * One websocket of a stream: the bound on what it may have unsent, the client's messages, and the
 * order of what it gets (catch-up first, then the fan-out, each event once: deduplicated by id).
 */
import type { WebSocket } from '@fastify/websocket';
import { CLOSE, PONG_FRAME, errorFrame, helloFrame, type Outgoing } from './frames.ts';
import { compareStreamIds } from './stream-ids.ts';

export interface Bounds {
  /**
   * Bytes a socket may still have unsent (ws's bufferedAmount) when the next events arrive: past
   * it, the client does not keep up and is closed. (Checked between reads, not between frames, so a
   * burst larger than the bound does not cut a client that reads it: its frames are shared buffers.)
   */
  readonly maxBufferedBytes: number;
  /** Fan-out frames held for a socket still catching up before it is closed as too slow. */
  readonly maxQueuedFrames: number;
  /** A replay is sent while less than this is unsent; past it, as fast as the client reads. */
  readonly replayHighWaterBytes: number;
}

export const DEFAULT_BOUNDS: Bounds = { maxBufferedBytes: 1024 * 1024, maxQueuedFrames: 256, replayHighWaterBytes: 256 * 1024 };

const TEXT = { binary: false } as const;
/** ws's readyState OPEN. */
const OPEN = 1;
const TOO_SLOW = 'too slow: reconnect with after=<last id>';

interface Corkable {
  readonly destroyed: boolean;
  cork(): void;
  uncork(): void;
}

export class Subscriber {
  readonly socket: WebSocket;
  /** Cleared by the heartbeat, set by the client's pong: a socket that stays false is dead. */
  alive = true;
  readonly #bounds: Bounds;
  /** Fan-out frames held while the catch-up is read; null once live. */
  #queue: Outgoing[] | null = [];
  /** The newest id the catch-up sent, while the fan-out may still bring it again; then null. */
  #lastId: string | null = null;
  #closing = false;
  readonly #onClose: (() => void)[] = [];

  constructor(socket: WebSocket, bounds: Bounds) {
    this.socket = socket;
    this.#bounds = bounds;
    // attached at once: a message sent before the catch-up is read still gets its answer
    socket.on('message', (data, isBinary) => this.#answer(isBinary ? null : data.toString()));
    socket.on('pong', () => { this.alive = true; });
    socket.on('close', () => this.#closed());
  }

  get closing(): boolean {
    return this.#closing;
  }

  onClose(listener: () => void): void {
    if (this.#closing) listener();
    else this.#onClose.push(listener);
  }

  /** Sends one frame. Never waits. */
  send(frame: Buffer): void {
    if (!this.#closing) this.socket.send(frame, TEXT);
  }

  /**
   * Sends a frame already built for the wire (frames.ts wireTextFrame), straight to the TCP socket
   * under the websocket: the same bytes ws.send would write, without its per-socket work. Never waits.
   */
  sendWire(frame: Buffer): void {
    if (this.#closing || this.socket.readyState !== OPEN) return;
    const raw = (this.socket as unknown as { _socket?: { destroyed: boolean; write(data: Buffer): boolean } | null })._socket;
    if (raw === undefined || raw === null || raw.destroyed) return;
    raw.write(frame);
  }

  /** New events are here: a socket that has not sent what it had by now is closed (4008). */
  checkBound(): void {
    if (!this.#closing && this.socket.bufferedAmount > this.#bounds.maxBufferedBytes) this.close(CLOSE.tooSlow, TOO_SLOW);
  }

  /**
   * An event from the fan-out (`id` null: an event of this server's own, not in the stream). Held
   * while catching up; afterwards sent unless the catch-up sent it already.
   */
  deliver(event: Outgoing): void {
    const { id } = event;
    if (this.#queue !== null) {
      if (this.#closing) return;
      this.#queue.push(event);
      if (this.#queue.length > this.#bounds.maxQueuedFrames) this.close(CLOSE.tooSlow, TOO_SLOW);
      return;
    }
    // the fan-out goes in stream order: past the catch-up's last id, nothing can repeat any more
    if (id !== null && this.#lastId !== null) {
      if (compareStreamIds(id, this.#lastId) <= 0) return;
      this.#lastId = null;
    }
    this.#emit(event);
  }

  /**
   * The events of one read, in order, as `deliver` each. The socket is corked meanwhile: a read's
   * frames leave in one write (one syscall), not one each; under load reads grow and the cost of
   * an event falls.
   */
  deliverAll(events: readonly Outgoing[]): void {
    const corked = this.#cork();
    for (let i = 0; i < events.length; i++) this.deliver(events[i]!);
    corked?.uncork();
  }

  /**
   * The catch-up has been read: sends a hello with `after`, the events after it, then those the
   * fan-out held.
   */
  goLive(after: string, catchUp: readonly Outgoing[]): void {
    const held = this.#queue ?? [];
    this.#queue = null;
    const corked = this.#cork();
    this.send(helloFrame(after));
    let last = after;
    for (const events of [catchUp, held]) {
      for (const event of events) {
        if (event.id !== null) {
          if (compareStreamIds(event.id, last) <= 0) continue;
          last = event.id;
        }
        this.#emit(event);
      }
    }
    corked?.uncork();
    this.#lastId = last;
  }

  /**
   * Sends frames in order as fast as the client reads them (a replay: its size is known, so the
   * client's pace is the bound), then closes with `code`.
   */
  async sendAll(frames: readonly Buffer[], code: number, reason: string): Promise<void> {
    for (const frame of frames) {
      if (this.#closing) return;
      if (this.socket.bufferedAmount < this.#bounds.replayHighWaterBytes) this.socket.send(frame, TEXT);
      else await new Promise<void>((resolve) => this.socket.send(frame, TEXT, () => resolve()));
    }
    this.close(code, reason);
  }

  /** An error frame, then the close. */
  fail(message: string, code: number): void {
    this.send(errorFrame(message));
    this.close(code, message.slice(0, 120));
  }

  close(code: number, reason: string): void {
    if (this.#closing) return;
    this.#closing = true;
    this.#queue = null;
    this.socket.close(code, reason);
    this.#notify();
  }

  /**
   * Corks the TCP socket under the websocket (ws writes a frame's header and data corked, so its
   * own cork nests in this one); returns it to uncork, or null when there is none.
   */
  #cork(): Corkable | null {
    const raw = (this.socket as unknown as { _socket?: Corkable | null })._socket;
    if (this.#closing || raw === undefined || raw === null || raw.destroyed) return null;
    raw.cork();
    return raw;
  }

  #emit(event: Outgoing): void {
    if (this.#closing) return;
    this.socket.send(event.payload, TEXT);
  }

  #answer(text: string | null): void {
    let type: unknown;
    try {
      if (text === null) throw new TypeError('binary');
      type = (JSON.parse(text) as { type?: unknown } | null)?.type;
    } catch {
      return this.send(errorFrame('messages are JSON text: {"type":"ping"}'));
    }
    if (type === 'ping') this.send(PONG_FRAME);
    else this.send(errorFrame(`unknown message ${JSON.stringify(type ?? null)?.slice(0, 40)}: the only one is {"type":"ping"}`));
  }

  #closed(): void {
    this.#closing = true;
    this.#queue = null;
    this.#notify();
  }

  #notify(): void {
    for (const listener of this.#onClose.splice(0)) listener();
  }
}
