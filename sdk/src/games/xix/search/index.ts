/** The search bot and its parts: hidden-card knowledge (R11, R11a), sampling, the search. */
export { createSearchBot, DEFAULT_BUDGET, type SearchBotOptions } from './bot.ts';
export { searchAction, DEAL_COST, type SearchResult, type SearchSettings } from './ismcts.ts';
export { hiddenCards, mayBe, OPP_CLOSED, DISCARD, slotPlace, type HiddenCards } from './knowledge.ts';
export { sampleHidden, type HiddenDeal } from './sample.ts';
export { scoreValue } from './values.ts';
