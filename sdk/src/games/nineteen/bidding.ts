/**
 * Bid evaluation (N4, N5, N11–N13): about how many of a hand's 6 points a side takes with a given
 * trump. An estimate from a simple model, not a rule. Each trump the seat does not hold is, at the
 * play, in its own hand (drawn from the kitty or the stock), a teammate's, an opponent's or out of
 * play (the kitty, discards, the stock), each with the share of the unseen cards those hands see
 * (every seat keeps its trumps and draws back to five, N6, N7). Then:
 *
 * - trump tricks: walking the trumps from the strongest, each opponent trump can take one of the
 *   side's lower trumps (and the other way round; in cut-throat, where the rivals also beat one
 *   another, less often); a trump nothing above it can take wins a trick;
 * - the bonus (N12): the side holds the strongest trump in play, one point more;
 * - the tricks no trump takes are shared by the seats in proportion, an ace the seat keeps taking
 *   a little more than its share.
 *
 * How close it comes to what the heuristic bidder takes is in docs/bots.md.
 */
import { MAX_BID, minKeepFor, type NineteenCardCode, type Suit } from '@xix/engine';
import { cardRank, isTrumpCard, trumpOrder } from './cards.ts';

export interface BidEstimateOptions {
  /** Seats at the table (2–6): how many hands share the cards, and who is a teammate (N1). */
  readonly seats: number;
  readonly shortSuit: boolean;
  /** Whether the hand will take the kitty (N5): true for a bidder before the trump is named. */
  readonly kitty: boolean;
}

const DECK = 52;
const HAND = 5;
const KITTY = 3;
const TRICKS = 5;
const ACE = 12;
/** What a non-bidder keeps on average (its trumps and an ace or so), so what it draws: 5 − 1.5. */
const OTHERS_DRAW = 3.5;
/** The share of the tricks no trump takes that a kept off-suit ace adds. */
const ACE_EDGE = 0.25;

/**
 * About how many points (0–6) the side of a seat holding `cards` (5 before the discard, or 8 for a
 * bidder with the kitty) takes in a hand with `trump` (N13: points by side). Throws a RangeError on
 * a bad table size or card.
 */
export function bidEstimate(cards: readonly NineteenCardCode[], trump: Suit, options: BidEstimateOptions): number {
  const { seats, shortSuit, kitty } = options;
  if (!Number.isInteger(seats) || seats < 2 || seats > 6) throw new RangeError(`Nineteen is played at 2–6 seats, not ${String(seats)}`);
  const held = new Set(cards);
  if (held.size !== cards.length) throw new RangeError('a hand holds each card once');
  const order = trumpOrder(trump, shortSuit);
  const trumps = cards.filter((code) => isTrumpCard(code, trump, shortSuit)).length;
  const aces = cards.filter((code) => cardRank(code) === ACE && !isTrumpCard(code, trump, shortSuit)).length;
  const unknown = DECK - cards.length;
  const kittyTrumps = kitty ? (KITTY * (order.length - trumps)) / unknown : 0;
  const kept = Math.max(minKeepFor(seats), Math.min(HAND, trumps + kittyTrumps + aces));
  const fromStock = Math.max(0, HAND - kept);
  const mine = ((kitty ? KITTY : 0) + fromStock) / unknown;
  const stock = DECK - HAND * seats - KITTY;
  const others = seats - 1;
  const eachOther = (HAND + Math.min(OTHERS_DRAW, Math.max(0, stock - fromStock) / others)) / unknown;
  const teammates = seats === 4 || seats === 6 ? seats / 2 - 1 : 0;
  let ours = mine + teammates * eachOther;
  let theirs = (others - teammates) * eachOther;
  if (ours + theirs > 1) [ours, theirs] = [ours / (ours + theirs), theirs / (ours + theirs)];
  const chances = order.map((code) => (held.has(code) ? { ours: 1, theirs: 0 } : { ours, theirs }));

  // Cut-throat rivals play against each other too, their trumps falling on one another's: with k
  // rivals a trump above the side's takes one of its trumps 1/k as often (fitted by the bench, docs/bots.md).
  const rivals = others - teammates;
  const spread = teammates === 0 && rivals > 1 ? 1 / rivals : 1;
  const side = capturedWalk(chances.map((c) => ({ ours: c.ours, theirs: c.theirs * spread })));
  const opponents = capturedWalk(chances.map((c) => ({ ours: c.theirs, theirs: c.ours })));
  let noTrumpAbove = 1;
  let bonus = 0;
  for (const c of chances) {
    bonus += noTrumpAbove * c.ours;
    noTrumpAbove *= 1 - c.ours - c.theirs;
  }
  const untrumped = Math.max(0, TRICKS - side - opponents);
  const keptAces = Math.min(aces, Math.max(0, HAND - trumps - kittyTrumps));
  const share = Math.min(untrumped, (untrumped * (1 + teammates)) / seats + ACE_EDGE * keptAces);
  return Math.min(MAX_BID, side + bonus + share);
}

/**
 * The expected trump tricks of the side whose chance to hold each trump (strongest first) is
 * `ours`, when each of the other side's trumps above can take one of them: a distribution over how
 * many of the other side's higher trumps are still free to take one.
 */
function capturedWalk(chances: readonly { readonly ours: number; readonly theirs: number }[]): number {
  let free = [1];
  let tricks = 0;
  for (const { ours, theirs } of chances) {
    const next = new Array<number>(free.length + 1).fill(0);
    free.forEach((p, n) => {
      if (p === 0) return;
      next[n + 1]! += p * theirs;
      if (n === 0) tricks += p * ours;
      next[n === 0 ? 0 : n - 1]! += p * (n === 0 ? 1 - theirs : ours);
      if (n > 0) next[n]! += p * (1 - ours - theirs);
    });
    free = next;
  }
  return Math.min(TRICKS, tricks);
}

/** The trump suit with the highest `bidEstimate` for `cards` (the first of C D H S on a tie), and that estimate. */
export function bestTrump(cards: readonly NineteenCardCode[], options: BidEstimateOptions): { readonly suit: Suit; readonly points: number } {
  let best: { suit: Suit; points: number } | null = null;
  for (const suit of ['C', 'D', 'H', 'S'] as const) {
    const points = bidEstimate(cards, suit, options);
    if (best === null || points > best.points) best = { suit, points };
  }
  return best!;
}

