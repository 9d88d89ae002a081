/**
 * The broadcast (docs/architecture.md "Broadcast"): the worker plays at full speed; what spectators
 * follow is each game shown at a human pace. A BroadcastGame is ONE paced showing of a match in
 * this process, shared by every channel and socket that shows it: its start (a snapshot), a move
 * at most every pace (a delta of the public view), a skip with a summary when the whole would run
 * past the longest broadcast, and its end (the whole deal). Every shown event is serialised once,
 * kept for the game's resumes (`after=<match>:<k>`) and handed to its listeners.
 *
 * A showing starts only if its game may go on broadcast now (store startBroadcast: no other game of
 * its deal on broadcast, and a stored game only once its deal is complete), else it is refused.
 * While it is on broadcast (from its start until its end is shown, or nobody shows it any more) it
 * is held in the store (its own hold, refreshed): its deal stays secret and the lobby's news of its
 * result waits; then its hold goes, and once no showing (of any server process) holds the game, the
 * waiting news is published.
 */
import { randomUUID } from 'node:crypto';
import { broadcastPolicy } from '../games/registry.ts';
import type { LiveSeat, Store } from '@xix/store';
import { wireTextFrame } from './frames.ts';
import { jsonDelta } from '@xix/store/json-delta';
import type { Tape, TapeSource, TapeStep } from './broadcast-tape.ts';

/** The store's side of a broadcast (the holds of @xix/store, and the lobby news that waited). */
export interface BroadcastHolds {
  /** Holds `showing` of the game if the game may go on broadcast now, in one step: whether it may. */
  start(match: string, showing: string, ttlMs: number): Promise<boolean>;
  /** Refreshes the showing's hold. */
  hold(match: string, showing: string, ttlMs: number): Promise<void>;
  /** The end is shown (or the broadcast stopped): the showing's hold goes, and the waiting lobby news once no showing holds the game. */
  release(match: string, showing: string): Promise<void>;
  /**
   * Whether the game's deal is public (store deal publicity: every game of the deal over and none
   * other on broadcast). Until it is, the end shows the last public view, not the whole deal: a
   * twin of the deal may still be played or shown.
   */
  dealIsPublic(match: string): Promise<boolean>;
}

/** The holds in the store, as every server process uses them. */
export function storeHolds(store: Store): BroadcastHolds {
  return {
    start: (match, showing, ttlMs) => store.startBroadcast(match, showing, ttlMs),
    hold: (match, showing, ttlMs) => store.holdBroadcast(match, ttlMs, showing),
    release: (match, showing) => store.releaseBroadcast(match, showing),
    dealIsPublic: async (match) => !(await store.unpublishedMatches([match])).has(match),
  };
}

export interface BroadcastTiming {
  /** Every game's pace (ms a move) instead of its policy's: 0 in tests, a short one in bench:ws; null: the games'. */
  readonly paceMs: number | null;
  /** A channel shows its game's end this long before its next game. */
  readonly pauseMs: number;
  /** The longest a game's broadcast runs: past it, it skips ahead. */
  readonly maxBroadcastMs: number;
  /** A hold's lifetime in the store; refreshed a third of it before it lapses. */
  readonly holdTtlMs: number;
}

export const DEFAULT_TIMING: BroadcastTiming = { paceMs: null, pauseMs: 4000, maxBroadcastMs: 10 * 60_000, holdTtlMs: 60_000 };

/** Moves a skip leaves before the end, so that the end comes at the pace of a game. */
const TAIL_AFTER_SKIP = 8;
/** How often a tape that has nothing new is read again, at least (a game's moves come in ticks of 50 ms). */
const RELOAD_MIN_MS = 100;

/**
 * A game's event on the follow stream (docs/api.md "Follow stream"). Moves count engine moves, a
 * forced one (N22, S18) a move of its own (broadcast-tape.ts).
 */
