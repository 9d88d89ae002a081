/**
 * The broadcast (issue 19): a game shown at its pace whatever the worker's speed, moves as deltas
 * of the public view, a skip with a summary past the longest broadcast, the store's hold from the
 * first listener to the end shown. Timers are vitest's fake ones: no test waits a pace.
 */
import { isDeepStrictEqual } from 'node:util';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { findGame } from '@xix/engine';
import type { FastifyBaseLogger } from 'fastify';
import { BroadcastGame, DEFAULT_TIMING, type BroadcastHolds, type FollowEvent, type Shown } from '../src/live/broadcast.ts';
import { replaySteps, type Tape, type TapeSource } from '../src/live/broadcast-tape.ts';
import { applyJsonDelta, jsonDelta, type JsonDelta } from '@xix/store/json-delta';
import { parseChannel, parseFollowAfter } from '../src/live/channels.ts';
import * as ws from 'ws';
import { wireTextFrame } from '../src/live/frames.ts';
import { playGame } from './live-client.ts';
import { playRandomly } from '../../web/test/random-game.ts';

const SEATS = [{ bot: 'b1', version: 1 }, { bot: 'b2', version: 1 }];

/** A whole XIX game as a tape: its public view after every move, the spectator view at the end. */
function tapeOf(match: string, seed: number): Tape {
  const { events } = playGame(match, SEATS, seed);
  const steps = events.flatMap((event) => event.type === 'start' ? [{ move: 0, seat: -1, view: event.view }] : event.type === 'move' ? [{ move: event.move, seat: event.seat, view: event.view }] : []);
  const end = events.at(-1)!;
  if (end.type !== 'end') throw new Error('no end');
  return { match, game: 'xix', seats: SEATS, tournament: null, steps, end: { moves: end.moves, ranks: end.ranks, reason: end.reason, view: end.view } };
}

function recordingHolds(dealIsPublic = true, mayShow = true): BroadcastHolds & { readonly calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    start: async (match) => {
      calls.push(`start ${match}`);
      return mayShow;
    },
    hold: async (match) => { calls.push(`hold ${match}`); },
    release: async (match) => { calls.push(`release ${match}`); },
    dealIsPublic: async (match) => {
      calls.push(`public? ${match}`);
      return dealIsPublic;
    },
  };
}

const parse = (shown: Shown): { id: string; at: number; event: FollowEvent } => JSON.parse(shown.payload.toString()) as { id: string; at: number; event: FollowEvent };

/** The public views a follower rebuilds from snapshots and deltas, by move. */
function rebuild(frames: readonly Shown[]): Map<number, unknown> {
  const views = new Map<number, unknown>();
  let view: unknown;
  for (const frame of frames) {
    const { event } = parse(frame);
    if (event.type === 'game' || event.type === 'skip') view = event.view;
    else if (event.type === 'move') view = applyJsonDelta(view, event.delta as JsonDelta | undefined ?? undefined);
    else continue;
    views.set(event.type === 'skip' ? event.to : event.move, view);
  }
  return views;
}

