/**
 * Live games through the real worker, sandbox and Redis: every game of a series is in its match's
 * live stream in order (start, moves up to the last, end), the lobby hears of it, nothing is left in
 * progress, and no live view holds a card hidden from every seat (R11) — each one is checked
 * against the engine's public view of the replay's state at that move.
 */
import { parseReplay, xix, type Replay, type XixPublicView, type XixState } from '@xix/engine';
import { SERIES_JOB_OPTIONS, SERIES_JOB_PRIORITY, ranksOf, seriesJobId, wholeMoves, type Entry, type LiveEvent, type Store, type WholeLiveEvent } from '@xix/store';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { cardsNamed, hiddenFromEverySeat } from '../../../engine/test/games/xix/hidden-cards.ts';
import { createLivePublisher } from '../src/live-publisher.ts';
import { HEURISTIC, RANDOM, SLOW, closedAfterEach, finished, storeBot } from './helpers.ts';

const opened = closedAfterEach();

/** The match's live events once its `end` is there (publishing trails the store a little). */
async function liveEventsOf(store: Store, match: string, timeoutMs = 10_000): Promise<Entry<LiveEvent>[]> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const entries = await store.readLive(match);
    if (entries.at(-1)?.event.type === 'end') return entries;
    if (Date.now() > deadline) throw new Error(`no end in the live stream of ${match}: ${entries.map((e) => e.event.type).join(' ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Checks a match's live events against its replay: a start, moves that only go forward up to the
 * last (XIX makes no forced moves, so a move event carries every action a tick brought), an end;
 * each view the engine's.
 */
function checkAgainstReplay(events: readonly WholeLiveEvent[], replay: Replay, seats: unknown, lastOfItsDeal: boolean): void {
  const n = replay.moves.length;
  const types = events.map((e) => e.type);
  expect(types).toEqual(['start', ...Array<string>(types.length - 2).fill('move'), 'end']);
  const state = xix.start(xix.parseSetup(replay.setup)) as XixState;
  const checkView = (view: unknown): void => {
    expect(view).toEqual(xix.publicView(state));
    // R11: not one card that no seat can see at this point.
    expect(cardsNamed(view as XixPublicView) & hiddenFromEverySeat(state)).toBe(0);
  };
  const [start, ...rest] = events;
  expect(start).toMatchObject({ type: 'start', game: 'xix', seats });
  checkView(start?.type === 'start' && start.view);
  let applied = 0;
  for (const event of rest.slice(0, -1)) {
    if (event.type !== 'move') throw new Error(`expected a move, got ${event.type}`);
    expect(event.move).toBeGreaterThan(applied);
    expect(event.seat).toBe(replay.moves[event.move - 1]?.seat);
    for (; applied < event.move; applied++) {
      const check = xix.checkAction(state, replay.moves[applied]!.action);
      if (!check.ok) throw new Error(check.reason);
      xix.apply(state, check.action);
    }
    checkView(event.view);
  }
  expect(applied).toBe(n);
  // the whole deal only once the deal is public: with its last game (issue 19: its twin would be spoilt)
  expect(rest.at(-1)).toEqual({ type: 'end', moves: n, ranks: ranksOf(replay, 2), reason: replay.result.reason, view: lastOfItsDeal ? xix.spectatorView(state) : xix.publicView(state) });
}

describe('live games', () => {
  it('streams every game of a series in order, checked against its replay, and tells the lobby', async () => {
    const h = opened.harness();
    const worker = opened.worker(h);
    await worker.ready;
    const a = await storeBot(h.store, 'alice', 'slow', SLOW);
    const b = await storeBot(h.store, 'bob', 'heuristic', HEURISTIC);
    const id = await h.enqueue({ kind: 'challenge', rated: false, entrants: [a, b], deals: 2, seed: 31 });
    const series = await h.waitFor(id, finished);
    expect(series.status).toBe('done');

    const matches = [0, 1, 2, 3].map((index) => `${id}.${index}`);
    for (const [index, match] of matches.entries()) {
      const stored = await h.store.getMatch(match);
      const entries = await liveEventsOf(h.store, match);
      // a deal is played once from each seat: games 0 and 1, then 2 and 3
      checkAgainstReplay(wholeMoves(entries.map((e) => e.event)), parseReplay(await h.store.getReplay(match)), stored?.entrants.map(({ bot, version, name }) => ({ bot, version, name })), index % 2 === 1);
    }
    expect(await h.store.liveGames()).toEqual([]);
    const lobby = (await h.store.readLobby('0')).map((e) => e.event);
    const told = lobby.flatMap((e) => (e.type === 'game-start' || e.type === 'game-end' ? [`${e.type} ${e.match}`] : []));
    // The next game starts while the store takes the last one: starts in order, each before its end.
    expect(told.filter((e) => e.startsWith('game-start'))).toEqual(matches.map((match) => `game-start ${match}`));
    for (const match of matches) expect(told.indexOf(`game-end ${match}`)).toBeGreaterThan(told.indexOf(`game-start ${match}`));
    expect(told).toHaveLength(2 * matches.length);
  });

  it('tells the lobby how a tournament progresses, up to its end', async () => {
    const h = opened.harness();
    const worker = opened.worker(h);
    await worker.ready;
    const entrants = [await storeBot(h.store, 'alice', 'heuristic', HEURISTIC), await storeBot(h.store, 'bob', 'random', RANDOM), await storeBot(h.store, 'carol', 'random', RANDOM)];
    const created = await h.store.createTournament({ game: 'xix', entrants, dealsPerPairing: 1, seats: 2, createdBy: 'admin' });
    for (const series of created.series) await h.queue.add('tournament', { seriesId: series }, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(series), priority: SERIES_JOB_PRIORITY.tournament });
    const deadline = Date.now() + 60_000;
    for (;;) {
      const events = (await h.store.readLobby('0')).flatMap((e) => (e.event.type === 'tournament' ? [e.event] : []));
      if (events.at(-1)?.status === 'done') {
        expect(events.at(-1)).toEqual({ type: 'tournament', tournament: created.tournament, status: 'done', games: 6, gamesDone: 6 });
        const done = events.map((e) => e.gamesDone);
        expect(done).toEqual([...done].sort((x, y) => x - y));
        break;
      }
      if (Date.now() > deadline) throw new Error(`the tournament's end was not told: ${JSON.stringify(events)}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    for (const series of created.series) {
      for (const match of (await h.store.getSeries(series))?.matches ?? []) expect((await liveEventsOf(h.store, match)).at(-1)?.event.type).toBe('end');
    }
    expect(await h.store.liveGames()).toEqual([]);
  });
});