export type FollowEvent =
  /** A snapshot: a game starts, or a socket joins it: `view` is the public view after `move` moves. */
  | { readonly type: 'game'; readonly match: string; readonly game: string; readonly seats: readonly LiveSeat[]; readonly tournament: string | null; readonly move: number; readonly view: unknown }
  /** A move: `delta` turns the previous view into the one after `move` moves (@xix/store/json-delta). */
  | { readonly type: 'move'; readonly match: string; readonly move: number; readonly seat: number; readonly delta: unknown }
  /** Moves skipped (a long game): `view` after `to` moves; `summary` says what happened meanwhile. */
  | { readonly type: 'skip'; readonly match: string; readonly from: number; readonly to: number; readonly summary: string; readonly view: unknown }
  /** The game's end: `view` is the whole deal once the deal is public, else the last public view. */
  | { readonly type: 'end'; readonly match: string; readonly moves: number; readonly ranks: readonly number[]; readonly reason: string; readonly view: unknown };

/** An event as shown: its number in the game (`k`: moves at it; the end is moves + 1) and its frame. */
export interface Shown {
  readonly k: number;
  readonly id: string;
  /** The frame's JSON text. */
  readonly payload: Buffer;
  /** The same as a websocket text frame on the wire, built once for every socket. */
  readonly wire: Buffer;
  readonly final: boolean;
}

function shownOf(k: number, id: string, payload: Buffer, final: boolean): Shown {
  return { k, id, payload, wire: wireTextFrame(payload), final };
}

/** `<match>:<k>`: a follow stream's event id. */
export const FOLLOW_ID = /^(s[1-9][0-9]{0,15}\.(?:0|[1-9][0-9]{0,5})):(0|[1-9][0-9]{0,6})$/;

export function followFrame(id: string, at: number, event: FollowEvent): Buffer {
  // `at` (the send time) before the event: a client reads it from the frame's first bytes
  return Buffer.from(`{"type":"event","id":"${id}","at":${at},"event":${JSON.stringify(event)}}`);
}

/** What a broadcast shows now, for GET /api/broadcasts and the live page. */
export interface BroadcastSummary {
  readonly match: string;
  readonly game: string;
  readonly seats: readonly LiveSeat[];
  readonly tournament: string | null;
  /** Moves shown so far. */
  readonly move: number;
  readonly score: string | null;
  /** The end is shown: `ranks` by seat. */
  readonly ended: boolean;
  readonly ranks: readonly number[] | null;
  readonly startedAt: number;
  readonly endedAt: number | null;
}

export class BroadcastGame {
  readonly match: string;
  /** This showing's id in its hold (other showings of the match, here or in other processes, hold it on their own). */
  readonly showing = randomUUID();
  readonly #source: TapeSource;
  readonly #holds: BroadcastHolds;
  readonly #timing: BroadcastTiming;
  readonly #onError: (error: unknown) => void;
  readonly #listeners = new Set<(shown: Shown) => void>();
  /** Every event shown, in order. */
  readonly shown: Shown[] = [];
  #tape: Tape | null = null;
  /** The last tape step shown (by move), its view (the public view) and the score in it. */
  #move = -1;
  #view: unknown = undefined;
  /** Once the end is shown: the move of the last public view (the snapshot of a late joiner). */
  #shownMove = -1;
  #timer: NodeJS.Timeout | null = null;
  #loading = false;
  #lastLoad = 0;
  #held = false;
  #holdTimer: NodeJS.Timeout | null = null;
  #stopped = false;
  /** The end is being shown (its deal's publicity asked). */
  #ending = false;
  startedAt = 0;
  endedAt: number | null = null;
  ranks: readonly number[] | null = null;

  constructor(match: string, source: TapeSource, holds: BroadcastHolds, timing: BroadcastTiming, onError: (error: unknown) => void) {
    this.match = match;
    this.#source = source;
    this.#holds = holds;
    this.#timing = timing;
    this.#onError = onError;
  }

  /** Set by whoever begins it: whether the game was found (and its showing not refused). */
  begun: Promise<boolean> = Promise.resolve(false);
  /** The game may not go on broadcast now (another game of its deal is on it, or its deal is not complete): begin() refused it. */
  refused = false;

