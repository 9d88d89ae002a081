/**
 * Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse, 2012).
 * Each iteration deals the hidden cards one way the seat cannot rule out (`sampleHidden`), then
 * walks one shared tree of action sequences, choosing among the actions legal in that deal by
 * UCB with availability counts, adds one node, plays the rest at random and scores the end.
 *
 * The horizon is the end of the exchange being played (of the next one, for a draft or a trade
 * decision, whose effect only shows there); the score there is worth `scoreValue`, the chance to
 * win from it (R7 included). Cards played return to the draft, so one exchange is a fair horizon.
 */
import { ACTIONS, xix, type Random, type XixAction, type XixSeatView, type XixState } from '@xix/engine';
import { hiddenCards } from './knowledge.ts';
import { sampleHidden } from './sample.ts';
import { scoreValue } from './values.ts';
import { worldMaker } from './world.ts';

export interface SearchSettings {
  /**
   * The budget of a decision in work units: each simulated action costs one plus the number of
   * legal actions it was chosen from, each iteration `DEAL_COST` plus the hidden cards more (dealing the hidden cards,
   * cloning the world). Counting work rather than iterations keeps decisions with long
   * simulations or many choices (drafts, trades) as cheap in time as the others.
   */
  readonly budget: number;
  /** UCB exploration constant, for rewards in [0, 1]. */
  readonly exploration: number;
  /** Optional time budget in ms, with the clock to read (e.g. the SDK's clock.elapsedMs). */
  readonly timeMs?: number;
  readonly now?: () => number;
}

export interface SearchResult {
  readonly action: XixAction;
  readonly iterations: number;
  /** Simulated actions applied in total. */
  readonly steps: number;
  /** Work units used: at most the budget plus one iteration's worth. */
  readonly work: number;
}

interface Node {
  /** The seat whose action led here. */
  readonly mover: number;
  visits: number;
  /** Sum of the mover's rewards. */
  reward: number;
  /** Times this node's action was legal when its parent was visited. */
  available: number;
  /** Children by action id (sparse). */
  readonly children: (Node | undefined)[];
}

const ACTION_IDS = new Map<XixAction, number>(ACTIONS.map((a, i) => [a, i]));
/** Views that crossed a sandbox boundary hold copies of the actions: match them by value. */
const keyOf = (a: XixAction): string => `${a.type}:${'card' in a ? a.card : ''}:${'slot' in a ? a.slot : ''}`;
const KEY_IDS = new Map<string, number>(ACTIONS.map((a, i) => [keyOf(a), i]));
const DRAFT = 2;
const OVER = 4;
const CLOCK_EVERY = 32;
/** What dealing and cloning a world costs, in simulated actions (measured). */
export const DEAL_COST = 6;

const newNode = (mover: number): Node => ({ mover, visits: 0, reward: 0, available: 0, children: [] });

export function searchAction(view: XixSeatView, random: Random, settings: SearchSettings): SearchResult {
  const legal = view.legalActions;
  const only = legal[0];
  if (only === undefined) throw new RangeError('the seat has no legal action: it is not its turn');
  if (legal.length === 1) return { action: only, iterations: 0, steps: 0, work: 0 };
  const hidden = hiddenCards(view);
  const first = sampleHidden(hidden, random);
  if (first === null) return { action: only, iterations: 0, steps: 0, work: 0 }; // cannot happen on a real view
  const maker = worldMaker(view, hidden, first);
  const me = view.seat;
  // Draft and trade decisions are judged at the end of the next exchange.
  const stopExchange = view.exchange + (view.phase === 'draft' || view.phase === 'trade' ? 1 : 0);
  const atHorizon = (s: XixState): boolean => s.phase === OVER || (s.phase === DRAFT && s.exchange === stopExchange);

  const root = newNode(1 - me);
  const path: Node[] = [];
  const { budget, exploration, timeMs, now } = settings;
  const deadline = timeMs !== undefined && now !== undefined ? now() + timeMs : Infinity;
  const count = { steps: 0, work: 0 };
  /** Applies `action` to the world, counting the work of choosing it among `actions`. */
  const advance = (s: XixState, action: XixAction, actions: readonly XixAction[]): void => {
    xix.apply(s, action);
    count.steps++;
    count.work += 1 + actions.length;
  };
  let done = 0;
  while (count.work < budget) {
    if (done % CLOCK_EVERY === 0 && deadline !== Infinity && done > 0 && now!() >= deadline) break;
    const deal = done === 0 ? first : sampleHidden(hidden, random);
    if (deal === null) break;
    const s = maker.world(deal);
    done++;
    count.work += DEAL_COST + hidden.cards.length;
    path.length = 0;
    // Selection down the tree, then expansion of one untried action.
    let node = root;
    while (!atHorizon(s)) {
      const actions = xix.legalActions(s);
      const best = bestChild(node, actions, exploration);
      if (best === null) {
        const action = untriedAction(node, actions, random);
        const child = newNode(s.toMove);
        child.available = 1;
        node.children[ACTION_IDS.get(action)!] = child;
        path.push(child);
        advance(s, action, actions);
        break;
      }
      path.push(best.child);
      advance(s, best.action, actions);
      node = best.child;
    }
    // Rollout: random play to the horizon.
    while (!atHorizon(s)) {
      const actions = xix.legalActions(s);
      advance(s, actions[random.int(actions.length)]!, actions);
    }
    const value = s.phase === OVER ? (s.winner === me ? 1 : 0) : scoreValue(s.points[me]!, s.points[1 - me]!);
    for (const n of path) {
      n.visits++;
      n.reward += n.mover === me ? value : 1 - value;
    }
  }

  let choice = only;
  let most = -1;
  for (const a of legal) {
    const child = root.children[KEY_IDS.get(keyOf(a)) ?? -1];
    if (child !== undefined && child.visits > most) {
      most = child.visits;
      choice = a;
    }
  }
  return { action: choice, iterations: done, steps: count.steps, work: count.work };
}

/**
 * The child of the best UCB score among the actions legal here, counting each as available; null
 * when some legal action has no child yet (then it is expanded first).
 */
function bestChild(node: Node, actions: readonly XixAction[], exploration: number): { child: Node; action: XixAction } | null {
  let untried = false;
  let best: { child: Node; action: XixAction } | null = null;
  let bestScore = -Infinity;
  for (const action of actions) {
    const child = node.children[ACTION_IDS.get(action)!];
    if (child === undefined) {
      untried = true;
      continue;
    }
    child.available++;
    const score = child.reward / child.visits + exploration * Math.sqrt(Math.log(child.available) / child.visits);
    if (score > bestScore) {
      bestScore = score;
      best = { child, action };
    }
  }
  return untried ? null : best;
}

/** A uniformly chosen legal action that has no child yet. */
function untriedAction(node: Node, actions: readonly XixAction[], random: Random): XixAction {
  const untried = actions.filter((a) => node.children[ACTION_IDS.get(a)!] === undefined);
  return untried[random.int(untried.length)]!;
}
