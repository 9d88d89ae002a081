/** The SDK's part for Nineteen (rules and rulings N1–N22: docs/rules-nineteen.md), and the engine's Nineteen types and values a bot uses. */
export { defineNineteenBot, type NineteenBot } from './bot.ts';
export { cardNumber, suitNumber, cardSuit, cardRank, suitAs, isTrumpCard, trumpOrder, sortCards, handRules, type NineteenRules } from './cards.ts';
export { playableCards, legalCards, trickWinner, trickPower, bonusCardIndex, trickInPlay, seatOfCard, winningSoFar, wouldTake, ledSuit } from './tricks.ts';
export { highBid, discardKeeping } from './legal.ts';
export { teammates, playedThisHand, unseenThisHand, othersMayHold, voidSuits, trumpCount } from './knowledge.ts';
export { bidEstimate, bestTrump, type BidEstimateOptions } from './bidding.ts';
export {
  MIN_BID,
  MAX_BID,
  MAX_HANDS,
  NINETEEN_GAME_POINTS,
  NINETEEN_SUITS,
  NINETEEN_CARD_CODES,
  formatNineteenAction,
  minKeepFor,
  type NineteenAction,
  type PassAction,
  type BidAction,
  type TrumpAction,
  type DiscardAction,
  type NineteenPlayAction,
  type NineteenSeatView,
  type NineteenPublicView,
  type NineteenCardCode,
  type Suit,
  type HandRecord,
  type OwnHandRecord,
  type TrickRecord,
  type BidRecord,
  type FlipRecord,
  type ForcedMove,
  type StyleName,
  type NineteenPhaseName,
} from '@xix/engine';
