/**
 * Trick arithmetic (R4): two cards adding up to 19 give the trick to the lower card, otherwise
 * the higher card takes it. Cards are unique, so there is never a tie.
 */
import { CARD_COUNT, MAGIC_SUM, isCard, trickWinningCard, type Card } from '@xix/engine';

function assertCard(card: unknown, what: string): asserts card is Card {
  if (!isCard(card)) throw new RangeError(`${what} must be a card from 1 to ${CARD_COUNT}, got ${String(card)}`);
}

/** R4: does `card` take the trick against `other` (whoever played first)? */
export function takesTrick(card: Card, other: Card): boolean {
  assertCard(card, 'card');
  assertCard(other, 'other');
  if (card === other) throw new RangeError(`a trick needs two different cards, got ${card} twice`);
  return trickWinningCard(card, other) === card;
}

/** The cards of `cards` that would take the trick against `led` (R4), in the order given. */
export function winningReplies(led: Card, cards: readonly Card[]): Card[] {
  return cards.filter((c) => c !== led && takesTrick(c, led));
}

/**
 * How many of the other 17 cards `card` beats (R4): 1..9 beat every lower card and their
 * partner 19 - card; 10..18 beat every lower card except their partner. 18 is the strongest
 * (16), 1 the weakest (it only beats 18).
 */
export function cardStrength(card: Card): number {
  assertCard(card, 'card');
  return card < MAGIC_SUM - card ? card : card - 2;
}

/** The card of `cards` that beats `led` and is weakest by `cardStrength`, or null if none does. */
export function cheapestWinningReply(led: Card, cards: readonly Card[]): Card | null {
  return weakest(winningReplies(led, cards));
}

/** Orders cards weakest first by `cardStrength`; equal strength puts the lower card first. */
export function byStrength(a: Card, b: Card): number {
  return cardStrength(a) - cardStrength(b) || a - b;
}

/** The weakest card by `byStrength`, or null for no cards. */
export function weakest(cards: readonly Card[]): Card | null {
  return cards.reduce<Card | null>((best, c) => (best === null || byStrength(c, best) < 0 ? c : best), null);
}

/** The strongest card by `byStrength`, or null for no cards. */
export function strongest(cards: readonly Card[]): Card | null {
  return cards.reduce<Card | null>((best, c) => (best === null || byStrength(c, best) > 0 ? c : best), null);
}

/**
 * The chance that `card` takes the trick (R4) against one card drawn from `candidates`: a list
 * (each equally likely) or a map from card to weight, such as `opponentCardOdds(view)`. Returns 0
 * for no candidates; `card` itself is skipped.
 */
export function winShare(card: Card, candidates: readonly Card[] | ReadonlyMap<Card, number>): number {
  const weighted: Iterable<readonly [Card, number]> = Array.isArray(candidates)
    ? candidates.map((c): [Card, number] => [c, 1])
    : (candidates as ReadonlyMap<Card, number>);
  let wins = 0;
  let total = 0;
  for (const [c, weight] of weighted) {
    if (c === card) continue;
    total += weight;
    if (takesTrick(card, c)) wins += weight;
  }
  return total === 0 ? 0 : wins / total;
}
