/**
 * End to end: a real worker plays a series while spectators follow its games over websockets from
 * a real server. Each spectator gets exactly the match's stream (no gap, no repeat), and a live
 * view names only cards both seats know (R11): not one hidden from every seat, nor one that only
 * one seat knows (its closed hand, a face-down card it placed). Each is the engine's public view
 * of the replay's state at that move; only the end shows the whole deal.
 */
import { expect, it } from 'vitest';
import { xix, type Replay, type XixPublicView, type XixState } from '@xix/engine';
import { cardsNamed, cardsSeenIn, hiddenFromEverySeat } from '../../../engine/test/xix/hidden-cards.ts';
import { storeBot } from '../../worker/test/helpers.ts';
import { enqueueSeries } from '../src/index.ts';
import { LiveClient } from './live-client.ts';
import { spectateEveryGame, useLiveWorkerWorld, watchedGames } from './live-worker-world.ts';

/** Relative to the worker's test helpers, which compile it. */
const DELIBERATE = '../../server/test/fixtures/deliberate-bot.ts';

const world = useLiveWorkerWorld();

it('spectators of a series played by a real worker get every event of its games and only cards both seats know (R11)', async () => {
  const a = await storeBot(world.t.world.store, 'alice', 'deliberate', DELIBERATE);
  const b = await storeBot(world.t.world.store, 'bob', 'thoughtful', DELIBERATE);
  const lobby = await LiveClient.open(world.base, '/api/lobby');
  const spectators = spectateEveryGame(world, lobby);
  const seriesId = await world.t.world.store.createSeries({ game: 'xix', kind: 'challenge', rated: false, entrants: [a, b], deals: 1, seed: 12, requestedBy: 'alice' });
  await enqueueSeries(world.t.queue, 'challenge', seriesId);
  const matches = [0, 1].map((index) => `${seriesId}.${index}`);
  for (const { match, events, replay } of await watchedGames(world, lobby, spectators, matches, 50_000)) checkViews(match, events, replay);
});

/** The cards both seats' views show them now (R11): the only cards a public view may name. */
function knownToBothSeats(state: XixState): number {
  return cardsSeenIn(xix.view(state, 0)) & cardsSeenIn(xix.view(state, 1));
}

/**
 * Each live view is the engine's public view of the replay's state at that move, naming only cards
 * both seats know (R11); the end shows the whole deal. A `start` begins the game again (its
 * run was played anew after a host died: same deal, same deterministic bots).
 */
function checkViews(match: string, events: readonly { readonly type: string; readonly [field: string]: unknown }[], replay: Replay): void {
  const types = events.map((event) => (event.type === 'move' ? event.move : event.type)).join(' ');
  let state = xix.start(xix.parseSetup(replay.setup)) as XixState;
  let applied = 0;
  const advanceTo = (move: number): void => {
    for (; applied < move; applied++) {
      const check = xix.checkAction(state, replay.moves[applied]!.action);
      if (!check.ok) throw new Error(`move ${applied + 1} of ${match}: ${check.reason}`);
      xix.apply(state, check.action);
    }
  };
  // the check below can fail: each seat's own view names cards the other seat does not know
  for (const seat of [0, 1] as const) expect(cardsSeenIn(xix.view(state, seat)) & ~knownToBothSeats(state), `seat ${seat}'s closed hand`).not.toBe(0);
  expect(events[0]?.type, types).toBe('start');
  expect(events.at(-1)?.type, types).toBe('end');
  for (const event of events) {
    if (event.type === 'start') {
      expect(event, types).toMatchObject({ match, game: 'xix' });
      state = xix.start(xix.parseSetup(replay.setup)) as XixState;
      applied = 0;
    } else if (event.type === 'move') {
      // the worker may skip moves under load (each view is a whole board), never reorder them
      expect(event.move, types).toBeGreaterThan(applied);
      advanceTo(event.move as number);
      expect(event.seat, types).toBe(replay.moves[applied - 1]!.seat);
    } else {
      advanceTo(replay.moves.length);
      expect(event, types).toMatchObject({ type: 'end', moves: replay.moves.length, view: xix.spectatorView(state) });
      continue;
    }
    expect(event.view, `${types}: the view at ${applied}`).toEqual(xix.publicView(state));
    expect(cardsNamed(event.view as XixPublicView) & hiddenFromEverySeat(state), `${types}: at ${applied}`).toBe(0);
    expect(cardsNamed(event.view as XixPublicView) & ~knownToBothSeats(state), `${types}: at ${applied}, a card one seat does not know`).toBe(0);
  }
}
