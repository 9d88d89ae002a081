/** The SDK's part for 1923 (rules and rulings T1–T17: docs/rules.md). */
export { defineNineteenTwentyThreeBot, type NineteenTwentyThreeBot } from './bot.ts';
export { ACE, rankIndex, rankValue, nineteenTwentyThreeCardValue, nineteenTwentyThreeHighCardValue, handTotals, valueOfHard, inWindow, type HandTotals } from './hand.ts';
export { shoeComposition, seenCards, unseenRankCounts, handValueOdds, type RankCounts } from './shoe.ts';
