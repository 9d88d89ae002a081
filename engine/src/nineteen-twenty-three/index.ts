/** 1923, the second game of the arena: 2–9 seats, simultaneous draw steps, hole cards (T1–T17). */
import type { Game } from '../game.ts';
import type { Action1923 } from './actions.ts';
import { applyAction, checkAction, forfeitResult, legalActions, result, startState } from './rules.ts';
import { cloneState, parseSetup, randomSetup, setupOf, type Setup1923, type State1923 } from './state.ts';
import { view1923Codec } from './view-codec.ts';
import { publicView, seatView, spectatorView, type PublicView1923, type SeatView1923, type SpectatorView1923 } from './views.ts';
import { MAX_SEATS, MIN_SEATS } from './cards.ts';

export type Game1923 = Game<State1923, Action1923, Setup1923, SeatView1923, SpectatorView1923, PublicView1923>;

export const nineteenTwentyThree: Game1923 = {
  id: '1923',
  version: '1.0.0',
  seats: { min: MIN_SEATS, max: MAX_SEATS },
  randomSetup: (seed, seatCount) => randomSetup(seed, seatCount),
  parseSetup,
  start: startState,
  setupOf,
  clone: cloneState,
  toMove: (s) => (s.over ? null : s.toMove),
  legalActions,
  checkAction,
  apply: applyAction,
  view: seatView,
  publicView,
  spectatorView,
  viewCodec: view1923Codec,
  result,
  forfeitResult,
};

export { BOTH_ACTIONS, HIT, LOCK, type Action1923, type HitAction, type LockAction } from './actions.ts';
export { CARD_CODES, RANKS, SUITS, WINDOW_HIGH, WINDOW_LOW, cardOfCode, decksFor, handValue, handValueOfCodes, highCardValue, totalRank, windowDistance, type CardCode } from './cards.ts';
export { randomSetup as randomSetup1923, type ChoiceName, type Setup1923, type State1923 } from './state.ts';
export type { DrawOffPass, PlayerView, PublicView1923, RoundRecord, SeatView1923, SpectatorView1923 } from './views.ts';
