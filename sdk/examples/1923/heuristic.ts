/**
 * A hand-written 1923 bot that beats `random` at every table size (docs/bots.md). It counts the
 * shoe (T15: every card of a finished round is public) and plays for the chance of winning the
 * round, looking a few hits ahead:
 *
 * 1. What the others hold: a seat with c cards this round holds, as far as I know, c cards drawn
 *    from those I have not seen (`handValueOdds`). Its choices tell a little more; that is ignored.
 * 2. My chance to win the round with a value v (T8): the chance that v places above each other
 *    seat's value, multiplied over the seats, a tie counted as half (T9 is left to luck).
 * 3. Lock now: my hole card is one of the unseen cards (T4). Hit: the hole card shows and a new one
 *    comes (T5); after it I may hit again, up to LOOKAHEAD hits, each time choosing the better.
 * Deterministic: no randomness at all.
 */
import {
  ACE,
  HIT,
  LOCK,
  defineNineteenTwentyThreeBot,
  handTotals,
  handValueOdds,
  rankIndex,
  rankValue,
  totalRank,
  unseenRankCounts,
  valueOfHard,
  type NineteenTwentyThreeAction,
  type NineteenTwentyThreeSeatView,
} from '@xix/sdk';

/** How many hits ahead the bot looks: three already covers almost every sensible draw. */
const LOOKAHEAD = 3;

/** My chance to win the round with each value, given what the other seats may hold. */
function winChances(view: NineteenTwentyThreeSeatView, unseen: readonly number[]): (value: number) => number {
  const others = view.players
    .map((player, seat) => ({ player, seat }))
    .filter(({ seat, player }) => seat !== view.seat && player.cards > 0)
    .map(({ player }) => [...handValueOdds([], unseen, player.cards)].map(([value, p]) => [totalRank(value), p] as const));
  const memo = new Map<number, number>();
  return (value) => {
    const rank = totalRank(value);
    let chance = memo.get(rank);
    if (chance === undefined) {
      chance = 1;
      for (const odds of others) {
        let beaten = 0;
        for (const [theirs, p] of odds) beaten += theirs < rank ? p : theirs === rank ? p / 2 : 0;
        chance *= beaten;
      }
      memo.set(rank, chance);
    }
    return chance;
  };
}

function decide(view: NineteenTwentyThreeSeatView): NineteenTwentyThreeAction {
  if (view.legalActions.length < 2) return view.legalActions[0]!;
  const unseen = unseenRankCounts(view);
  const chanceOf = winChances(view, unseen);
  let left = unseen.reduce((a, b) => a + b, 0);

  /** The expectation over the unseen card that joins my seen ones (hard total, aces). */
  const overNextCard = (hard: number, aces: number, then: (hard: number, aces: number) => number): number => {
    let sum = 0;
    const total = left;
    for (let rank = 0; rank < unseen.length; rank++) {
      const count = unseen[rank]!;
      if (count === 0) continue;
      unseen[rank] = count - 1;
      left--;
      sum += count * then(hard + rankValue(rank), aces + (rank === ACE ? 1 : 0));
      unseen[rank] = count;
      left++;
    }
    return sum / total;
  };
  // Lock: my hole card is the unseen card that completes the hand.
  const lock = (hard: number, aces: number): number => overNextCard(hard, aces, (h, a) => chanceOf(valueOfHard(h, a)));
  // Hit: the hole card becomes seen; then lock, or hit again while the look-ahead and the shoe allow.
  const hit = (hard: number, aces: number, hitsLeft: number): number =>
    overNextCard(hard, aces, (h, a) => (hitsLeft > 1 && left > 1 ? Math.max(lock(h, a), hit(h, a, hitsLeft - 1)) : lock(h, a)));

  const { hard } = handTotals(view.seen);
  const aces = view.seen.filter((code) => rankIndex(code) === ACE).length;
  return left > 1 && hit(hard, aces, Math.min(LOOKAHEAD, view.shoe)) > lock(hard, aces) ? HIT : LOCK;
}

export default defineNineteenTwentyThreeBot({ decide });