  /** No more steps: nobody showed it any more, or the server closes. */
  get stopped(): boolean {
    return this.#stopped;
  }

  get ended(): boolean {
    return this.endedAt !== null;
  }

  get listeners(): number {
    return this.#listeners.size;
  }

  /**
   * Starts the showing, held, if the game can be found (false: neither stored nor live) and may go
   * on broadcast now (false and `refused`: a twin's hidden cards would show).
   */
  async begin(): Promise<boolean> {
    this.#tape = await this.#source.load(this.match);
    this.#lastLoad = Date.now();
    if (this.#tape === null) return false;
    if (!(await this.#holds.start(this.match, this.showing, this.#timing.holdTtlMs))) {
      this.refused = true;
      this.#stopped = true;
      return false;
    }
    this.#hold();
    if (this.#stopped) this.#unhold(); // stopped meanwhile (the server closes)
    this.startedAt = Date.now();
    this.#step();
    return true;
  }

  listen(listener: (shown: Shown) => void): () => void {
    this.#listeners.add(listener);
    return () => {
      this.#listeners.delete(listener);
      if (this.#listeners.size === 0 && !this.ended && !this.#ending) this.stop();
    };
  }

  /** Nobody shows it any more (or the server closes): no more steps, the hold goes. */
  stop(): void {
    if (this.#stopped) return;
    this.#stopped = true;
    if (this.#timer !== null) clearTimeout(this.#timer);
    this.#unhold();
  }

  /**
   * The frames a socket that joins now gets: a snapshot of the view so far (the start itself, at the
   * start), and once the end is shown, the end after it.
   */
  snapshot(): Shown[] {
    const tape = this.#tape;
    const last = this.shown.at(-1);
    if (tape === null || last === undefined) return [];
    if (last.k === 0) return [last];
    const k = last.final ? this.#shownMove : this.#move;
    const event: FollowEvent = { type: 'game', match: this.match, game: tape.game, seats: tape.seats, tournament: tape.tournament, move: k, view: this.#view };
    const snapshot = shownOf(k, `${this.match}:${k}`, followFrame(`${this.match}:${k}`, Date.now(), event), false);
    return last.final ? [snapshot, last] : [snapshot];
  }

  /** The events shown after `k`, or null when `k` is not one of this showing's (a resume from elsewhere). */
  after(k: number): Shown[] | null {
    const index = this.shown.findIndex((shown) => shown.k === k);
    return index < 0 ? null : this.shown.slice(index + 1);
  }

  summary(): BroadcastSummary | null {
    const tape = this.#tape;
    if (tape === null || this.#move < 0) return null;
    return {
      match: this.match, game: tape.game, seats: tape.seats, tournament: tape.tournament, move: this.#move,
      score: broadcastPolicy(tape.game).score(this.#view), ended: this.ended, ranks: this.ranks, startedAt: this.startedAt, endedAt: this.endedAt,
    };
  }

  #pace(): number {
    return this.#timing.paceMs ?? broadcastPolicy(this.#tape?.game ?? '').movePaceMs;
  }

  #schedule(ms: number): void {
    if (this.#stopped) return;
    this.#timer = setTimeout(() => this.#step(), ms);
  }

  /** Shows the next event if the tape has it, else reads the tape again; then waits a pace. */
  #step(): void {
    this.#timer = null;
    if (this.#stopped || this.#ending || this.ended) return;
    const tape = this.#tape!;
    const next = tape.steps.findIndex((step) => step.move > this.#move);
    if (this.#move < 0) return this.#showStart(tape);
    if (next >= 0 && tape.end !== null && this.#skipTo(tape, next)) return this.#schedule(this.#pace());
    if (next >= 0) {
      this.#showMove(tape.steps[next]!);
      return this.#schedule(this.#pace());
    }
    if (tape.end !== null) return this.#showEnd(tape);
    this.#reload();
  }

  #reload(): void {
    if (this.#loading) return;
    const wait = Math.max(0, this.#lastLoad + Math.max(RELOAD_MIN_MS, this.#pace()) - Date.now());
    this.#loading = true;
    this.#timer = setTimeout(() => {
      this.#timer = null;
      this.#lastLoad = Date.now();
      this.#source.load(this.match).then((tape) => {
        // a game no longer stored nor live (its stream expired before it was stored): what was read stays
        if (tape !== null) this.#tape = tape;
      }, this.#onError).finally(() => {
        this.#loading = false;
        this.#step();
      });
    }, wait);
  }

  #emit(k: number, event: FollowEvent, final: boolean): void {
    const id = `${this.match}:${k}`;
    const shown = shownOf(k, id, followFrame(id, Date.now(), event), final);
    this.shown.push(shown);
    for (const listener of this.#listeners) listener(shown);
  }

  #showStart(tape: Tape): void {
    const first = tape.steps[0]!;
    this.#move = first.move;
    this.#view = first.view;
    this.#emit(first.move, { type: 'game', match: this.match, game: tape.game, seats: tape.seats, tournament: tape.tournament, move: first.move, view: first.view }, false);
    this.#schedule(this.#pace());
  }

  #showMove(step: TapeStep): void {
    const delta = jsonDelta(this.#view, step.view) ?? null;
    this.#move = step.move;
    this.#view = step.view;
    this.#emit(step.move, { type: 'move', match: this.match, move: step.move, seat: step.seat, delta }, false);
  }

  /**
   * A whole tape longer than the longest broadcast: jumps to where the rest (the last moves and the
   * end) fits in what is left of it, with a summary of what it jumped over. Whether it jumped.
   */
  #skipTo(tape: Tape, next: number): boolean {
    const pace = this.#pace();
    if (pace === 0) return false;
    const left = this.#timing.maxBroadcastMs - (Date.now() - this.startedAt);
    const remaining = tape.steps.length - next + 1;
    if (remaining * pace <= left) return false;
    const keep = Math.max(TAIL_AFTER_SKIP, Math.floor(left / pace) - 1);
    const target = tape.steps.length - keep;
    if (target <= next) return false;
    const to = tape.steps[target]!;
    const summary = broadcastPolicy(tape.game).skipSummary({ move: this.#move, view: this.#view }, { move: to.move, view: to.view });
    const from = this.#move;
    this.#move = to.move;
    this.#view = to.view;
    this.#emit(to.move, { type: 'skip', match: this.match, from, to: to.move, summary, view: to.view }, false);
    return true;
  }

  /** The hold goes first (its own hold keeps its deal secret), then the deal's publicity decides the end's view. */
  #showEnd(tape: Tape): void {
    const end = tape.end!;
    this.#ending = true; // no step, no new hold meanwhile
    const release = this.#held ? this.#release() : Promise.resolve();
    release.then(() => this.#holds.dealIsPublic(this.match)).catch((error: unknown) => {
      this.#onError(error);
      return false;
    }).then((isPublic) => {
      this.ranks = end.ranks;
      this.endedAt = Date.now();
      this.#emit(end.moves + 1, { type: 'end', match: this.match, moves: end.moves, ranks: end.ranks, reason: end.reason, view: isPublic ? end.view : this.#view }, true);
      this.#shownMove = this.#move;
      this.#move = end.moves;
    }, this.#onError);
  }

  /** Held from its start (begin): refreshed a third of its lifetime before it lapses. */
  #hold(): void {
    this.#held = true;
    const refresh = (): void => {
      this.#holds.hold(this.match, this.showing, this.#timing.holdTtlMs).catch(this.#onError);
    };
    this.#holdTimer = setInterval(refresh, Math.max(1, Math.floor((this.#timing.holdTtlMs * 2) / 3)));
    this.#holdTimer.unref();
  }

  #unhold(): void {
    if (this.#held) this.#release().catch(this.#onError);
  }

  #release(): Promise<void> {
    if (this.#holdTimer !== null) clearInterval(this.#holdTimer);
    this.#holdTimer = null;
    this.#held = false;
    return this.#holds.release(this.match, this.showing);
  }
}
