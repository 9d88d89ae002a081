/**
 * The broadcast keeps a deal's hidden cards hidden (issue 19; review h-review-secrecy F1, F3):
 * - each showing holds its game on its own, so one server process showing the end (or losing its
 *   last listener) does not make the deal public under another process's spectators;
 * - at most one game of a deal is on broadcast at a time, and a stored game goes on only once its
 *   deal is complete: a game's public views show the cards its twin hides.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { findGame } from '@xix/engine';
import type { Store } from '@xix/store';
import { BroadcastGame, DEFAULT_TIMING, storeHolds, type FollowEvent, type Shown } from '../src/live/broadcast.ts';
import { storeTapes } from '../src/live/broadcast-tape.ts';
import { Broadcasts } from '../src/live/channels.ts';
import { entrantsOf, oneDealChallenge, playedGame, storeGames } from './deal-world.ts';
import { openApp, type TestApp } from './app.ts';
import { playGame } from './live-client.ts';

let t: TestApp;
beforeEach(async () => {
  t = await openApp();
});
afterEach(async () => {
  await t.close();
});

const errors: unknown[] = [];
const onError = (error: unknown): void => { errors.push(error); };

const eventOf = (shown: Shown): FollowEvent => (JSON.parse(shown.payload.toString()) as { event: FollowEvent }).event;

/** A showing of `match` as one server process has it (the store's holds, as server.ts builds them), and its frames. */
function showing(store: Store, match: string, paceMs: number): { game: BroadcastGame; begun: Promise<boolean>; frames: Shown[]; ended: Promise<Shown[]> } {
  const game = new BroadcastGame(match, storeTapes(store), storeHolds(store), { ...DEFAULT_TIMING, paceMs }, onError);
  const frames: Shown[] = [];
  const ended = new Promise<Shown[]>((resolve) => {
    game.listen((shown) => {
      frames.push(shown);
      if (shown.final) resolve(frames);
    });
  });
  return { game, begun: game.begin(), frames, ended };
}

describe('broadcast holds across server processes', () => {
  it('keep a game held while ANY process still shows it: one process showing its end does not make the deal public for the other\'s spectators', async () => {
    const game = findGame('xix')!;
    const { store } = t.world;
    const { entrants } = await entrantsOf(t, game, 2);
    const seriesId = await oneDealChallenge(store, game, entrants, 3, { status: 'done', stored: [0, 1] });
    const [first, twin] = [`${seriesId}.0`, `${seriesId}.1`];

    // process B: a spectator there follows match:<first> at the game's own pace (it stays at its start)
    const slow = showing(store, first, 60 * 60_000);
    expect(await slow.begun).toBe(true);
    await vi.waitFor(async () => expect((await store.onBroadcast([first])).has(first)).toBe(true));
    expect((await t.call({ method: 'GET', url: `/api/matches/${twin}/replay` })).statusCode).toBe(404);

    // process A: another spectator follows the same match there (a faster pace, or joined earlier) and sees its end
    const fast = showing(store, first, 0);
    expect(await fast.begun).toBe(true);
    const frames = await fast.ended;
    expect(eventOf(frames.at(-1)!).type).toBe('end');
    // process B's spectators are still at move 0 of the game
    expect(slow.game.ended).toBe(false);
    expect(slow.game.shown).toHaveLength(1);

    // while B still shows it, the deal must stay secret: its replay (every hidden card) is not public
    const replay = await t.call({ method: 'GET', url: `/api/matches/${first}/replay` });
    const twinReplay = await t.call({ method: 'GET', url: `/api/matches/${twin}/replay` });
    expect([replay.statusCode, twinReplay.statusCode]).toEqual([404, 404]);
    // B stops too (its last spectator left): now the deal is public
    slow.game.stop();
    await vi.waitFor(async () => expect((await t.call({ method: 'GET', url: `/api/matches/${twin}/replay` })).statusCode).toBe(200));
    expect(errors).toEqual([]);
  });
});

