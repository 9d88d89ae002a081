/**
 * Nineteen, the third game of the arena: a trick-taking game for 2–6 seats with bidding, trumps, a
 * kitty and, at 4 and 6 seats, two partnerships (N1–N22, `shared/RULINGS-nineteen.md`).
 */
import { GameError, type Game, type GameOptions } from '../../game.ts';
import { defineGame, moduleBeside, seatPerEntrant } from '../../define-game.ts';
import type { NineteenAction } from './actions.ts';
import { MAX_SEATS, MIN_SEATS } from './cards.ts';
import { applyAction, checkAction, forfeitResult, legalActions, result, startState } from './rules.ts';
import { cloneState, isPartnership, parseSetup, randomSetup, setupOf, type NineteenSetup, type NineteenState } from './state.ts';
import { nineteenViewCodec } from './view-codec.ts';
import { publicView, seatView, spectatorView, type NineteenPublicView, type NineteenSeatView, type NineteenSpectatorView } from './views.ts';

export type NineteenGame = Game<NineteenState, NineteenAction, NineteenSetup, NineteenSeatView, NineteenSpectatorView, NineteenPublicView>;

/**
 * The leaderboard of a table: its style and size (N1), then each rule option that is on, e.g.
 * `heads-up`, `partners-4`, `cutthroat-5-short-suit-reneging` (a variant names a leaderboard in
 * keys and addresses: lowercase letters, digits and hyphens, engine Game.variant).
 */
export function nineteenVariant(seatCount: number, options: GameOptions): string {
  const style = seatCount === 2 ? 'heads-up' : isPartnership(seatCount) ? `partners-${seatCount}` : `cutthroat-${seatCount}`;
  return `${style}${options.shortSuit === true ? '-short-suit' : ''}${options.reneging === true ? '-reneging' : ''}`;
}

/** N1: with 4 or 6 seats two entrants, even seats against odd; else one seat an entrant. */
export function nineteenSeating(seatCount: number): readonly (readonly number[])[] {
  if (!isPartnership(seatCount)) return seatPerEntrant(seatCount);
  const even: number[] = [];
  const odd: number[] = [];
  for (let seat = 0; seat < seatCount; seat++) (seat % 2 === 0 ? even : odd).push(seat);
  return [even, odd];
}

export const nineteen: NineteenGame = /* @__PURE__ */ defineGame({
  id: 'nineteen',
  version: '1.0.0',
  seats: { min: MIN_SEATS, max: MAX_SEATS },
  options: {
    shortSuit: { type: 'boolean', default: false, description: 'N19: the queen of hearts is always a trump, the third strongest' },
    reneging: { type: 'boolean', default: false, description: 'N20: on a trump lead, the A, K and Q of trump (Q♥ with shortSuit) stronger than the led card need not follow' },
  },
  variant: nineteenVariant,
  seating: nineteenSeating,
  randomSetup: (seed, seatCount, options) => {
    if (options !== undefined && (typeof options.shortSuit !== 'boolean' || typeof options.reneging !== 'boolean')) throw new GameError('Nineteen options shortSuit and reneging must be true or false');
    return randomSetup(seed, seatCount, options?.shortSuit === true, options?.reneging === true);
  },
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
  ownViewCodec: { codec: nineteenViewCodec, module: /* @__PURE__ */ moduleBeside(import.meta, 'view-codec.ts') },
  result,
  forfeitResult,
});

export { ACTIONS as NINETEEN_ACTIONS, PASS, bidAction, formatAction as formatNineteenAction, playAction, trumpAction, type BidAction, type DiscardAction, type NineteenAction, type PassAction, type PlayAction as NineteenPlayAction, type TrumpAction } from './actions.ts';
export {
  CARD_CODES as NINETEEN_CARD_CODES,
  GAME_POINTS as NINETEEN_GAME_POINTS,
  MAX_BID,
  MAX_HANDS,
  MIN_BID,
  QUEEN_OF_HEARTS,
  SUITS as NINETEEN_SUITS,
  cardOfCode as nineteenCardOfCode,
  effectiveSuit,
  isMajor,
  isTrump,
  rankOf,
  suitOf,
  trumpStrength,
  type CardCode as NineteenCardCode,
  type Suit,
} from './cards.ts';
export { legalPlays, strongestCardIndex, trickKey, trickWinnerIndex, type TrickRules } from './tricks.ts';
export { PHASE_NAMES as NINETEEN_PHASE_NAMES, minKeepFor, randomSetup as randomNineteenSetup, type NineteenSetup, type NineteenState, type PhaseName as NineteenPhaseName } from './state.ts';
export type { BidRecord, FlipRecord, ForcedMove, HandRecord, NineteenPublicView, NineteenSeatView, NineteenSpectatorView, OwnHandRecord, StyleName, TrickRecord } from './views.ts';
