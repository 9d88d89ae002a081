/**
 * The live publisher on its own, on the test Redis: a move event a report, or each engine move in
 * a game with forced moves, a forced one its own (N22, S18), as deltas rebuilt whole after a failed
 * round trip; a game the pool plays
 * again (a new run) starts anew in its stream, a full backlog drops moves but keeps starts and
 * ends, and a Redis that fails costs events and a log line, never an exception.
 */
import { Writable } from 'node:stream';
import { isDeepStrictEqual } from 'node:util';
import { createRandom, createReplay, findGame, xix } from '@xix/engine';
import type { HostGame } from '@xix/sandbox';
import { createStore, keysFor, wholeMoves, type Store } from '@xix/store';
import { replaySteps, storeTapes } from '../../server/src/live/broadcast-tape.ts';
import { LIVE_ENDED_TTL_SECONDS } from '../../store/src/live.ts';
import { Redis } from 'ioredis';
import { pino } from 'pino';
import { afterEach, describe, expect, it } from 'vitest';
import { createLivePublisher, type LiveStore } from '../src/live-publisher.ts';
import { seriesSetup, tableOf } from '../src/match-input.ts';
import type { StoredSeries } from '../src/store-port.ts';
import { harness, type Harness } from './helpers.ts';
import { testBlobs } from '../../store/test/world.ts';

const series: StoredSeries = {
  id: 's9',
  game: 'xix',
  kind: 'challenge',
  rated: false,
  entrants: [{ bot: 'b1', version: 1 }, { bot: 'b2', version: 2 }],
  seats: 2,
  options: {},
  deals: 1,
  seed: 7,
  limits: null,
  botSeedKey: 'key',
  dealKey: '',
  status: 'running',
  tournament: null,
  validates: null,
  matches: [],
};
const bots = [{ name: 'one', code: '' }, { name: 'two', code: '' }] as const;

/** Game 0 of the series played by random moves, as the pool would deliver it. */
function playedGame(of: StoredSeries = series): HostGame {
  const game = findGame(of.game)!;
  const setup = seriesSetup(game, tableOf(game, of), of, 0);
  const state = game.start(setup);
  const random = createRandom(3);
  const moves: { seat: number; action: unknown }[] = [];
  for (let seat = game.toMove(state); seat !== null; seat = game.toMove(state)) {
    const legal = game.legalActions(state);
    const action = legal[random.int(legal.length)]!;
    moves.push({ seat, action });
    game.apply(state, action);
  }
  const replay = createReplay(game, { seed: 7, setup, seats: ['one', 'two'], moves, forfeit: null, result: game.result(state)! });
  return { index: 0, rotation: 0, record: { replay, logs: [] } };
}

const silent = pino({ level: 'silent' });

