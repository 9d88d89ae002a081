/** The messages between the editor page's runner (runner.ts) and its play worker (play-worker.ts). */
import type { SeriesGame } from '@xix/referee';
import type { BotModule, TimeLimits } from './page-player.ts';

/**
 * Play games [first, end) of a series. `watch`: report every call of entrant A's bot with the
 * game's actions so far (the runner's second look at a game whose worker it had to stop, to
 * learn where the bot hung; costly, so only then).
 */
export interface PlayRequest {
  readonly type: 'play';
  readonly game: string;
  /** Entrant A; the house bot `house` of the game takes every other seat or side. */
  readonly author: BotModule;
  readonly house: string;
  readonly seed: number;
  /** Games [first, end) of the series. */
  readonly first: number;
  readonly end: number;
  readonly limits?: TimeLimits;
  readonly watch: boolean;
}

/** Which house bots the worker has, by game (`random` first). */
export interface HouseBotsRequest {
  readonly type: 'house-bots';
}

export type ToPlayWorker = PlayRequest | HouseBotsRequest;

export type FromPlayWorker =
  | { readonly type: 'game'; readonly game: SeriesGame }
  /** The worker is alive: sent between calls when a while has passed since its last message. */
  | { readonly type: 'beat' }
  /** With `watch`: entrant A's bot is being called, `actions` (JSON) played so far in game `index`. */
  | { readonly type: 'call'; readonly index: number; readonly call: 'start' | 'decide' | 'end'; readonly actions: readonly string[] }
  | { readonly type: 'done' }
  | { readonly type: 'house-bots'; readonly bots: Readonly<Record<string, readonly string[]>> }
  | { readonly type: 'error'; readonly message: string };

/** How often a busy worker says it is alive. */
export const BEAT_MS = 200;
