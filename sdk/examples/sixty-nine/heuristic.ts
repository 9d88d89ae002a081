/**
 * A hand-written 69 bot that follows the seed's own tips (docs/bots.md):
 *
 * - Turn (S6): it values each play by what it expects to capture — the cards and bonuses the set
 *   would add to its pile (S14), times the chance that nobody steals it (S8) — plus the cards it
 *   sheds, and passes when nothing beats passing. A claim is safe when it holds a Lock (S9), fills
 *   the set to six, or adds three or more cards (nobody can add as many, S3); otherwise the chance
 *   of a steal comes from the cards it has not seen that fit the set and the other hands' sizes
 *   (S17). So early, when the others hold many cards, it waits for a three-card play or a Lock.
 * - Scramble (S11, S12): it keeps its Scrambles for late (a play with one counts only once the
 *   table has many sets), and rearranges when it can form sets nobody can steal: around each Lock,
 *   and six-card sets; every other card goes back as a single card.
 * - Steal chance (S8): it takes a claim when the cards it would capture are worth the risk, with
 *   as many cards as it can (the higher claim count protects it), and sheds cards into another
 *   seat's set only late in the round.
 * Deterministic: no randomness, no memory between decisions.
 */
import {
  MAX_SET_SIZE,
  captureGain,
  claimIsSafe,
  defineSixtyNineBot,
  formStep,
  isLegalSet,
  isLockCard,
  isScrambleCard,
  largestSetWith,
  sameArrangement,
  unseenThisRound,
  type SixtyNineAction,
  type SixtyNineCardCode,
  type SixtyNineSeatView,
} from '@xix/sdk';

/** A card shed from the hand is a point not lost at the round's end (S14); worth less while the round is young. */
const SHED_EARLY = 0.3;
const SHED_LATE = 1;
/** A hand this small somewhere at the table means the round may end soon (S13). */
const LATE_HAND = 3;
/** Tables with fewer sets than this are too young to spend a Scramble on (the seed's tip). */
const SCRAMBLE_TABLE = 6;
/** What leaving a two-card set for the next seats to complete costs, in points. */
const OPEN_PAIR_COST = 1;

type Arrangement = SixtyNineCardCode[][];

function shedValue(view: SixtyNineSeatView): number {
  return Math.min(...view.handSizes) <= LATE_HAND ? SHED_LATE : SHED_EARLY;
}

/** How much a point to another seat costs this seat: all of it heads up, shared among the rivals at a bigger table. */
const rivalWeight = (view: SixtyNineSeatView): number => 1 / (view.seats - 1);

/**
 * The chance that some other seat takes a claim of `claimCount` on `set` (S8): each seat holding
 * enough cards steals with the chance that its hand holds `claimCount` of the unseen cards that fit
 * the set (one at a time; a rough count for two or more).
 */
function stealChance(view: SixtyNineSeatView, set: readonly SixtyNineCardCode[], claimCount: number, unseen: readonly SixtyNineCardCode[]): number {
  if (claimIsSafe(set, claimCount)) return 0;
  const fit = unseen.filter((card) => isLegalSet([...set, card])).length;
  if (fit < claimCount || unseen.length === 0) return 0;
  const share = fit / unseen.length;
  let keep = 1;
  view.handSizes.forEach((size, seat) => {
    if (seat === view.seat || size < claimCount) return;
    const none = (1 - share) ** size;
    const one = size * share * (1 - share) ** (size - 1);
    // claimCount 1: at least one fitting card; 2: at least two, and only half of those pairs fit together
    keep *= 1 - (claimCount === 1 ? 1 - none : (1 - none - one) / 2);
  });
  return 1 - keep;
}

/** What claiming `set` (the set after this seat added `added` cards) is worth: the capture if nobody steals it, less what a thief would take. */
function claimValue(view: SixtyNineSeatView, set: readonly SixtyNineCardCode[], added: number, unseen: readonly SixtyNineCardCode[]): number {
  const risk = set.length >= MAX_SET_SIZE ? 0 : stealChance(view, set, added, unseen);
  const gain = captureGain(view.captured[view.seat] ?? [], set);
  return (1 - risk) * gain - risk * set.length * rivalWeight(view);
}