/** Game 0 of a series of `id` (its record, and its actions as the pool reports them) and the publisher's run of the series. */
function publishing(id: string, store: LiveStore, options: Parameters<typeof createLivePublisher>[2] = {}) {
  const live = createLivePublisher(store, silent, options);
  const of: StoredSeries = { ...series, game: id };
  const game = playedGame(of);
  const json = game.record.replay.moves.map((move) => JSON.stringify(move.action));
  return { live, game, json, run: live.series(of, bots, 0) };
}
let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe('the live publisher', () => {
  it('starts a game anew when the pool plays it again, then sends the moves its record adds and its end', async () => {
    h = harness();
    const live = createLivePublisher(h.store, silent);
    const game = playedGame();
    const json = game.record.replay.moves.map((move) => JSON.stringify(move.action));
    const run = live.series(series, bots, 0);
    run.progress({ game: 0, run: 1, actions: json.slice(0, 5) });
    run.progress({ game: 0, run: 2, actions: json.slice(0, 3) });
    run.played(game);
    run.stored(game);
    // A report read after the record is stale: it starts nothing.
    run.progress({ game: 0, run: 2, actions: json.slice(0, 4) });
    await live.close();
    const events = (await h.store.readLive('s9.0')).map((e) => e.event);
    const n = json.length;
    // XIX makes no forced moves: one move event a report, with the view after all the moves it brought.
    expect(xix.forcedMoves).toBe(false);
    expect(events.map((e) => (e.type === 'move' ? e.move : e.type))).toEqual(['start', 5, 'start', 3, n, 'end']);
    expect(events[1]).toMatchObject({ seat: game.record.replay.moves[4]!.seat });
    expect(events[0]).toMatchObject({ type: 'start', match: 's9.0', seats: [{ bot: 'b1', version: 1, name: 'one' }, { bot: 'b2', version: 2, name: 'two' }] });
    expect(await h.store.liveGames()).toEqual([]);
    expect(live.dropped).toBe(0);
    // Ended: the stream goes soon (the stored match serves spectators from its replay).
    const ttl = await h.redis.ttl(keysFor(h.prefix).live('s9.0'));
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(LIVE_ENDED_TTL_SECONDS);
  });

  it('ends with the public view, not the whole deal, while the deal is not public (issue 19: a twin unplayed or on broadcast)', async () => {
    h = harness();
    const game = playedGame();
    const secretDeal = { ...h.store, unpublishedMatches: async (ids: readonly string[]) => new Set(ids) };
    for (const [store, deal] of [[secretDeal, 'secret'], [h.store, 'public']] as const) {
      const live = createLivePublisher(store, silent);
      const run = live.series(series, bots, 0);
      run.played(game);
      run.stored(game);
      await live.close();
      const end = (await h.store.readLive('s9.0')).at(-1)!.event;
      const state = xix.start(seriesSetup(xix, tableOf(xix, series), series, 0) as never);
      for (const move of game.record.replay.moves) xix.apply(state, move.action as never);
      expect(end).toMatchObject({ type: 'end', view: deal === 'secret' ? xix.publicView(state) : xix.spectatorView(state) });
    }
  });

  it.each([['N22', 'nineteen'], ['S18', 'sixty-nine']])('%s: sends a %s game a move event an engine move: a forced move its own, never bundled with the decision before it', async (_, id) => {
    h = harness();
    const { live, game, json, run } = publishing(id, h.store);
    // a slow bot's game: a report a decision, each bringing one
    for (let moves = 1; moves <= json.length; moves++) run.progress({ game: 0, run: 1, actions: json.slice(0, moves) });
    run.played(game);
    run.stored(game);
    await live.close();
    const stream = (await h.store.readLive('s9.0')).map((e) => e.event);
    // each move's view goes as its delta from the one before
    expect(stream.filter((event) => 'delta' in event)).toHaveLength(stream.length - 2);
    const events = wholeMoves(stream);
    const engine = findGame(id)!;
    const atEnd = engine.start(game.record.replay.setup);
    for (const move of game.record.replay.moves) engine.apply(atEnd, move.action);
    const forced = (engine.spectatorView(atEnd) as { forced: readonly unknown[] }).forced;
    expect(forced.length).toBeGreaterThan(0);
    const moves = json.length + forced.length;
    expect(events.map((e) => (e.type === 'move' ? e.move : e.type))).toEqual(['start', ...Array.from({ length: moves }, (__, i) => i + 1), 'end']);
    expect(events.at(-1)).toMatchObject({ type: 'end', moves });
    // every move event shows something new, so each of the `moves` events holds exactly one of the moves
    const views = events.flatMap((e) => (e.type === 'end' ? [] : [e.view]));
    expect(views.slice(1).flatMap((view, k) => (isDeepStrictEqual(view, views[k]) ? [k + 1] : []))).toEqual([]);
    expect(views.at(-1)).toEqual(engine.publicView(atEnd));
  });

  it('sends the first move after a failed round trip whole: its delta\'s base may be missing from the stream', async () => {
    h = harness();
    const store = h.store;
    let failFirst: (error: Error) => void = () => undefined;
    let calls = 0;
    const failingOnce = { ...store, publishLive: (...args: Parameters<typeof store.publishLive>) => (++calls === 1 ? new Promise<void>((_, reject) => (failFirst = reject)) : store.publishLive(...args)) };
    const live = createLivePublisher(failingOnce, silent);
    const game = playedGame();
    const json = game.record.replay.moves.map((move) => JSON.stringify(move.action));
    const run = live.series(series, bots, 0);
    run.progress({ game: 0, run: 1, actions: json.slice(0, 3) });
    await new Promise(setImmediate); // the start and the move event of 3 moves are on their way
    run.progress({ game: 0, run: 1, actions: json.slice(0, 6) });
    failFirst(new Error('Redis away'));
    run.played(game);
    run.stored(game);
    await live.close();
    const stream = (await store.readLive('s9.0')).map((e) => e.event);
    const n = json.length;
    expect(stream.map((event) => [event.type === 'move' ? event.move : event.type, 'view' in event, 'delta' in event])).toEqual([[6, true, false], [n, false, true], ['end', true, false]]);
    const state = xix.start(seriesSetup(xix, tableOf(xix, series), series, 0) as never);
    const views = game.record.replay.moves.map((move) => {
      xix.apply(state, move.action as never);
      return xix.publicView(state);
    });
    expect(wholeMoves(stream).flatMap((event) => (event.type === 'move' ? [event.view] : []))).toEqual([views[5], views[n - 1]]);
    expect(live.dropped).toBe(2);
  });

  it('drops moves past its backlog, and keeps the start and the end', async () => {
    h = harness();
    const live = createLivePublisher(h.store, silent, { maxBacklog: 3 });
    const game = playedGame();
    const json = game.record.replay.moves.map((move) => JSON.stringify(move.action));
    const run = live.series(series, bots, 0);
    // All in one turn of the event loop, before anything is sent: the backlog fills up.
    for (let moves = 1; moves <= 4; moves++) run.progress({ game: 0, run: 1, actions: json.slice(0, moves) });
    run.played(game);
    run.stored(game);
    await live.close();
    const events = (await h.store.readLive('s9.0')).map((e) => e.event);
    expect(events.map((e) => (e.type === 'move' ? e.move : e.type))).toEqual(['start', 1, 2, 'end']);
    expect(events.at(-1)).toMatchObject({ type: 'end', moves: json.length });
    expect(live.dropped).toBe(3); // reports 3 and 4, and the record's
  });

  it('logs a Redis that fails and goes on without throwing', async () => {
    const lines: string[] = [];
    const log = pino({ level: 'warn' }, new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    }));
    // Nothing listens on port 1, and commands fail at once instead of waiting for a connection.
    const redis = new Redis('redis://127.0.0.1:1', { lazyConnect: true, enableOfflineQueue: false, maxRetriesPerRequest: 0, retryStrategy: () => null });
    try {
      const live = createLivePublisher(createStore(redis, { prefix: 'nowhere', blobs: testBlobs }), log);
      const game = playedGame();
      const run = live.series(series, bots, 0);
      expect(() => {
        run.played(game);
        run.stored(game);
      }).not.toThrow();
      await live.close();
      expect(live.dropped).toBe(3); // start, the moves, end
      expect(lines.map((line) => JSON.parse(line) as { msg: string })).toMatchObject([{ msg: 'live events not published' }]);
    } finally {
      redis.disconnect();
    }
  });
});

