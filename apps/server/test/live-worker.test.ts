/**
 * End to end: a real worker plays a series while spectators follow its games over websockets from
 * a real server. Each spectator gets exactly the match's stream (no gap, no repeat), and no live
 * view holds a card hidden from every seat (R11): each is the engine's public view of the
 * replay's state at that move; only the end shows the whole deal.
 */
import { afterEach, beforeEach, expect, it } from 'vitest';
import { parseReplay, xix, type XixPublicView, type XixState } from '@xix/engine';
import { SERIES_JOB_OPTIONS, seriesJobId } from '@xix/store';
import { cardsNamed, hiddenFromEverySeat } from '../../../engine/test/xix/hidden-cards.ts';
import { startWorker, type SeriesWorker } from '../../worker/src/index.ts';
import { storeBot } from '../../worker/test/helpers.ts';
import { REDIS_URL } from '../../store/test/world.ts';
import { openApp, type TestApp } from './app.ts';
import { LiveClient, wsBase } from './live-client.ts';

/** Relative to the worker's test helpers, which compile it. */
const DELIBERATE = '../../server/test/fixtures/deliberate-bot.ts';

let t: TestApp;
let worker: SeriesWorker;
let base: string;
beforeEach(async () => {
  t = await openApp();
  base = wsBase(await t.app.listen({ port: 0, host: '127.0.0.1' }));
  worker = startWorker({ redisUrl: REDIS_URL, prefix: t.world.prefix });
  await worker.ready;
});
afterEach(async () => {
  await worker.close();
  await t.close();
});

it('spectators of a series played by a real worker get every event of its games and never a card hidden from every seat', async () => {
  const a = await storeBot(t.world.store, 'alice', 'deliberate', DELIBERATE);
  const b = await storeBot(t.world.store, 'bob', 'thoughtful', DELIBERATE);
  const lobby = await LiveClient.open(base, '/api/lobby');
  const spectators = new Map<string, { client: Promise<LiveClient>; live: Promise<boolean> }>();
  // a spectator for each game as the lobby announces it
  lobby.socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { event?: { type: string; match: string } };
    if (frame.event?.type !== 'game-start') return;
    const { match } = frame.event;
    const client = LiveClient.open(base, `/api/matches/${match}/events`);
    spectators.set(match, { client, live: client.then(async () => (await t.world.store.getMatch(match)) === null) });
  });
  const seriesId = await t.world.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, b], deals: 1, seed: 12, requestedBy: 'alice' });
  await t.queue.add('challenge', { seriesId }, { ...SERIES_JOB_OPTIONS, jobId: seriesJobId(seriesId) });
  const matches = [0, 1].map((index) => `${seriesId}.${index}`);
  await lobby.until('the end of every game', () => matches.every((match) => lobby.events.some((frame) => frame.event?.type === 'game-end' && frame.event.match === match)), 50_000);

  expect([...spectators.keys()].sort()).toEqual(matches);
  for (const match of matches) {
    // it joined while the game was played: not stored yet
    expect(await spectators.get(match)!.live, match).toBe(true);
    const client = await spectators.get(match)!.client;
    expect(await client.untilClosed()).toMatchObject({ code: 1000 });
    const stream = await t.world.store.readLive(match);
    expect(client.events.map(({ id, event }) => ({ id, event }))).toEqual(stream.map(({ id, event }) => ({ id, event })));

    const replay = parseReplay(await t.world.store.getReplay(match));
    const state = xix.start(xix.parseSetup(replay.setup)) as XixState;
    const checkView = (view: unknown): void => {
      expect(view).toEqual(xix.publicView(state));
      expect(cardsNamed(view as XixPublicView) & hiddenFromEverySeat(state)).toBe(0);
    };
    const [start, ...rest] = client.events.map((frame) => frame.event!);
    expect(start).toMatchObject({ type: 'start', match, game: 'xix' });
    checkView(start!.view);
    let applied = 0;
    const applyNext = (): void => {
      const check = xix.checkAction(state, replay.moves[applied]!.action);
      if (!check.ok) throw new Error(`move ${applied + 1} of ${match}: ${check.reason}`);
      xix.apply(state, check.action);
      applied += 1;
    };
    for (const event of rest.slice(0, -1)) {
      expect(event.type).toBe('move');
      // the worker may skip moves under load (each view is a whole board), never reorder them
      expect(event.move).toBeGreaterThan(applied);
      while (applied < (event.move as number)) applyNext();
      expect(event.seat).toBe(replay.moves[applied - 1]!.seat);
      checkView(event.view);
    }
    while (applied < replay.moves.length) applyNext();
    expect(rest.at(-1)).toMatchObject({ type: 'end', moves: replay.moves.length, view: xix.spectatorView(state) });
  }
});
