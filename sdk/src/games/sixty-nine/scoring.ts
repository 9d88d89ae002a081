/** S14 round scoring on card codes, through the engine's own `roundScore`. */
import { roundScore, type ScoreBreakdown, type SixtyNinePublicView, type Seat } from '@xix/engine';
import { cardId } from './sets.ts';

/**
 * S14: the round score of a pile of captured cards with `inHand` cards left in the hand: +1 a card,
 * +2 a pair of 6/9s, +3 a Wild-Lock-Scramble trio, +6 a group of all six suits, +10 a group of the
 * values 0–9, −1 a card in hand; never below 0. The breakdown names each part.
 */
export function scoreCards(captured: readonly string[], inHand = 0): ScoreBreakdown {
  if (!Number.isInteger(inHand) || inHand < 0) throw new RangeError(`inHand must be a whole number ≥ 0, got ${inHand}`);
  return roundScore(captured.map(cardId), inHand);
}

/** What `seat` would score this round if it ended now: its pile, its hand size (both public, S17). */
export function scoreIfRoundEnded(view: SixtyNinePublicView, seat: Seat): number {
  return scoreCards(view.captured[seat] ?? [], view.handSizes[seat] ?? 0).score;
}

/** S14: how many points capturing `cards` would add to `pile` (bonuses included, the hand aside). */
export function captureGain(pile: readonly string[], cards: readonly string[]): number {
  return scoreCards([...pile, ...cards]).score - scoreCards(pile).score;
}