describe('json deltas', () => {
  it('turn one value into another, sharing nothing with the input', () => {
    const pairs: [unknown, unknown][] = [
      [{ a: 1, b: [1, 2], c: { d: null } }, { a: 2, b: [1, 2, 3], c: { d: 'x' }, e: true }],
      [{ a: [1, 2, 3], gone: 1 }, { a: [1, 5] }],
      [[{ x: 1 }], [{ x: 1 }, { y: 2 }]],
      [1, 'one'],
      [{ a: [1] }, { a: { 0: 1 } }],
    ];
    for (const [before, after] of pairs) {
      const copy = structuredClone(before);
      expect(applyJsonDelta(before, jsonDelta(before, after))).toEqual(after);
      expect(before).toEqual(copy);
    }
    expect(jsonDelta({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBeUndefined();
  });

  it('refuse a delta that does not fit its base (the client resyncs)', () => {
    expect(() => applyJsonDelta(5, { o: { a: { v: 1 } } })).toThrow(TypeError);
    expect(() => applyJsonDelta([1], { a: { 3: { v: 1 } } })).toThrow(RangeError);
  });
});

describe('frames built once for the wire', () => {
  it('are text frames a websocket client reads back, at every length encoding', async () => {
    for (const length of [0, 125, 126, 65_535, 65_536, 200_000]) {
      const payload = Buffer.from('x'.repeat(length));
      // ws's own frame parser, as a client reads a server's frames
      const receiver = new (ws as unknown as { Receiver: new (options: object) => NodeJS.WritableStream & { on(event: 'message', listener: (data: Buffer, isBinary: boolean) => void): void } }).Receiver({ isServer: false });
      const got = new Promise<{ data: Buffer; isBinary: boolean }>((resolve) => receiver.on('message', (data: Buffer, isBinary: boolean) => resolve({ data, isBinary })));
      receiver.write(wireTextFrame(payload));
      const { data, isBinary } = await got;
      expect(isBinary).toBe(false);
      expect(data.equals(payload)).toBe(true);
    }
  });
});

describe('channel names and resume ids', () => {
  it('are checked', () => {
    expect(parseChannel('featured')).toEqual({ kind: 'featured', game: null });
    expect(parseChannel('featured:xix')).toEqual({ kind: 'featured', game: 'xix' });
    expect(parseChannel('tournament:t3')).toEqual({ kind: 'tournament', id: 't3' });
    expect(parseChannel('match:s4.2')).toEqual({ kind: 'match', id: 's4.2' });
    for (const bad of ['featured:chess', 'tournament:3', 'bot:', 'match:s4', 'lobby', '']) expect(parseChannel(bad)).toMatch(/^no channel/);
    expect(parseFollowAfter('s4.2:17')).toEqual({ match: 's4.2', k: 17 });
    expect(parseFollowAfter(undefined)).toBeNull();
    for (const bad of ['s4.2', '4-0', 's4.2:-1', ['s4.2:1']]) expect(parseFollowAfter(bad)).toMatch(/^query.after/);
  });
});

describe('a stored game on tape', () => {
  it.each([['N22', 'nineteen'], ['S18', 'sixty-nine']])('%s: a %s game steps one engine move at a time: a forced move is a step of its own, never bundled with the move before it', (_, id) => {
    const game = findGame(id)!;
    const { replay } = playRandomly(game, 7);
    const tape = replaySteps(game, replay)!;
    const forced = (tape.view as { forced: readonly { seat: number }[] }).forced;
    expect(forced.length).toBeGreaterThan(0);
    const moves = replay.moves.length + forced.length;
    expect(tape.steps.map((step) => step.move)).toEqual(Array.from({ length: moves + 1 }, (_, k) => k));
    // every step shows something new, so each of the `moves` steps holds exactly one of the moves
    const unchanged = tape.steps.slice(1).flatMap((step, k) => (isDeepStrictEqual(step.view, tape.steps[k]!.view) ? [step.move] : []));
    expect(unchanged).toEqual([]);
    const stepsBySeat = replay.seats.map((__, seat) => tape.steps.filter((step) => step.seat === seat).length);
    expect(stepsBySeat).toEqual(replay.seats.map((__, seat) => replay.moves.filter((move) => move.seat === seat).length + forced.filter((move) => move.seat === seat).length));
  });
});

describe('a broadcast game', () => {
  beforeEach(() => { vi.useFakeTimers(); });
  afterEach(() => { vi.useRealTimers(); });
  const log = { warn: () => undefined } as unknown as FastifyBaseLogger;
  const errors: unknown[] = [];
  const onError = (error: unknown): void => { errors.push(error); log.warn({ err: error }, 'test'); };

  it('shows a whole game no faster than its pace: a snapshot, a delta a move, the end; holds it until the end is shown', async () => {
    const tape = tapeOf('s1.0', 7);
    const source: TapeSource = { load: async () => tape };
    const holds = recordingHolds();
    const game = new BroadcastGame('s1.0', source, holds, { ...DEFAULT_TIMING, paceMs: 600 }, onError);
    const frames: Shown[] = [];
    const times: number[] = [];
    game.listen((shown) => { frames.push(shown); times.push(Date.now()); });
    expect(holds.calls).toEqual([]);
    expect(await game.begin()).toBe(true);
    expect(holds.calls).toEqual(['start s1.0']);
    expect(frames.map((frame) => parse(frame).event.type)).toEqual(['game']);
    // the worker's game is whole already: still one move a pace
    await vi.advanceTimersByTimeAsync(599);
    expect(frames).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(frames).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(600 * tape.steps.length);
    const events = frames.map((frame) => parse(frame).event);
    expect(events.map((event) => event.type)).toEqual(['game', ...Array<string>(tape.steps.length - 1).fill('move'), 'end']);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBeGreaterThanOrEqual(600);
    // deltas rebuild every public view exactly; the end alone has the whole deal
    const views = rebuild(frames);
    for (const step of tape.steps) expect(views.get(step.move)).toEqual(step.view);
    expect(events.at(-1)).toMatchObject({ type: 'end', moves: tape.end!.moves, view: tape.end!.view });
    // ids number the events: the end is moves + 1
    expect(frames.map((frame) => frame.id)).toEqual([...tape.steps.map((step) => `s1.0:${step.move}`), `s1.0:${tape.end!.moves + 1}`]);
    // refreshed while the game is shown (it lasts longer than two thirds of the hold's lifetime)
    const refreshes = Math.floor((600 * tape.steps.length) / ((DEFAULT_TIMING.holdTtlMs * 2) / 3));
    expect(refreshes).toBeGreaterThan(0);
    // released before the deal's publicity is asked: its own hold would keep it secret
    expect(holds.calls).toEqual(['start s1.0', ...Array<string>(refreshes).fill('hold s1.0'), 'release s1.0', 'public? s1.0']);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMING.holdTtlMs * 2);
    expect(holds.calls.at(-1)).toBe('public? s1.0');
    expect(game.after(3)!.map((shown) => shown.k)).toEqual(frames.slice(4).map((frame) => frame.k));
    expect(game.after(-5)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('ends on the last public view, not the whole deal, while the deal is not public (a twin still to play or on broadcast)', async () => {
    const tape = tapeOf('s6.0', 13);
    const game = new BroadcastGame('s6.0', { load: async () => tape }, recordingHolds(false), { ...DEFAULT_TIMING, paceMs: 1 }, onError);
    const frames: Shown[] = [];
    game.listen((shown) => frames.push(shown));
    await game.begin();
    await vi.advanceTimersByTimeAsync(tape.steps.length + 5);
    const end = parse(frames.at(-1)!).event;
    expect(end).toMatchObject({ type: 'end', moves: tape.end!.moves, ranks: tape.end!.ranks });
    if (end.type !== 'end') throw new Error('no end');
    expect(end.view).toEqual(tape.steps.at(-1)!.view);
    expect(end.view).not.toEqual(tape.end!.view);
    expect(game.snapshot().map((shown) => parse(shown).event.type)).toEqual(['game', 'end']);
  });

  it('a move costs far fewer bytes than the view it changes', async () => {
    const tape = tapeOf('s1.0', 11);
    const game = new BroadcastGame('s1.0', { load: async () => tape }, recordingHolds(), { ...DEFAULT_TIMING, paceMs: 1 }, onError);
    const frames: Shown[] = [];
    game.listen((shown) => frames.push(shown));
    await game.begin();
    await vi.advanceTimersByTimeAsync(tape.steps.length + 5);
    const moveBytes = frames.filter((frame) => parse(frame).event.type === 'move').reduce((sum, frame) => sum + frame.payload.length, 0);
    const viewBytes = tape.steps.slice(1).reduce((sum, step) => sum + JSON.stringify(step.view).length, 0);
    expect(moveBytes * 3).toBeLessThan(viewBytes);
  });

  it('waits for moves the worker has not played yet, then shows them at its pace', async () => {
    const whole = tapeOf('s2.0', 5);
    let known = 3;
    const source: TapeSource = { load: async () => ({ ...whole, steps: whole.steps.slice(0, known), end: known >= whole.steps.length ? whole.end : null }) };
    const game = new BroadcastGame('s2.0', source, recordingHolds(), { ...DEFAULT_TIMING, paceMs: 600 }, onError);
    const frames: Shown[] = [];
    game.listen((shown) => frames.push(shown));
    await game.begin();
    await vi.advanceTimersByTimeAsync(600 * 10);
    expect(frames).toHaveLength(3);
    known = whole.steps.length;
    await vi.advanceTimersByTimeAsync(600 * (whole.steps.length + 3));
    expect(parse(frames.at(-1)!).event.type).toBe('end');
    expect(rebuild(frames).get(whole.steps.at(-1)!.move)).toEqual(whole.steps.at(-1)!.view);
  });

  it('skips ahead with a summary when the game would run past the longest broadcast', async () => {
    const tape = tapeOf('s3.0', 9);
    // a broadcast of at most 20 paces: the rest of the game is skipped to its last moves
    const game = new BroadcastGame('s3.0', { load: async () => tape }, recordingHolds(), { ...DEFAULT_TIMING, paceMs: 600, maxBroadcastMs: 20 * 600 }, onError);
    const frames: Shown[] = [];
    game.listen((shown) => frames.push(shown));
    await game.begin();
    await vi.advanceTimersByTimeAsync(600 * 30);
    const events = frames.map((frame) => parse(frame).event);
    const skip = events.find((event) => event.type === 'skip');
    expect(skip).toMatchObject({ type: 'skip', from: 0 });
    if (skip?.type !== 'skip') throw new Error('no skip');
    expect(skip.summary).toContain(`Skipped moves 1–${skip.to}`);
    expect(events.at(-1)!.type).toBe('end');
    expect(frames.length).toBeLessThanOrEqual(21);
    // after the skip, deltas still rebuild the views
    const views = rebuild(frames);
    for (const step of tape.steps.filter((s) => s.move >= skip.to)) expect(views.get(step.move)).toEqual(step.view);
  });

  it('shows nothing, and holds nothing, when the game may not go on broadcast now (a twin of its deal on it)', async () => {
    const tape = tapeOf('s5.0', 4);
    const holds = recordingHolds(true, false);
    const game = new BroadcastGame('s5.0', { load: async () => tape }, holds, { ...DEFAULT_TIMING, paceMs: 1 }, onError);
    const frames: Shown[] = [];
    game.listen((shown) => frames.push(shown));
    expect(await game.begin()).toBe(false);
    expect([game.refused, game.stopped]).toEqual([true, true]);
    await vi.advanceTimersByTimeAsync(DEFAULT_TIMING.holdTtlMs);
    expect(frames).toEqual([]);
    expect(holds.calls).toEqual(['start s5.0']);
  });

  it('releases the hold when its last listener leaves before the end', async () => {
    const tape = tapeOf('s4.0', 3);
    const holds = recordingHolds();
    const game = new BroadcastGame('s4.0', { load: async () => tape }, holds, { ...DEFAULT_TIMING, paceMs: 600 }, onError);
    const stop = game.listen(() => undefined);
    await game.begin();
    await vi.advanceTimersByTimeAsync(1800);
    stop();
    expect(holds.calls).toEqual(['start s4.0', 'release s4.0']);
    await vi.advanceTimersByTimeAsync(600 * tape.steps.length);
    expect(game.ended).toBe(false);
  });
});
