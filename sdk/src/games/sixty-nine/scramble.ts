/**
 * Using a Scramble (S11, S12) from a bot's side: finding sets among the table's cards, and forming a
 * chosen arrangement through the engine's one-card-at-a-time `form` steps (S18: `take` adds an
 * unplaced card above the last one taken to the set being formed, whose first card is the lowest
 * unplaced one; `close` closes it).
 */
import { MAX_SET_SIZE, canGrowToLegalSet, isLegalSixtyNineSet, type SixtyNineAction, type SixtyNineCardCode, type SixtyNineSeatView } from '@xix/engine';
import { cardId } from './sets.ts';

/** Search steps a `largestSetWith` call may take: the table holds at most a few dozen cards. */
const SEARCH_BUDGET = 5_000;

/**
 * The largest legal set (S3) of at most `atMost` cards (6 by default) that holds `card` and draws
 * the rest from `pool`; among equals the first in card order. `[card]` when nothing joins it.
 */
export function largestSetWith(card: SixtyNineCardCode, pool: readonly SixtyNineCardCode[], atMost = MAX_SET_SIZE): SixtyNineCardCode[] {
  const first = cardId(card);
  const others = [...new Set(pool.map(cardId))].filter((id) => id !== first).sort((a, b) => a - b);
  let best = [first];
  let steps = 0;
  const chosen = [first];
  const grow = (from: number): void => {
    // stop when the cards left cannot make a larger set than the best found
    for (let i = from; i < others.length && best.length < atMost && chosen.length + others.length - i > best.length && steps < SEARCH_BUDGET; i++) {
      steps++;
      chosen.push(others[i]!);
      if (canGrowToLegalSet(chosen)) {
        if (chosen.length > best.length && isLegalSixtyNineSet(chosen)) best = [...chosen];
        if (chosen.length < atMost) grow(i + 1);
      }
      chosen.pop();
    }
  };
  grow(0);
  const byId = new Map([card, ...pool].map((code) => [cardId(code), code]));
  return best.sort((a, b) => a - b).map((id) => byId.get(id)!);
}

/** Two arrangements of the same cards are the same table (S12: set order aside). */
export function sameArrangement(a: readonly (readonly SixtyNineCardCode[])[], b: readonly (readonly SixtyNineCardCode[])[]): boolean {
  const key = (sets: readonly (readonly SixtyNineCardCode[])[]): string => sets.map((set) => set.map(cardId).sort((x, y) => x - y).join(',')).sort().join(' ');
  return key(a) === key(b);
}

/**
 * The `form` step (S18) that moves the rearrangement in progress towards `arrangement`, a
 * partition of the table's cards into legal sets: take the next card of the target set that holds
 * the set being formed, else close it. When the arrangement cannot be followed (it is not a
 * partition of these cards, or the engine does not offer the step), the first legal action.
 */
export function formStep(view: SixtyNineSeatView, arrangement: readonly (readonly SixtyNineCardCode[])[]): SixtyNineAction {
  const forming = view.scramble?.forming ?? [];
  const fallback = view.legalActions[0]!;
  if (forming.length === 0) return fallback;
  const target = arrangement.find((set) => set.includes(forming[0]!));
  if (target === undefined) return fallback;
  const last = cardId(forming.at(-1)!);
  const next = target.map(cardId).filter((id) => id > last).sort((a, b) => a - b)[0];
  if (next === undefined) return view.legalActions.find((a) => a.type === 'close') ?? fallback;
  return view.legalActions.find((a) => a.type === 'take' && cardId(a.card) === next) ?? fallback;
}
