/** 1923, the second game of the arena: 2–9 seats, simultaneous draw steps, hole cards (T1–T17). */
import { GameError, type Game } from '../../game.ts';
import { defineGame, moduleBeside } from '../../define-game.ts';
import type { NineteenTwentyThreeAction } from './actions.ts';
import { applyAction, checkAction, forfeitResult, legalActions, result, startState } from './rules.ts';
import { cloneState, parseSetup, randomSetup, setupOf, type NineteenTwentyThreeSetup, type NineteenTwentyThreeState } from './state.ts';
import { nineteenTwentyThreeViewCodec } from './view-codec.ts';
import { publicView, seatView, spectatorView, type NineteenTwentyThreePublicView, type NineteenTwentyThreeSeatView, type NineteenTwentyThreeSpectatorView } from './views.ts';
import { MAX_SEATS, MIN_SEATS, decksFor } from './cards.ts';

export type NineteenTwentyThreeGame = Game<NineteenTwentyThreeState, NineteenTwentyThreeAction, NineteenTwentyThreeSetup, NineteenTwentyThreeSeatView, NineteenTwentyThreeSpectatorView, NineteenTwentyThreePublicView>;

export const nineteenTwentyThree: NineteenTwentyThreeGame = /* @__PURE__ */ defineGame({
  id: '1923',
  version: '1.0.0',
  seats: { min: MIN_SEATS, max: MAX_SEATS },
  // T1: a shoe of 1 to ⌈seats/3⌉ decks, ⌈seats/3⌉ unless told. One leaderboard for every table.
  options: { decks: { type: 'integer', minimum: 1, maximum: /* @__PURE__ */ decksFor(MAX_SEATS), description: 'decks in the shoe (T1): 1 to ⌈seats/3⌉; default ⌈seats/3⌉' } },
  defaultOption: (name, seatCount) => (name === 'decks' ? decksFor(seatCount) : undefined),
  checkOptions: (options, seatCount) => {
    const decks = options.decks as number;
    if (decks > decksFor(seatCount)) throw new GameError(`option decks: ${seatCount} seats play with 1 to ${decksFor(seatCount)} deck(s) (T1), not ${decks}`);
  },
  randomSetup: (seed, seatCount, options) => randomSetup(seed, seatCount, options === undefined ? decksFor(seatCount) : (options.decks as number)),
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
  ownViewCodec: { codec: nineteenTwentyThreeViewCodec, module: /* @__PURE__ */ moduleBeside(import.meta, 'view-codec.ts') },
  result,
  forfeitResult,
});

export { BOTH_ACTIONS, HIT, LOCK, type NineteenTwentyThreeAction, type HitAction, type LockAction } from './actions.ts';
export { CARD_CODES, RANKS, SUITS, WINDOW_HIGH, WINDOW_LOW, cardOfCode, decksFor, handValue, handValueOfCodes, highCardValue, totalRank, windowDistance, type CardCode } from './cards.ts';
export { randomSetup as randomNineteenTwentyThreeSetup, type ChoiceName, type NineteenTwentyThreeSetup, type NineteenTwentyThreeState } from './state.ts';
export type { DrawOffPass, PlayerView, NineteenTwentyThreePublicView, RoundRecord, NineteenTwentyThreeSeatView, NineteenTwentyThreeSpectatorView } from './views.ts';
