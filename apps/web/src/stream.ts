import type { FollowEvent, LiveSeat } from '@xix/server/api-types';
import { applyJsonDelta, type JsonDelta } from '@xix/store/json-delta';

/**
 * A server stream over a websocket (docs/api.md "Streams": the lobby, a match's events), resumed
 * after a dropped connection with `after=<last id>` so that no event is missed or repeated. The
 * server's frames: `{ type: 'hello', id }` (first, where a live stream starts: resumed from there if no
 * event comes), `{ type: 'event', id, event }`, `{ type: 'error', message }`, `{ type: 'pong' }`.
 */

const RECONNECT_MIN_MS = 1000;
const RECONNECT_MAX_MS = 30_000;

export interface StreamHandlers<Event> {
  onEvent(event: Event): void;
  /**
   * The connection closed (`error`: the server's last error message, if any). Answer whether to
   * reconnect; without this handler the stream always does.
   */
  onClose?(close: { readonly code: number; readonly error: string | null }): boolean;
}

/** Follows the stream at `path` until the answered function is called. */
export function subscribeStream<Event>(path: string, handlers: StreamHandlers<Event>): () => void {
  let lastId: string | null = null;
  let lastError: string | null = null;
  let socket: WebSocket | null = null;
  let stopped = false;
  let delay = RECONNECT_MIN_MS;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const connect = (): void => {
    const url = new URL(path, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    if (lastId !== null) url.searchParams.set('after', lastId);
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('message', (message) => {
      let frame: { type?: unknown; id?: unknown; event?: unknown; message?: unknown };
      try {
        frame = JSON.parse(String(message.data)) as typeof frame;
      } catch {
        return;
      }
      if (frame.type === 'error' && typeof frame.message === 'string') lastError = frame.message;
      if (frame.type === 'hello' && typeof frame.id === 'string') lastId = frame.id;
      if (frame.type !== 'event' || typeof frame.id !== 'string') return;
      delay = RECONNECT_MIN_MS;
      lastId = frame.id;
      handlers.onEvent(frame.event as Event);
    });
    current.addEventListener('close', (event) => {
      if (stopped || socket !== current) return;
      if (handlers.onClose !== undefined && !handlers.onClose({ code: event.code, error: lastError })) return;
      timer = setTimeout(connect, delay);
      delay = Math.min(delay * 2, RECONNECT_MAX_MS);
    });
  };
  connect();
  return () => {
    stopped = true;
    clearTimeout(timer);
    socket?.close(1000);
  };
}

/** A followed channel's game as shown so far (docs/api.md "Follow stream"). */
export interface FollowedGame {
  readonly match: string;
  readonly game: string;
  readonly seats: readonly LiveSeat[];
  readonly tournament: string | null;
  /** Moves shown. */
  readonly move: number;
  /** The seat that made the last move shown; null after a snapshot, a skip or the end. */
  readonly seat: number | null;
  /** The public view after them; the whole deal once `ended`. */
  readonly view: unknown;
  /** What the last skip jumped over (a long game), else null. */
  readonly skipped: string | null;
  readonly ended: { readonly ranks: readonly number[]; readonly reason: string } | null;
}

/**
 * Follows a broadcast channel (`featured`, `featured:<game>`, `tournament:<id>`, `bot:<id>`, or
 * `match:<id>`: the match viewer's game in progress) on one socket from game to game: a snapshot,
 * then each move's delta applied to the view. A delta that does not fit (never expected) starts the
 * channel again from a fresh snapshot. `onClose` as subscribeStream's (without it: always reconnect).
 */
export function followChannel(channel: string, onGame: (game: FollowedGame) => void, onClose?: StreamHandlers<FollowEvent>['onClose']): () => void {
  let shown: FollowedGame | null = null;
  let stop: () => void = () => undefined;
  const start = (): void => {
    stop = subscribeStream<FollowEvent>(`/api/follow/${encodeURIComponent(channel)}`, {
      onEvent(event) {
        if (event.type === 'game') shown = { match: event.match, game: event.game, seats: event.seats, tournament: event.tournament, move: event.move, seat: null, view: event.view, skipped: null, ended: null };
        else if (shown === null || shown.match !== event.match) return;
        else if (event.type === 'move') {
          try {
            shown = { ...shown, move: event.move, seat: event.seat, view: applyJsonDelta(shown.view, (event.delta ?? undefined) as JsonDelta | undefined) };
          } catch {
            stop();
            shown = null;
            start();
            return;
          }
        } else if (event.type === 'skip') shown = { ...shown, move: event.to, seat: null, view: event.view, skipped: event.summary };
        else shown = { ...shown, move: event.moves, seat: null, view: event.view, ended: { ranks: event.ranks, reason: event.reason } };
        onGame(shown);
      },
      ...(onClose !== undefined && { onClose }),
    });
  };
  start();
  return () => stop();
}
