/**
 * End to end for 1923 (issue 12): a real worker plays a 3-entrant series while a spectator follows
 * each game's broadcast over a websocket. Every `start`/`move` view is the engine's public view of the replay's
 * state at that move and names no card hidden from any seat: no hole card before the reveal, no
 * seat's seen card (T15), no card of the shoe; nor does it depend on a choice still pending in the
 * current step (T5, T15). Only the `end` shows the whole deal (spectator view).
 */
import { expect, it } from 'vitest';
import { CARD_CODES, nineteenTwentyThree as game, type Replay, type NineteenTwentyThreeState } from '@xix/engine';
import { storeBot } from '../../worker/test/helpers.ts';
import { enqueueSeries } from '../src/index.ts';
import { STREAM_START } from '../src/live/stream-ids.ts';
import { LiveClient } from './live-client.ts';
import { checkLiveEvents, spectateEveryGame, useLiveWorkerWorld, watchedGames, type LiveEventFrame } from './live-worker-world.ts';

/** Relative to the worker's test helpers, which compile it. */
const DELIBERATE_1923 = '../../server/test/fixtures/deliberate-1923-bot.ts';

const world = useLiveWorkerWorld();

it('a live spectator of a 3-seat 1923 series never receives a hidden card nor a pending choice (T5, T15, R11)', async () => {
  const entrants = await Promise.all(['alice', 'bob', 'carol'].map((owner) => storeBot(world.t.world.store, owner, 'deliberate', DELIBERATE_1923, 'active', '1923')));
  // from the start of the test's lobby stream (after=0-0), so no game-start is missed
  const lobby = await LiveClient.open(world.base, `/api/lobby?after=${STREAM_START}`);
  const spectators = spectateEveryGame(world, lobby);
  const seriesId = await world.t.world.store.createSeries({ game: '1923', kind: 'challenge', rated: false, entrants, deals: 1, seed: 1923, requestedBy: 'alice' });
  await enqueueSeries(world.t.queue, 'challenge', seriesId);
  // one deal, played once per seat rotation
  const matches = [0, 1, 2].map((index) => `${seriesId}.${index}`);
  let pendingSeen = 0;
  const ends = [];
  for (const { match, events, replay } of await watchedGames(world, lobby, spectators, matches, 60_000)) {
    const checked = checkEvents(match, events, replay);
    pendingSeen += checked.pending;
    ends.push(checked.end);
  }
  // the deal's whole cards only with its last rotation's end (issue 19: no spoilers)
  expect(ends).toEqual(['public view', 'public view', 'whole deal']);
  // the pending-choice check below was exercised: some live view came mid-step, a choice pending
  expect(pendingSeen).toBeGreaterThan(0);
});

/** Cards hidden from some seat now (T15): every card in front of a seat this round (its seen cards from the others, its hole card from all) and the shoe. */
function hiddenCards(state: NineteenTwentyThreeState): string[] {
  return [...state.hands.flat(), ...state.shoe.slice(state.top)].map((card) => CARD_CODES[card]!);
}

/** The state with every pending choice of the current step swapped (hit ↔ lock): what a spectator's view must not depend on (T5). */
function pendingSwapped(state: NineteenTwentyThreeState): NineteenTwentyThreeState {
  const copy = game.clone(state);
  copy.pending = copy.pending.map((choice) => (choice === 1 ? 2 : choice === 2 ? 1 : choice));
  return copy;
}

/**
 * Checks each event against the replay's state at its move (checkLiveEvents) and that it names no
 * card hidden from a seat; returns how many live views were checked while a choice was pending,
 * and what the end showed.
 */
function checkEvents(match: string, events: readonly LiveEventFrame[], replay: Replay): { pending: number; end: 'whole deal' | 'public view' } {
  let pending = 0;
  expect(replay.seats, match).toHaveLength(3);
  const end = checkLiveEvents(game, match, events, replay, (event, state, at) => {
    const json = JSON.stringify(event);
    const hidden = hiddenCards(state);
    // until the last move there is always something hidden: the shoe at least
    if (!state.over) expect(hidden.length, at).toBeGreaterThan(0);
    expect(hidden.filter((code) => json.includes(`"${code}"`)), `${at}: cards hidden from a seat`).toEqual([]);
    if (state.pending.some((choice) => choice !== 0)) {
      pending++;
      expect(event.view, `${at}: a pending choice shows`).toEqual(game.publicView(pendingSwapped(state)));
    }
  });
  return { pending, end };
}
