/** XIX, the first game of the arena: the `Game` implementation that ties the rules together. */
import type { Game } from '../../game.ts';
import { defineGame, moduleBeside } from '../../define-game.ts';
import { type XixAction } from './actions.ts';
import { applyAction, checkAction, legalActions, result } from './rules.ts';
import { cloneState, parseSetup, randomSetup, startState, type XixSetup, type XixState } from './state.ts';
import { xixViewCodec } from './view-codec.ts';
import { publicView, seatView, spectatorView, type XixPublicView, type XixSeatView, type XixSpectatorView } from './views.ts';

export type XixGame = Game<XixState, XixAction, XixSetup, XixSeatView, XixSpectatorView, XixPublicView>;

export const xix: XixGame = /* @__PURE__ */ defineGame({
  id: 'xix',
  version: '1.0.0',
  seats: { min: 2, max: 2 },
  randomSetup: (seed, seatCount) => randomSetup(seed, seatCount),
  parseSetup,
  start: startState,
  setupOf: (s) => s.setup,
  clone: cloneState,
  toMove: (s) => (s.toMove < 0 ? null : s.toMove),
  legalActions,
  checkAction,
  apply: applyAction,
  view: seatView,
  publicView,
  spectatorView,
  ownViewCodec: { codec: xixViewCodec, module: /* @__PURE__ */ moduleBeside(import.meta, 'view-codec.ts') },
  result,
  forfeitResult: (s, seat) => ({ winner: 1 - seat, points: [s.points[0], s.points[1]], reason: 'forfeit' }),
});

export { ACTIONS, formatAction, type XixAction, type PlayAction, type PickAction, type TradeAction, type RaiseAction, type AbandonAction } from './actions.ts';
export * from './cards.ts';
export { gameEnd } from './rules.ts';
export { PHASE_NAMES, type PhaseName, type XixSetup, type XixState } from './state.ts';
export type { HistoryEvent, StrikeSlot, XixPublicView, XixSeatView, XixSpectatorView } from './views.ts';
export { positionState, type XixPosition, type XixPositionHand } from './position.ts';
