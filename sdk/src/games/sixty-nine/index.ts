/** The SDK's part for 69 (rules and rulings S1–S19: docs/rules-sixty-nine.md), and the engine's 69 types and values a bot uses. */
export { defineSixtyNineBot, type SixtyNineBot } from './bot.ts';
export { cardId, cardFacts, isLockCard, isScrambleCard, isSpecialCard, isLegalSet, setAdditions, fittingCards, claimIsSafe, cardsToSteal, wouldClaim, type SixtyNineCardFacts, type SixtyNineCardKind } from './sets.ts';
export { scoreCards, scoreIfRoundEnded, captureGain } from './scoring.ts';
export { unseenThisRound, openSets, incompleteSets } from './knowledge.ts';
export { largestSetWith, sameArrangement, formStep } from './scramble.ts';
export {
  COMPLETE_SIZE,
  MAX_SET_SIZE,
  KEEP,
  REARRANGE,
  SIXTY_NINE_PASS,
  SIXTY_NINE_CLOSE,
  SIXTY_NINE_CARD_CODES,
  SIXTY_NINE_SUITS,
  SIXTY_NINE_HAND_SIZE,
  SIXTY_NINE_TARGET_POINTS,
  SIXTY_NINE_MAX_ROUNDS,
  formatSixtyNineAction,
  type SixtyNineAction,
  type SixtyNinePassAction,
  type SixtyNinePlayAction,
  type KeepAction,
  type RearrangeAction,
  type TakeAction,
  type CloseAction,
  type AddAction,
  type SixtyNineDecisionKind,
  type SixtyNineSeatView,
  type SixtyNinePublicView,
  type SixtyNineCardCode,
  type SixtyNineSuit,
  type SixtyNineEvent,
  type SixtyNineRoundRecord,
  type SixtyNineForcedMove,
  type SixtyNinePhaseName,
  type ScrambleProgress,
  type TableSetView,
  type ScoreBreakdown,
} from '@xix/engine';
