/** The SDK's part for XIX (rules and rulings R1–R12: docs/rules.md), and the engine's XIX types and values a bot uses. */
export { defineXixBot, type XixBot } from './bot.ts';
export { takesTrick, winningReplies, cheapestWinningReply, cardStrength, byStrength, weakest, strongest, winShare } from './tricks.ts';
export { myCards, unseenCards, unlocatedCards, opponentUnknownCount, opponentPossibleCards, opponentCardOdds } from './cards.ts';
export {
  MAX_EXCHANGE_STRIKES,
  stakesFor,
  stakesIfEndsNow,
  stakesAfterRaise,
  canRaiseAfterStrike,
  awardPoints,
  outcomeIfAbandon,
  type AwardOutcome,
} from './points.ts';
export { plays, picks, trades, raiseAction, abandonAction, playOf, pickOf, tradeOf, isLegal, legalMatch } from './legal.ts';
export { createSearchBot, DEFAULT_BUDGET, type SearchBotOptions } from './search/index.ts';
export {
  CARD_COUNT,
  HAND_SIZE,
  ROW_SIZE,
  MAGIC_SUM,
  GAME_POINTS,
  STAKES,
  MAX_STRIKES,
  trickWinningCard,
  isCard,
  cardsOf,
  setOf,
  hasCard,
  countCards,
  formatAction,
  type Card,
  type CardSet,
  type XixSeatView,
  type XixAction,
  type PlayAction,
  type RaiseAction,
  type AbandonAction,
  type PickAction,
  type TradeAction,
  type HistoryEvent,
  type StrikeSlot,
  type PhaseName,
} from '@xix/engine';
