/** The SDK's part for 1923 (rules and rulings T1–T17: docs/rules.md). */
export { defineBot1923, type Bot1923 } from './bot.ts';
export { ACE, rankIndex, rankValue, cardValue1923, highCardValue1923, handTotals, valueOfHard, inWindow, type HandTotals } from './hand.ts';
export { shoeComposition, seenCards, unseenRankCounts, handValueOdds, type RankCounts } from './shoe.ts';