describe('the live moves of a game with forced moves, when some are lost', () => {
  /** The engine moves of a played game that the engine made (forced, N22 and S18), by move number. */
  function forcedMoveNumbers(id: string, game: HostGame): Set<number> {
    const engine = findGame(id)!;
    const forced = new Set<number>();
    let moves = 0;
    let chosen = false;
    const onMove = (): void => {
      moves++;
      if (!chosen) forced.add(moves);
      chosen = false;
    };
    const state = engine.startEachMove(game.record.replay.setup, () => undefined, onMove);
    for (const move of game.record.replay.moves) {
      chosen = true;
      engine.applyEachMove(state, move.action, onMove);
    }
    return forced;
  }

  /** The moves of the game in progress that a broadcast would show: its tape from the live stream (the game is not stored). */
  const shownMoves = async (store: Store): Promise<number[]> => (await storeTapes(store).load('s9.0'))!.steps.slice(1).map((step) => step.move);

  /** The moves after a gap in the move numbers. */
  const afterGaps = (numbers: readonly number[]): number[] => numbers.filter((move, i) => move > (i === 0 ? 1 : numbers[i - 1]! + 1));

  // A lost round trip loses whole reports, and a full backlog drops moves until a round trip ends:
  // either way the moves sent after the gap start with a report's first, a decision. A spectator
  // who sees move k follow a gap would know seat k's bot had a choice (N22, S18: only that seat and
  // the replay may know whether a move was forced), so the broadcast's tape stops at a gap.
  const losses = [
    { loss: 'a failed round trip', failing: 3, burst: 1, maxBacklog: 5000 },
    { loss: 'moves dropped from a full backlog', failing: 0, burst: 3, maxBacklog: 4 },
  ];
  it.each(([['N22', 'nineteen'], ['S18', 'sixty-nine']] as const).flatMap(([ruling, id]) => losses.map((loss) => ({ ruling, id, ...loss }))))('$ruling: a $id game\'s move after $loss does not tell that it was chosen', async ({ id, failing, burst, maxBacklog }) => {
    h = harness();
    const store = h.store;
    let calls = 0;
    const trips: Promise<unknown>[] = [];
    const losing = {
      ...store,
      publishLive: (...args: Parameters<typeof store.publishLive>) => {
        const trip = ++calls === failing ? Promise.reject(new Error('Redis away')) : store.publishLive(...args);
        trips.push(trip.catch(() => undefined));
        return trip;
      },
    };
    const { live, game, json, run } = publishing(id, losing, { maxBacklog });
    // a slow bot's game, a report a decision; `burst` of them in one turn of the event loop, then
    // what they queued is sent before the next come
    for (let moves = 1; moves <= json.length; moves++) {
      run.progress({ game: 0, run: 1, actions: json.slice(0, moves) });
      if (moves % burst > 0) continue;
      await new Promise(setImmediate);
      await Promise.all(trips);
      await new Promise(setImmediate);
    }
    await live.close();
    expect(live.dropped).toBeGreaterThan(0);
    expect(afterGaps(wholeMoves((await store.readLive('s9.0')).map((e) => e.event)).flatMap((e) => (e.type === 'move' ? [e.move] : []))).length).toBeGreaterThan(0);
    const forced = forcedMoveNumbers(id, game);
    expect(forced.size).toBeGreaterThan(0);
    // what a spectator of its broadcast would learn: these moves were chosen
    expect(afterGaps(await shownMoves(store)).filter((move) => !forced.has(move))).toEqual([]);
  });
});

