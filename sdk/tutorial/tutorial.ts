/**
 * The bot built step by step in docs/sdk.md: a few plain rules, and the R7 check on every strike
 * answer. Simpler than the house bot sdk/examples/xix/heuristic.ts, and still well ahead of random.
 * The tutorial's bot, not a house bot (every .ts file directly in sdk/examples/<game>/ is one).
 */
import {
  awardPoints,
  cardStrength,
  cheapestWinningReply,
  defineXixBot,
  myCards,
  opponentPossibleCards,
  outcomeIfAbandon,
  pickOf,
  picks,
  playOf,
  stakesAfterRaise,
  strongest,
  takesTrick,
  tradeOf,
  weakest,
  winShare,
  type XixAction,
  type XixSeatView,
} from '@xix/sdk';

/**
 * Step 6 (R7): taking this trick may let the opponent abandon and hand me the next stakes. If
 * those points would make me lose the game, I would rather lose the trick.
 */
function wantTrick(view: XixSeatView): boolean {
  const ifTheyAbandon = awardPoints(view.points, view.seat, stakesAfterRaise(view) ?? 0);
  return !(ifTheyAbandon.over && ifTheyAbandon.winner !== view.seat);
}

/** Step 2: take the trick as cheaply as possible, or throw away the weakest card. */
function play(view: XixSeatView): XixAction {
  const mine = myCards(view);
  if (!wantTrick(view)) {
    const losers = view.led === null ? mine : mine.filter((c) => !takesTrick(c, view.led!));
    return playOf(view, weakest(losers.length > 0 ? losers : mine)!)!;
  }
  if (view.led !== null) {
    const card = cheapestWinningReply(view.led, mine) ?? weakest(mine)!;
    return playOf(view, card)!;
  }
  // Leading: the strongest card has the best chance against whatever they answer.
  return playOf(view, strongest(mine)!)!;
}

/** Step 3: raise with a strong hand. Step 5: first look at what abandoning does to the game (R7). */
function answerStrike(view: XixSeatView): XixAction {
  const ifAbandon = outcomeIfAbandon(view);
  if (ifAbandon.over) return { type: ifAbandon.winner === view.seat ? 'abandon' : 'raise' };
  const theirs = opponentPossibleCards(view);
  const mine = myCards(view);
  const chance = mine.reduce((sum, c) => sum + winShare(c, theirs), 0) / mine.length;
  return { type: chance > 0.5 ? 'raise' : 'abandon' };
}

/** Step 4: draft the strongest card; trade the weakest card for the best strike card. */
function draft(view: XixSeatView): XixAction {
  return pickOf(view, strongest(picks(view).map((a) => a.card))!)!;
}

function trade(view: XixSeatView): XixAction {
  const give = weakest(myCards(view))!;
  // A known card is worth its strength; an unknown face-down card about an average card's (8).
  const worth = (slot: number): number => {
    const card = view.strikeRow[slot]!.card;
    return card === null ? 8 : cardStrength(card);
  };
  const best = [0, 1, 2, 3, 4].reduce((a, b) => (worth(b) > worth(a) ? b : a));
  return tradeOf(view, give, best)!;
}

export default defineXixBot({
  decide(view) {
    if (view.phase === 'play') return play(view);
    if (view.phase === 'strike') return answerStrike(view);
    if (view.phase === 'draft') return draft(view);
    return trade(view);
  },
});