/**
 * The arrangement a Scramble aims for: the largest set around each Lock (3+ cards, S9 keeps it),
 * then six-card sets (captured at once, S8), every other card alone (no open set to lose, S12).
 */
function plan(cards: readonly SixtyNineCardCode[]): { arrangement: Arrangement; protectedCards: number } {
  let rest = [...cards];
  const sets: Arrangement = [];
  const keepSet = (set: SixtyNineCardCode[]): void => {
    sets.push(set);
    rest = rest.filter((card) => !set.includes(card));
  };
  for (const lock of cards.filter(isLockCard)) {
    const set = largestSetWith(lock, rest);
    if (set.length >= 3) keepSet(set);
  }
  for (let i = 0; i < rest.length; i++) {
    const set = largestSetWith(rest[i]!, rest.slice(i + 1));
    if (set.length === MAX_SET_SIZE) {
      keepSet(set);
      i = -1;
    }
  }
  const protectedCards = sets.reduce((sum, set) => sum + set.length, 0);
  return { arrangement: [...sets, ...rest.map((card) => [card])], protectedCards };
}

function turn(view: SixtyNineSeatView): SixtyNineAction {
  const unseen = unseenThisRound(view);
  const shed = shedValue(view);
  let best: SixtyNineAction = view.legalActions.find((a) => a.type === 'pass') ?? view.legalActions[0]!;
  let bestValue = 0;
  // S11: a Scramble rearranges the whole table, so where it is played does not matter: it is
  // played alone, and what it can capture is planned once
  let scrambleValue: number | null = null;
  for (const action of view.legalActions) {
    if (action.type !== 'play') continue;
    const set = [...view.table[action.set]!.cards, ...action.cards];
    let value = action.cards.length * shed;
    if (action.cards.some(isScrambleCard)) {
      if (view.table.length < SCRAMBLE_TABLE || action.cards.length > 1) continue;
      scrambleValue ??= plan([...view.table.flatMap((s) => s.cards), ...action.cards]).protectedCards;
      value += scrambleValue;
    } else if (set.length >= 3) {
      value += claimValue(view, set, action.cards.length, unseen);
    } else {
      value -= OPEN_PAIR_COST;
    }
    if (value > bestValue) {
      best = action;
      bestValue = value;
    }
  }
  return best;
}

function steal(view: SixtyNineSeatView): SixtyNineAction {
  const unseen = unseenThisRound(view);
  const shed = shedValue(view);
  const target = view.table[view.chance!.set]!;
  const claimCount = target.claimCount ?? 0;
  let best: SixtyNineAction = view.legalActions.find((a) => a.type === 'add' && a.cards.length === 0) ?? view.legalActions[0]!;
  let bestValue = 0;
  for (const action of view.legalActions) {
    if (action.type !== 'add' || action.cards.length === 0) continue;
    const set = [...target.cards, ...action.cards];
    const claims = !target.locked && action.cards.length >= claimCount;
    // a claim taken is a claim denied to the seat that held it; an addition that does not claim feeds it
    const value = claims
      ? claimValue(view, set, action.cards.length, unseen) + target.cards.length * rivalWeight(view) + action.cards.length * shed
      : action.cards.length * (shed - rivalWeight(view));
    if (value > bestValue) {
      best = action;
      bestValue = value;
    }
  }
  return best;
}

function tableCards(view: SixtyNineSeatView): SixtyNineCardCode[] {
  const scramble = view.scramble;
  if (scramble === null || !scramble.rearranging) return view.table.flatMap((set) => set.cards);
  return [...scramble.formed.flat(), ...scramble.forming, ...scramble.unplaced];
}

function scramble(view: SixtyNineSeatView): SixtyNineAction {
  const { arrangement, protectedCards } = plan(tableCards(view));
  const current = view.table.map((set) => set.cards);
  const rearrange = view.legalActions.find((a) => a.type === 'rearrange');
  return protectedCards > 0 && rearrange !== undefined && !sameArrangement(arrangement, current) ? rearrange : view.legalActions.find((a) => a.type === 'keep')!;
}

export default defineSixtyNineBot({
  decide(view) {
    switch (view.decision) {
      case 'turn':
        return turn(view);
      case 'steal':
        return steal(view);
      case 'scramble':
        return scramble(view);
      default:
        return formStep(view, plan(tableCards(view)).arrangement);
    }
  },
});
