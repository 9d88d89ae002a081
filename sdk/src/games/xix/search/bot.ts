/**
 * The search bot: `createSearchBot(options)` gives a bot whose every decision (play, strike
 * answer, draft pick, trade) is an information-set Monte Carlo tree search (`ismcts.ts`).
 *
 * The budget is counted in work (simulated actions), so that a decision does the same work on any
 * machine: the default is calibrated to stay well inside the sandbox's 100 ms a decision.
 * `timeMs` with `now` caps each decision's time as well, e.g. `now: clock.elapsedMs` (the SDK's
 * clock: CPU time in the sandbox, wall time in-process; see docs/sdk.md).
 */
import { type Random, type XixSeatView } from '@xix/engine';
import { defineXixBot, type XixBot } from '../bot.ts';
import { botRandom } from '../../../random.ts';
import { searchAction, type SearchResult } from './ismcts.ts';

export interface SearchBotOptions {
  /** Work per decision: simulated actions, plus DEAL_COST per iteration (default DEFAULT_BUDGET). */
  readonly budget?: number;
  /** UCB exploration constant (default 0.7). */
  readonly exploration?: number;
  /** Time cap per decision in ms, on the clock `now`. */
  readonly timeMs?: number;
  /** The clock for `timeMs`, e.g. `clock.elapsedMs` from '@xix/sdk'. */
  readonly now?: () => number;
  /** Called after each searched decision: for measurements and tests. */
  readonly onSearch?: (result: SearchResult, view: XixSeatView) => void;
}

/** About 30 ms of CPU a typical decision in the sandbox, under 80 ms the slowest (docs/bots.md). */
export const DEFAULT_BUDGET = 250_000;
const DEFAULT_EXPLORATION = 0.7;

function checkOptions(o: SearchBotOptions): void {
  const { budget, exploration, timeMs, now } = o;
  if (budget !== undefined && (!Number.isSafeInteger(budget) || budget < 1)) {
    throw new RangeError(`budget must be a positive integer, got ${String(budget)}`);
  }
  if (exploration !== undefined && !(Number.isFinite(exploration) && exploration >= 0)) {
    throw new RangeError(`exploration must be a non-negative number, got ${String(exploration)}`);
  }
  if (timeMs !== undefined && !(Number.isFinite(timeMs) && timeMs > 0)) throw new RangeError(`timeMs must be a positive number, got ${String(timeMs)}`);
  if ((timeMs === undefined) !== (now === undefined)) throw new RangeError('timeMs and now go together: a time budget needs a clock');
}

export function createSearchBot(options: SearchBotOptions = {}): XixBot {
  checkOptions(options);
  const settings = {
    budget: options.budget ?? DEFAULT_BUDGET,
    exploration: options.exploration ?? DEFAULT_EXPLORATION,
    ...(options.timeMs !== undefined && options.now !== undefined ? { timeMs: options.timeMs, now: options.now } : {}),
  };
  // One stream per seat: the same bot object may sit in both seats (self-play).
  const randoms = new Map<number, Random>();
  return defineXixBot({
    onGameStart({ seat, seed }) {
      randoms.set(seat, botRandom(seed, seat, 1));
    },
    decide(view) {
      let random = randoms.get(view.seat);
      if (random === undefined) randoms.set(view.seat, (random = botRandom(0, view.seat, 1)));
      const result = searchAction(view, random, settings);
      options.onSearch?.(result, view);
      return result.action;
    },
  });
}
