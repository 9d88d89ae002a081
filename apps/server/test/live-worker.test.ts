/**
 * End to end: a real worker plays a series while spectators follow its games over websockets from
 * a real server. Each spectator gets exactly the match's stream (no gap, no repeat), and a live
 * view names only cards both seats know (R11): not one hidden from every seat, nor one that only
 * one seat knows (its closed hand, a face-down card it placed). Each is the engine's public view
 * of the replay's state at that move; only the end shows the whole deal.
 */
import { expect, it } from 'vitest';
import { xix, type Replay, type XixPublicView, type XixState } from '@xix/engine';
import { cardsNamed, cardsSeenIn, hiddenFromEverySeat } from '../../../engine/test/games/xix/hidden-cards.ts';
import { storeBot } from '../../worker/test/helpers.ts';
import { enqueueSeries } from '../src/index.ts';
import { LiveClient } from './live-client.ts';
import { checkLiveEvents, spectateEveryGame, useLiveWorkerWorld, watchedGames, type LiveEventFrame } from './live-worker-world.ts';

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
  const ends = [];
  for (const { match, events, replay } of await watchedGames(world, lobby, spectators, matches, 50_000)) ends.push(checkViews(match, events, replay));
  // one deal, played from each seat: the first game's end keeps it back (its twin is still to play)
  expect(ends).toEqual(['public view', 'whole deal']);
});

/** The cards both seats' views show them now (R11): the only cards a public view may name. */
function knownToBothSeats(state: XixState): number {
  return cardsSeenIn(xix.view(state, 0)) & cardsSeenIn(xix.view(state, 1));
}

/**
 * Each live view names only cards both seats know (R11): none hidden from every seat, none that
 * only one seat knows (its closed hand, a face-down card it placed).
 */
function checkViews(match: string, events: readonly LiveEventFrame[], replay: Replay): 'whole deal' | 'public view' {
  // the check below can fail: each seat's own view names cards the other seat does not know
  const state = xix.start(xix.parseSetup(replay.setup)) as XixState;
  for (const seat of [0, 1] as const) expect(cardsSeenIn(xix.view(state, seat)) & ~knownToBothSeats(state), `seat ${seat}'s closed hand`).not.toBe(0);
  return checkLiveEvents(xix, match, events, replay, (event, now, at) => {
    expect(cardsNamed(event.view as XixPublicView) & hiddenFromEverySeat(now), at).toBe(0);
    expect(cardsNamed(event.view as XixPublicView) & ~knownToBothSeats(now), `${at}, a card one seat does not know`).toBe(0);
  });
}
