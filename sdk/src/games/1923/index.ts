/** The SDK's part for 1923 (rules and rulings T1–T17: docs/rules-1923.md), and the engine's 1923 types and values a bot uses. */
export { defineNineteenTwentyThreeBot, type NineteenTwentyThreeBot } from './bot.ts';
export { ACE, rankIndex, rankValue, nineteenTwentyThreeCardValue, nineteenTwentyThreeHighCardValue, handTotals, valueOfHard, inWindow, type HandTotals } from './hand.ts';
export { shoeComposition, seenCards, unseenRankCounts, handValueOdds, type RankCounts } from './shoe.ts';
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
