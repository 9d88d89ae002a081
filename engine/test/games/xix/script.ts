/**
 * Test helpers: explicit deals and a compact move notation, so scenario tests read like a game
 * record: `p7` play 7, `r` raise, `a` abandon, `k7` pick 7, `t7@2` trade card 7 for slot 2.
 */
import { xix, type XixAction, type XixSetup, type XixState } from '../../../src/index.ts';

export function deal(hand0: number[], hand1: number[], strikeRow: number[], discard: number, firstLeader: 0 | 1 = 0): XixSetup {
  return xix.parseSetup({ hands: [hand0, hand1], strikeRow, discard, firstLeader });
}

/** seat 0: 1–6, seat 1: 7–12, strike row 13–17, 18 set aside. */
export const plainDeal = (firstLeader: 0 | 1 = 0): XixSetup =>
  deal([1, 2, 3, 4, 5, 6], [7, 8, 9, 10, 11, 12], [13, 14, 15, 16, 17], 18, firstLeader);

export function action(move: string): XixAction {
  const trade = /^t(\d+)@(\d)$/.exec(move);
  if (trade) return { type: 'trade', card: Number(trade[1]), slot: Number(trade[2]) };
  if (move === 'r') return { type: 'raise' };
  if (move === 'a') return { type: 'abandon' };
  const card = Number(move.slice(1));
  if (move.startsWith('p')) return { type: 'play', card };
  if (move.startsWith('k')) return { type: 'pick', card };
  throw new Error(`bad move notation ${move}`);
}

/** Applies moves written in the notation; throws (failing the test) on any illegal move. */
export function play(state: XixState, moves: string): XixState {
  for (const move of moves.split(/\s+/).filter(Boolean)) xix.apply(state, action(move));
  return state;
}

export const startFrom = (setup: XixSetup, moves = ''): XixState => play(xix.start(setup), moves);
