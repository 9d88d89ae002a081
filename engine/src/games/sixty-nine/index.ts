/**
 * 69 ("sixty-nine"), the fourth game of the arena: a set-capturing game for 2–6 seats with steal
 * sequences decided out of turn, Locks and Scramble rearrangements of the whole table (S1–S19,
 * `shared/RULINGS-sixty-nine.md`; for players, docs/rules-sixty-nine.md).
 */
import type { Game } from '../../game.ts';
import { defineGame, moduleBeside } from '../../define-game.ts';
import type { SixtyNineAction } from './actions.ts';
import { MAX_SEATS, MIN_SEATS } from './cards.ts';
import { applyAction, checkAction, forfeitResult, legalActions, result, startState } from './rules.ts';
import { cloneState, parseSetup, randomSetup, setupOf, type SixtyNineSetup, type SixtyNineState } from './state.ts';
import { sixtyNineViewCodec } from './view-codec.ts';
import { publicView, seatView, spectatorView, type SixtyNinePublicView, type SixtyNineSeatView, type SixtyNineSpectatorView } from './views.ts';

export type SixtyNineGame = Game<SixtyNineState, SixtyNineAction, SixtyNineSetup, SixtyNineSeatView, SixtyNineSpectatorView, SixtyNinePublicView>;

export const sixtyNine: SixtyNineGame = /* @__PURE__ */ defineGame({
  id: 'sixty-nine',
  version: '1.0.0',
  seats: { min: MIN_SEATS, max: MAX_SEATS },
  randomSetup: (seed, seatCount) => randomSetup(seed, seatCount),
  parseSetup,
  start: startState,
  setupOf,
  clone: cloneState,
  toMove: (s) => (s.toMove < 0 ? null : s.toMove),
  legalActions,
  checkAction,
  apply: applyAction,
  startEachMove: startState,
  applyEachMove: applyAction,
  view: seatView,
  publicView,
  spectatorView,
  ownViewCodec: { codec: sixtyNineViewCodec, module: /* @__PURE__ */ moduleBeside(import.meta, 'view-codec.ts') },
  result,
  forfeitResult,
});

export {
  CLOSE as SIXTY_NINE_CLOSE,
  DECISION_ACTIONS as SIXTY_NINE_DECISION_ACTIONS,
  KEEP,
  PASS as SIXTY_NINE_PASS,
  REARRANGE,
  formatAction as formatSixtyNineAction,
  takeAction,
  type AddAction,
  type CloseAction,
  type DecisionKind as SixtyNineDecisionKind,
  type KeepAction,
  type PassAction as SixtyNinePassAction,
  type PlayAction as SixtyNinePlayAction,
  type RearrangeAction,
  type SixtyNineAction,
  type TakeAction,
} from './actions.ts';
export {
  CARD_CODES as SIXTY_NINE_CARD_CODES,
  COMPLETE_SIZE,
  DECK_SIZE as SIXTY_NINE_DECK_SIZE,
  HAND_SIZE as SIXTY_NINE_HAND_SIZE,
  MAX_ROUNDS as SIXTY_NINE_MAX_ROUNDS,
  MAX_SET_SIZE,
  SUITS as SIXTY_NINE_SUITS,
  TARGET_POINTS as SIXTY_NINE_TARGET_POINTS,
  VALUE_MASK as SIXTY_NINE_VALUE_MASK,
  canGrowToLegalSet,
  cardCode as sixtyNineCardCode,
  cardOfCode as sixtyNineCardOfCode,
  isLegalSet as isLegalSixtyNineSet,
  isLock,
  isScramble,
  isSpecial,
  isWild,
  printedValue,
  specialKind,
  suitOf as sixtyNineSuitOf,
  type CardCode as SixtyNineCardCode,
  type Suit as SixtyNineSuit,
} from './cards.ts';
export { roundScore, type ScoreBreakdown } from './rules.ts';
export { PHASE_NAMES as SIXTY_NINE_PHASE_NAMES, randomSetup as randomSixtyNineSetup, type PhaseName as SixtyNinePhaseName, type SixtyNineSetup, type SixtyNineState } from './state.ts';
export type { ForcedMove as SixtyNineForcedMove, RoundRecord as SixtyNineRoundRecord, ScrambleProgress, SixtyNineEvent, SixtyNinePublicView, SixtyNineSeatView, SixtyNineSpectatorView, TableSetView } from './views.ts';
