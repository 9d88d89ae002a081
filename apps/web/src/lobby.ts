/**
 * The lobby stream (GET /api/lobby, a websocket; docs/api.md "Streams"): games starting and
 * ending, tournament progress, rating changes. One connection per page, reconnecting with
 * `after=<last id>` so that no event is missed or repeated.
 */

import type { LobbyEvent } from '@xix/server/api-types';
import { subscribeStream } from './stream.ts';

/** Calls `onEvent` for each lobby event from now on; answers the function that stops listening. */
export function subscribeLobby(onEvent: (event: LobbyEvent) => void): () => void {
  return subscribeStream<LobbyEvent>('/api/lobby', { onEvent });
}

/**
 * Runs `refresh` at most once per `intervalMs`, however often it is asked for: a burst of events
 * becomes one reload at its start and one at its end.
 */
export function throttled(refresh: () => void, intervalMs = 1000): { request(): void; cancel(): void } {
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    request() {
      if (timer !== undefined) return;
      const wait = Math.max(0, last + intervalMs - Date.now());
      timer = setTimeout(() => {
        timer = undefined;
        last = Date.now();
        refresh();
      }, wait);
    },
    cancel() {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
