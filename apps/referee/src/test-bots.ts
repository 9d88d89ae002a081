/** Small bots for the referee's tests. */
import { xix, type XixAction, type XixSeatView } from '@xix/engine';
import type { XixBot } from '@xix/sdk';
import type { Player } from './player.ts';
import { trustedPlayer } from './trusted-player.ts';

export const firstLegal: XixBot = { decide: (view) => view.legalActions[0]! };
export const lastLegal: XixBot = { decide: (view) => view.legalActions[view.legalActions.length - 1]! };

/** Plays first-legal, but fails in `how` at its `at`-th decision of a game (1-based). */
export function failingAt(at: number, how: (view: XixSeatView) => XixAction): XixBot {
  let n = 0;
  return {
    onGameStart: () => void (n = 0),
    decide: (view) => (++n === at ? how(view) : view.legalActions[0]!),
  };
}

export function busyWait(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spin: a slow, synchronous bot
  }
}

export function players(a: XixBot, b: XixBot): Player[] {
  return [trustedPlayer(a, 'a'), trustedPlayer(b, 'b')];
}

export const setupFor = (seed: number): unknown => xix.randomSetup(seed, 2);