describe('a stored game whose deal is still secret, followed on match:<id>', () => {
  it('is not shown at all (its views list cards hidden in its twin, which is in play): its showing is refused', async () => {
    const game = findGame('xix')!;
    const { store } = t.world;
    const { entrants } = await entrantsOf(t, game, 2);
    const seriesId = await oneDealChallenge(store, game, entrants, 11, { status: 'running', stored: [0] });
    const [first, twin] = [`${seriesId}.0`, `${seriesId}.1`];
    expect((await t.call({ method: 'GET', url: `/api/matches/${first}/replay` })).statusCode).toBe(404);

    // the twin's hidden cards at its start: the closed hands of its seats
    const names = new Map(entrants.map((e) => [e.bot, e.name]));
    const twinGame = await playedGame(store, seriesId, 1, names);
    const start = game.start(game.parseSetup(twinGame.replay.setup));
    const hidden = new Set((game.spectatorView(start) as { hands: { closed: number[] }[] }).hands.flatMap((hand) => hand.closed));
    expect(hidden.size).toBeGreaterThan(0);

    // what anybody gets on GET /api/follow/match:<first> (the same BroadcastGame, at pace 0)
    const shown = showing(store, first, 0);
    expect(await shown.begun).toBe(false);
    expect(shown.game.refused).toBe(true);
    await vi.waitFor(async () => expect(await store.onBroadcast([first])).toEqual(new Set()));
    const played = new Set<number>();
    for (const frame of shown.frames) {
      const event = eventOf(frame) as { view?: { history?: { type: string; card?: number }[] } };
      for (const entry of event.view?.history ?? []) if (entry.type === 'play' && entry.card !== undefined) played.add(entry.card);
    }
    expect(shown.frames).toEqual([]);
    expect([...played].filter((card) => hidden.has(card)), `cards hidden in ${twin} (in play) that the broadcast of ${first} shows`).toEqual([]);

    // once the twin is played, the deal is complete: the game may go on broadcast
    await storeGames(store, seriesId, [1], entrants);
    expect(await showing(store, first, 0).begun).toBe(true);
  });
});

describe('two games of a deal in progress', () => {
  it('go on broadcast one at a time: the second cannot start while the first is held, and can once the first\'s end is shown', async () => {
    const { store } = t.world;
    const { entrants } = await entrantsOf(t, findGame('xix')!, 2);
    const seriesId = await oneDealChallenge(store, findGame('xix')!, entrants, 4, { status: 'running' });
    const [first, twin] = [`${seriesId}.0`, `${seriesId}.1`];
    // both tables in play at once (the worker's live streams); the twin plays its deal's cards from the other seats
    const firstGame = playGame(first, entrants, 21).events;
    await store.publishLive(first, firstGame.slice(0, 8), { game: 'xix', tournament: null });
    await store.publishLive(twin, playGame(twin, entrants, 21).events.slice(0, 8), { game: 'xix', tournament: null });

    const one = showing(store, first, 0);
    expect(await one.begun).toBe(true);
    // another server process (or channel) would show the twin: refused while the first is on broadcast
    const other = showing(store, twin, 0);
    expect(await other.begun).toBe(false);
    expect(other.game.refused).toBe(true);
    expect(await store.mayShow([first, twin])).toEqual(new Set([first]));
    // the same through a process's Broadcasts (what /api/follow/match:<id> and the channels use)
    const broadcasts = new Broadcasts(store, storeTapes(store), storeHolds(store), { ...DEFAULT_TIMING, paceMs: 0 }, { warn: () => undefined } as unknown as FastifyBaseLogger);
    try {
      expect(await broadcasts.game(twin)).toBe('refused');
      // the first game ends; its end shown, the twin may go on
      await store.publishLive(first, firstGame.slice(8), { game: 'xix', tournament: null });
      expect(eventOf((await one.ended).at(-1)!).type).toBe('end');
      expect(await store.mayShow([twin])).toEqual(new Set([twin]));
      expect(await broadcasts.game(twin)).toBeInstanceOf(BroadcastGame);
      expect(await store.mayShow([first])).toEqual(new Set());
    } finally {
      broadcasts.close();
    }
  });
});

describe('a channel choosing its next game', () => {
  it('passes over a stored game whose deal is still being played, for one it may show', async () => {
    const { store } = t.world;
    const { entrants } = await entrantsOf(t, findGame('xix')!, 2);
    // an older series, whole and done: its games may be shown
    const done = await oneDealChallenge(store, findGame('xix')!, entrants, 8, { status: 'done', stored: [0, 1] });
    // the bot's newest game: stored, its twin still to play
    const running = await oneDealChallenge(store, findGame('xix')!, entrants, 9, { status: 'running', stored: [0] });
    expect((await store.listMatches({ limit: 1, bot: entrants[0]!.bot })).matches[0]!.id).toBe(`${running}.0`);

    const broadcasts = new Broadcasts(store, storeTapes(store), storeHolds(store), { ...DEFAULT_TIMING, paceMs: 60_000 }, { warn: () => undefined } as unknown as FastifyBaseLogger);
    try {
      const spec = { kind: 'bot', id: entrants[0]!.bot } as const;
      const shown: Shown[] = [];
      broadcasts.follow(spec, { send: (frame) => shown.push(frame), finish: () => undefined, refuse: () => undefined }, null);
      await vi.waitFor(() => expect(shown.length).toBeGreaterThan(0));
      expect([`${done}.0`, `${done}.1`]).toContain(eventOf(shown[0]!).match);
      expect(await store.onBroadcast([`${running}.0`])).toEqual(new Set());
    } finally {
      broadcasts.close();
    }
  });
});
