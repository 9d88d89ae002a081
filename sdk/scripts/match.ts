/**
 * A small in-process match runner for the SDK's own tests and measurements (the real one is
 * `xix play`): plays each deal twice with seats swapped, so luck of the deal cancels out.
 */
import { xix, type GameResult, type Seat } from '@xix/engine';
import type { Bot } from '../src/bot.ts';

export interface GameRecord {
  readonly result: GameResult;
  /** Set when a bot answered an illegal action or threw (R12). */
  readonly forfeit: { readonly seat: Seat; readonly reason: string } | null;
  readonly decisions: number;
}

/** Plays one game from `seed`; bots[i] sits in seat i. */
export function playGame(bots: readonly [Bot, Bot], seed: number): GameRecord {
  const state = xix.start(xix.randomSetup(seed, 2));
  bots.forEach((bot, seat) => bot.onGameStart?.({ seat, seed }));
  let decisions = 0;
  let forfeit: GameRecord['forfeit'] = null;
  for (let seat = xix.toMove(state); seat !== null; seat = xix.toMove(state)) {
    let answer: unknown;
    try {
      answer = bots[seat]!.decide(xix.view(state, seat));
    } catch (error) {
      forfeit = { seat, reason: `threw: ${String(error)}` };
      break;
    }
    const check = xix.checkAction(state, answer);
    if (!check.ok) {
      forfeit = { seat, reason: check.reason };
      break;
    }
    xix.apply(state, check.action);
    decisions++;
  }
  const result = forfeit === null ? xix.result(state)! : xix.forfeitResult(state, forfeit.seat);
  bots.forEach((bot, seat) => bot.onGameEnd?.(xix.view(state, seat), result));
  return { result, forfeit, decisions };
}

export interface MatchSummary {
  readonly games: number;
  /** Wins of bot A and bot B (every game has a winner). */
  readonly wins: readonly [number, number];
  /** Points scored in total by bot A and bot B. */
  readonly points: readonly [number, number];
  readonly forfeits: readonly [number, number];
  readonly decisions: number;
}

/**
 * Plays `deals` deals twice each (2 × deals games): A in seat 0 then A in seat 1, with the seeds
 * `seed`, `seed + 1`, ... Deterministic as long as both bots are.
 */
export function playMirrored(a: Bot, b: Bot, deals: number, seed = 1): MatchSummary {
  const wins: [number, number] = [0, 0];
  const points: [number, number] = [0, 0];
  const forfeits: [number, number] = [0, 0];
  let decisions = 0;
  for (let i = 0; i < deals; i++) {
    for (const aSeat of [0, 1] as const) {
      const game = playGame(aSeat === 0 ? [a, b] : [b, a], seed + i);
      const bySeat = (seat: Seat): 0 | 1 => (seat === aSeat ? 0 : 1);
      wins[bySeat(game.result.winner)]++;
      points[bySeat(0)] += game.result.points[0] ?? 0;
      points[bySeat(1)] += game.result.points[1] ?? 0;
      if (game.forfeit !== null) forfeits[bySeat(game.forfeit.seat)]++;
      decisions += game.decisions;
    }
  }
  return { games: 2 * deals, wins, points, forfeits, decisions };
}

/** The Wilson score interval for `wins` out of `n` (z = 1.96: 95%). */
export function wilsonInterval(wins: number, n: number, z = 1.96): { readonly low: number; readonly high: number } {
  if (n <= 0) return { low: 0, high: 1 };
  const p = wins / n;
  const z2 = z * z;
  const centre = (p + z2 / (2 * n)) / (1 + z2 / n);
  const half = (z / (1 + z2 / n)) * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
