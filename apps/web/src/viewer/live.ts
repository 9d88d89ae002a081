/**
 * A game in progress, watched over its websocket (GET /api/matches/:id/events; docs/api.md
 * "Streams"): the events so far, then each new one. A dropped connection (a network fault, or the
 * server closing a slow client with 4008) reconnects with `after=<last id>`, so no event is missed
 * or repeated. The server closes with 1000 after the `end` event, and with 4404 for an unknown match.
 */

/** The events of a match's stream (apps/store/src/live.ts). Views are the engine's public views; `end` carries the whole deal. */
export type MatchEvent =
  | { readonly type: 'start'; readonly match: string; readonly game: string; readonly seats: readonly { readonly bot: string; readonly version: number }[]; readonly view: unknown }
  | { readonly type: 'move'; readonly move: number; readonly seat: number; readonly view: unknown }
  | { readonly type: 'end'; readonly moves: number; readonly ranks: readonly number[]; readonly reason: string; readonly view: unknown };

export interface MatchWatcher {
  onEvent(event: MatchEvent): void;
  /** The stream is over: `ended` after the game's end, else `message` says why (unknown match). */
  onClose(outcome: { readonly ended: true } | { readonly ended: false; readonly message: string }): void;
}

const CLOSE_NORMAL = 1000;
const CLOSE_UNKNOWN_MATCH = 4404;
const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;

/** Starts watching; answers the function that stops. */
export function watchMatch(matchId: string, watcher: MatchWatcher): () => void {
  let after: string | null = null;
  let lastError = '';
  let retryMs = RETRY_FIRST_MS;
  let socket: WebSocket | null = null;
  let retry: ReturnType<typeof setTimeout> | undefined;
  let stopped = false;

  function open(): void {
    const url = new URL(`/api/matches/${encodeURIComponent(matchId)}/events`, location.href);
    url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
    if (after !== null) url.searchParams.set('after', after);
    const current = new WebSocket(url);
    socket = current;
    current.addEventListener('message', (message) => {
      const frame = parseFrame(message.data);
      if (frame?.type === 'error') lastError = frame.message;
      if (frame?.type !== 'event') return;
      after = frame.id;
      retryMs = RETRY_FIRST_MS;
      watcher.onEvent(frame.event);
    });
    current.addEventListener('close', (event) => {
      if (stopped || socket !== current) return;
      if (event.code === CLOSE_NORMAL) watcher.onClose({ ended: true });
      else if (event.code === CLOSE_UNKNOWN_MATCH) watcher.onClose({ ended: false, message: lastError || `no match ${matchId}` });
      else {
        retry = setTimeout(open, retryMs);
        retryMs = Math.min(retryMs * 2, RETRY_MAX_MS);
      }
    });
  }

  open();
  return () => {
    stopped = true;
    clearTimeout(retry);
    socket?.close(CLOSE_NORMAL);
  };
}

type ServerFrame = { type: 'event'; id: string; event: MatchEvent } | { type: 'error'; message: string };

function parseFrame(data: unknown): ServerFrame | null {
  try {
    const frame = JSON.parse(String(data)) as Record<string, unknown>;
    if (frame.type === 'event' && typeof frame.id === 'string' && typeof frame.event === 'object' && frame.event !== null) return frame as ServerFrame;
    if (frame.type === 'error' && typeof frame.message === 'string') return frame as ServerFrame;
  } catch {
    // not JSON: ignored, as the server's own unknown frames are
  }
  return null;
}
