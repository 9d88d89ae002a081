/**
 * A game in progress, watched as the broadcast shows it (the follow stream's channel `match:<id>`;
 * docs/api.md "Follow stream"): at the broadcast's pace, not the worker's, and held on broadcast
 * (its deal kept secret) until its end is shown. A snapshot first (the game so far), then each move,
 * resumed after a dropped connection. The server closes with 1000 after the end; with 4404 for a
 * match that is neither live nor stored (or an id that is no match id); with 4409 while the game may
 * not go on broadcast (another game of its deal is on it): retried, with backoff.
 */
import { followChannel, type FollowedGame } from '../stream.ts';

export interface MatchWatcher {
  /** The game as shown so far: views are the engine's public views; once `ended`, the whole deal if its deal is public. */
  onGame(game: FollowedGame): void;
  /** The stream is over: `ended` after the game's end, else `message` says why (unknown match). */
  onClose(outcome: { readonly ended: true } | { readonly ended: false; readonly message: string }): void;
}

const CLOSE_DONE = 1000;
const CLOSE_NOT_FOUND = 4404;
const CLOSE_BAD_REQUEST = 4400;

/** Starts watching; answers the function that stops. */
export function watchMatch(matchId: string, watcher: MatchWatcher): () => void {
  let ended = false;
  return followChannel(`match:${matchId}`, (game) => {
    ended = game.ended !== null;
    watcher.onGame(game);
  }, ({ code, error }) => {
    if (code === CLOSE_DONE && ended) watcher.onClose({ ended: true });
    else if (code === CLOSE_DONE || code === CLOSE_NOT_FOUND || code === CLOSE_BAD_REQUEST) watcher.onClose({ ended: false, message: error ?? `no match ${matchId}, live or finished` });
    else return true;
    return false;
  });
}
