/**
 * A hand-written heuristic bot. It beats `random` by weighing every trick and every strike answer
 * against what the points would mean at the end of the game (R7: at exactly 19 in total the
 * player with FEWER points wins), instead of simply trying to take tricks.
 *
 * 1. `gameOdds[me][opp]`: the chance of winning the game from a score, computed once from the
 *    stakes the average exchange pays and R7 (via `awardPoints`).
 * 2. Inside an exchange, a tiny Markov chain over (my strikes, their strikes) gives the value of
 *    taking or losing the next trick, with a per-trick win chance estimated from the cards.
 * 3. Play: take the trick cheaply when taking it is worth more, otherwise lose it cheaply.
 *    Strike: raise only when going on is worth more than conceding the stakes now.
 *    Draft: take the strongest card. Trade: swap the weakest card for the best strike card.
 * Deterministic: no randomness at all, ties go to fixed orders.
 */
import {
  GAME_POINTS,
  STAKES,
  abandonAction,
  awardPoints,
  byStrength,
  cardStrength,
  defineBot,
  myCards,
  opponentCardOdds,
  picks,
  playOf,
  raiseAction,
  strongest,
  takesTrick,
  trades,
  unlocatedCards,
  weakest,
  winShare,
  type Card,
  type XixAction,
  type XixSeatView,
} from '@xix/sdk';

/** How often an exchange pays 1, 2, 3, 5, 8 points between two random players (measured). */
const STAKES_SEEN: readonly (readonly [number, number])[] = [[1, 0.5], [2, 0.25], [3, 0.16], [5, 0.07], [8, 0.02]];
/** We assume an opponent who just lost a trick abandons this often (random does half the time). */
const OPPONENT_ABANDONS = 0.5;

/** gameOdds[a][b]: my chance to win the game at a points to b, between exchanges. */
const gameOdds: number[][] = (() => {
  const odds = Array.from({ length: GAME_POINTS }, () => new Array<number>(GAME_POINTS).fill(0));
  const value = (a: number, b: number, toMe: boolean, stakes: number): number => {
    const after = awardPoints([a, b], toMe ? 0 : 1, stakes);
    return after.over ? (after.winner === 0 ? 1 : 0) : odds[after.points[0]]![after.points[1]]!;
  };
  // Every award raises the total, so fill from the highest totals down.
  for (let total = 2 * (GAME_POINTS - 1); total >= 0; total--) {
    for (let a = Math.min(total, GAME_POINTS - 1); a >= 0 && total - a < GAME_POINTS; a--) {
      const b = total - a;
      let v = 0;
      for (const [stakes, p] of STAKES_SEEN) v += (p / 2) * (value(a, b, true, stakes) + value(a, b, false, stakes));
      odds[a]![b] = v;
    }
  }
  return odds;
})();

/** My chance to win the game if the exchange ends now with `stakes` going to me or to them. */
function endValue(view: XixSeatView, toMe: boolean, stakes: number): number {
  const me = view.seat;
  const after = awardPoints(view.points, toMe ? me : 1 - me, stakes);
  if (after.over) return after.winner === me ? 1 : 0;
  return gameOdds[after.points[me]!]![after.points[1 - me]!]!;
}

/**
 * The values of the exchange after I take / lose the coming trick, given my strikes `s`, theirs
 * `o`, and `q`, my chance to take any later trick. R5: a third strike ends the exchange; R6: the
 * total strikes set the stakes. I answer my strikes as well as I can; they abandon at random.
 */
function trickValues(view: XixSeatView, s: number, o: number, q: number): { take: number; lose: number } {
  const memo = new Map<number, number>();
  const afterTake = (s: number, o: number): number => {
    const win = endValue(view, true, STAKES[s + o + 1]!);
    return o + 1 === 3 ? win : OPPONENT_ABANDONS * win + (1 - OPPONENT_ABANDONS) * ahead(s, o + 1);
  };
  const afterLose = (s: number, o: number): number => {
    const loss = endValue(view, false, STAKES[s + o + 1]!);
    return s + 1 === 3 ? loss : Math.max(loss, ahead(s + 1, o));
  };
  const ahead = (s: number, o: number): number => {
    const key = s * 3 + o;
    let v = memo.get(key);
    if (v === undefined) memo.set(key, (v = q * afterTake(s, o) + (1 - q) * afterLose(s, o)));
    return v;
  };
  return { take: afterTake(s, o), lose: afterLose(s, o) };
}

/** Each of my cards with its chance to take a trick, and `q`, their average. */
function myChances(view: XixSeatView): { mine: Card[]; chances: Map<Card, number>; q: number } {
  const mine = myCards(view);
  const odds = opponentCardOdds(view);
  const chances = new Map(mine.map((c) => [c, winShare(c, odds)]));
  const q = [...chances.values()].reduce((x, y) => x + y, 0) / mine.length;
  return { mine, chances, q };
}

function play(view: XixSeatView): XixAction {
  const { mine, chances, q } = myChances(view);
  const me = view.seat;
  const { take, lose } = trickValues(view, view.strikes[me]!, view.strikes[1 - me]!, q);
  const wantTrick = take > lose;
  let card: Card;
  if (view.led !== null) {
    // Following: the outcome is in my hands.
    const led = view.led;
    const winners = mine.filter((c) => takesTrick(c, led));
    const losers = mine.filter((c) => !takesTrick(c, led));
    card = weakest(wantTrick && winners.length > 0 ? winners : losers.length > 0 ? losers : winners)!;
  } else {
    // Leading: the card with the best (or worst) chance, the weaker one on ties.
    const sign = wantTrick ? 1 : -1;
    card = mine.slice().sort((a, b) => sign * (chances.get(b)! - chances.get(a)!) || byStrength(a, b))[0]!;
  }
  return playOf(view, card)!;
}

function answerStrike(view: XixSeatView): XixAction {
  const me = view.seat;
  const s = view.strikes[me]!;
  const o = view.strikes[1 - me]!;
  const { q } = myChances(view);
  // The opponent leads the next trick; going on is worth the chain's value from here.
  const { take, lose } = trickValues(view, s, o, q);
  const goOn = q * take + (1 - q) * lose;
  const concede = endValue(view, false, view.stakes);
  return (goOn > concede ? raiseAction(view) : abandonAction(view))!;
}

function draft(view: XixSeatView): XixAction {
  const card = strongest(picks(view).map((a) => a.card))!;
  return picks(view).find((a) => a.card === card)!;
}

/** Swap the card I need least for the strike card worth most (unknown cards count as average). */
function trade(view: XixSeatView): XixAction {
  const hidden = unlocatedCards(view);
  const average = hidden.reduce((sum, c) => sum + cardStrength(c), 0) / Math.max(1, hidden.length);
  const worth = (slot: number): number => {
    const card = view.strikeRow[slot]?.card ?? null;
    return card === null ? average : cardStrength(card);
  };
  const give = weakest(myCards(view))!;
  let best = trades(view).find((a) => a.card === give)!;
  for (const a of trades(view)) if (a.card === give && worth(a.slot) > worth(best.slot)) best = a;
  return best;
}

export default defineBot({
  decide(view) {
    switch (view.phase) {
      case 'play':
        return play(view);
      case 'strike':
        return answerStrike(view);
      case 'draft':
        return draft(view);
      default:
        return trade(view);
    }
  },
});