describe('a 69 game whose engine moves before the first decision (S18)', () => {
  it('sends those moves after its start, numbered as its stored tape numbers them, again when the pool plays it anew', async () => {
    h = harness();
    const live = createLivePublisher(h.store, silent);
    // series seed 39: at 3 seats, the first seat asked has one legal action (found by search)
    const of: StoredSeries = { ...series, game: 'sixty-nine', seed: 39, seats: 3, entrants: [...series.entrants, { bot: 'b3', version: 1 }] };
    const engine = findGame('sixty-nine')!;
    const setup = seriesSetup(engine, tableOf(engine, of), of, 0);
    const views: unknown[] = [];
    const seats: number[] = [];
    const onMove = (state: unknown, seat: number): void => {
      views.push(engine.publicView(state));
      seats.push(seat);
    };
    const state = engine.startEachMove(setup, () => undefined, onMove);
    const beforeFirstDecision = views.length;
    expect(beforeFirstDecision).toBeGreaterThan(0);
    const random = createRandom(3);
    const moves: { seat: number; action: unknown }[] = [];
    for (let seat = engine.toMove(state); seat !== null; seat = engine.toMove(state)) {
      const legal = engine.legalActions(state);
      const action = legal[random.int(legal.length)];
      moves.push({ seat, action });
      engine.applyEachMove(state, action, onMove);
    }
    const replay = createReplay(engine, { seed: 7, setup, seats: ['one', 'two', 'three'], moves, forfeit: null, result: engine.result(state)! });
    const game: HostGame = { index: 0, rotation: 0, record: { replay, logs: [] } };
    const json = moves.map((move) => JSON.stringify(move.action));
    const run = live.series(of, [...bots, { name: 'three', code: '' }], 0);
    run.progress({ game: 0, run: 1, actions: json.slice(0, 2) });
    run.progress({ game: 0, run: 2, actions: json.slice(0, 1) });
    run.played(game);
    run.stored(game);
    await live.close();
    const events = wholeMoves((await h.store.readLive('s9.0')).map((e) => e.event));
    const starts = events.flatMap((event, i) => (event.type === 'start' ? [i] : []));
    expect(starts).toHaveLength(2);
    const rerun = events.slice(starts[1]! + 1, -1);
    expect(rerun.map((event) => (event.type === 'move' ? [event.move, event.seat] : event.type))).toEqual(views.map((_, i) => [i + 1, seats[i]]));
    expect(rerun.map((event) => (event.type === 'move' ? event.view : null))).toEqual(views);
    // the first run's moves too: its start's engine moves, then its two decisions' and theirs
    const first = events.slice(1, starts[1]);
    expect(first.at(0)).toMatchObject({ type: 'move', move: 1, seat: seats[0] });
    expect(events.at(-1)).toMatchObject({ type: 'end', moves: views.length });
  });
});

describe('a broadcast that goes from the live stream to the stored replay mid-game', () => {
  it.each([['N22', 'nineteen'], ['S18', 'sixty-nine']])('%s: finds each %s step of the live tape in the stored tape under the same move number, whatever the reports brought', async (_, id) => {
    h = harness();
    const { live, game, json, run } = publishing(id, h.store);
    // reports of one, two and three decisions
    for (let moves = 1, size = 1; moves <= json.length; moves += size, size = (size % 3) + 1) run.progress({ game: 0, run: 1, actions: json.slice(0, moves) });
    run.played(game);
    await live.close();
    const liveSteps = (await storeTapes(h.store).load('s9.0'))!.steps;
    const stored = replaySteps(findGame(id)!, game.record.replay)!.steps;
    expect(liveSteps.length).toBeGreaterThan(json.length);
    expect(liveSteps).toEqual(stored);
  });
});
