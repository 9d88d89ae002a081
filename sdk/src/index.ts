/**
 * @xix/sdk: everything a bot needs (XIX's part first, then each other game's), and nothing else to import. Bundled with the bot by
 * esbuild, so the engine values re-exported here travel with it.
 */
export { defineBot, type AnyBot, type Bot, type GameStartInfo } from './bot.ts';
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
export { botRandom, pick } from './random.ts';
export { createSearchBot, DEFAULT_BUDGET, type SearchBotOptions } from './search/index.ts';
export { clock, DEFAULT_TIME_LIMITS, CLOCK_SOURCE_KEY, type BotClock, type ClockCall, type ClockSource } from './clock.ts';

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
  createRandom,
  shuffled,
  type Card,
  type CardSet,
  type Random,
  type Seat,
  type GameResult,
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

// 1923 (T1–T17): the bot's shape, hand and shoe helpers, and the engine's view and action types.
export * from './nineteen-twenty-three/index.ts';
export {
  HIT,
  LOCK,
  RANKS,
  WINDOW_LOW,
  WINDOW_HIGH,
  decksFor,
  totalRank,
  windowDistance,
  type NineteenTwentyThreeAction,
  type HitAction,
  type LockAction,
  type NineteenTwentyThreeSeatView,
  type PlayerView,
  type RoundRecord,
  type DrawOffPass,
  type ChoiceName,
  type CardCode,
} from '@xix/engine';
