/**
 * A game in progress, watched over its stream (GET /api/matches/:id/events; docs/api.md
 * "Streams"): the events so far, then each new one, resumed after a dropped connection (a network
 * fault, or the server closing a slow client with 4008). The server closes with 1000 after the
 * `end` event, and with 4404 for a match neither live nor stored.
 */
import type { LiveEvent } from '@xix/server/api-types';
import { subscribeStream } from '../stream.ts';

/** The events of a match's stream. Views are the engine's public views; `end` carries the whole deal. */
export type MatchEvent = LiveEvent;

export interface MatchWatcher {
  onEvent(event: MatchEvent): void;
  /** The stream is over: `ended` after the game's end, else `message` says why (unknown match). */
  onClose(outcome: { readonly ended: true } | { readonly ended: false; readonly message: string }): void;
}

const CLOSE_DONE = 1000;
const CLOSE_UNKNOWN_MATCH = 4404;

/** Starts watching; answers the function that stops. */
export function watchMatch(matchId: string, watcher: MatchWatcher): () => void {
  return subscribeStream<MatchEvent>(`/api/matches/${encodeURIComponent(matchId)}/events`, {
    onEvent: (event) => watcher.onEvent(event),
    onClose: ({ code, error }) => {
      if (code === CLOSE_DONE) watcher.onClose({ ended: true });
      else if (code === CLOSE_UNKNOWN_MATCH) watcher.onClose({ ended: false, message: error ?? `no match ${matchId}` });
      else return true;
      return false;
    },
  });
}
