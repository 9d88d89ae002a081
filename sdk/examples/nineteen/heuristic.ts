/**
 * A hand-written Nineteen bot that beats `random` heads up and in partnerships (docs/bots.md). It
 * reads only its own view (N21): its partner's hand is as hidden from it as an opponent's, and
 * what they share is the public record (bids, the trump, discard counts, every card played).
 *
 * - Bid (N4): the trump its hand is best in (`bestTrump`, counting on the kitty) and the points it
 *   expects there (`bidEstimate`); it bids the least that beats the high bid if it expects about
 *   that much, and never outbids a teammate.
 * - Trump (N5): that suit. Discard (N6): keeps its trumps, strongest first, then off-suit aces, at
 *   most five, and draws the rest; the bidder throws at least three of its eight.
 * - Play (N10–N12): leads a trump that nothing unseen can beat, or its lowest trump when it holds
 *   three or more (to draw the others' trumps); else an off-suit card nothing unseen beats, else its
 *   cheapest card. Following, it does not overtake a teammate who is winning the trick (unless an
 *   opponent still to play may beat it and this seat can make the trick sure); otherwise it takes
 *   the trick as cheaply as it safely can, or throws its cheapest card.
 * Deterministic: no randomness, no memory between decisions.
 */
import {
  bestTrump,
  bidEstimate,
  cardRank,
  defineNineteenBot,
  discardKeeping,
  handRules,
  highBid,
  isTrumpCard,
  legalCards,
  minKeepFor,
  othersMayHold,
  suitAs,
  teammates,
  trickInPlay,
  trickPower,
  trumpOrder,
  winningSoFar,
  wouldTake,
  type NineteenAction,
  type NineteenCardCode,
  type NineteenRules,
  type NineteenSeatView,
} from '@xix/sdk';

/**
 * How far under its estimate the bot bids: negative, so a little over it. Bidding names the trump
 * and leads the first trick, worth more than the risk of a set (N13): against the template, heads
 * up, margins of 0.6, 0.3, 0, −0.3 and −0.6 won 51%, 61%, 64%, 68% and 65% of 300 games.
 */
const BID_MARGIN = -0.3;
/** Trumps that make a hand strong enough to lead them low and draw the others'. */
const TRUMP_LENGTH = 3;
const ACE = 12;

const playOf = (card: NineteenCardCode): NineteenAction => ({ type: 'play', card });

/** How much a card is worth keeping: every trump above every other card, then by rank (N11). */
const worth = (card: NineteenCardCode, rules: NineteenRules): number => trickPower(card, suitAs(card, rules.trump, rules.shortSuit), rules);

function bid(view: NineteenSeatView): NineteenAction {
  const high = highBid(view);
  const bids = view.hands.at(-1)!.bids;
  const leader = bids.reduce<number | null>((seat, record) => (record.bid === high && record.bid !== null ? record.seat : seat), null);
  if (leader !== null && teammates(view).includes(leader)) return { type: 'pass' };
  const { points } = bestTrump(view.cards, { seats: view.seats, shortSuit: view.shortSuit, kitty: true });
  const amount = Math.max(3, high + 1);
  return amount <= points - BID_MARGIN && view.legalActions.some((a) => a.type === 'bid' && a.amount === amount) ? { type: 'bid', amount } : { type: 'pass' };
}

function callTrump(view: NineteenSeatView): NineteenAction {
  return { type: 'trump', suit: bestTrump(view.cards, { seats: view.seats, shortSuit: view.shortSuit, kitty: true }).suit };
}

function discard(view: NineteenSeatView, rules: NineteenRules): NineteenAction {
  const order = trumpOrder(rules.trump, rules.shortSuit);
  const trumps = order.filter((card) => view.cards.includes(card));
  const aces = view.cards.filter((card) => cardRank(card) === ACE && !isTrumpCard(card, rules.trump, rules.shortSuit));
  const keep = [...trumps, ...aces].slice(0, 5);
  // N6: at 5 and 6 seats a seat keeps one or two cards at least: the strongest of the rest.
  const rest = view.cards.filter((card) => !keep.includes(card)).sort((a, b) => worth(b, rules) - worth(a, rules));
  while (keep.length < minKeepFor(view.seats)) keep.push(rest.shift()!);
  return discardKeeping(view, keep);
}

/**
 * Is `card` the highest of its suit (as it counts, N19: trumps together) among itself and the
 * cards another seat may hold? Trumping in is left out: a plain card is only as safe as the trumps.
 */
function topOfSuit(card: NineteenCardCode, rules: NineteenRules, outstanding: readonly NineteenCardCode[]): boolean {
  const suit = suitAs(card, rules.trump, rules.shortSuit);
  const mine = trickPower(card, suit, rules);
  return outstanding.every((other) => suitAs(other, rules.trump, rules.shortSuit) !== suit || trickPower(other, suit, rules) < mine);
}

function cheapest(cards: readonly NineteenCardCode[], rules: NineteenRules): NineteenCardCode {
  return cards.reduce((best, card) => (worth(card, rules) < worth(best, rules) ? card : best));
}

function lead(view: NineteenSeatView, legal: readonly NineteenCardCode[], rules: NineteenRules): NineteenCardCode {
  const outstanding = othersMayHold(view);
  const isTrump = (card: NineteenCardCode): boolean => isTrumpCard(card, rules.trump, rules.shortSuit);
  const trumps = legal.filter(isTrump).sort((a, b) => worth(b, rules) - worth(a, rules));
  const othersHaveTrumps = outstanding.some(isTrump);
  if (trumps.length > 0 && othersHaveTrumps && topOfSuit(trumps[0]!, rules, outstanding)) return trumps[0]!;
  if (trumps.length >= TRUMP_LENGTH && othersHaveTrumps) return trumps.at(-1)!;
  const bosses = legal.filter((card) => !isTrump(card) && topOfSuit(card, rules, outstanding));
  if (bosses.length > 0) return cheapest(bosses, rules);
  const plain = legal.filter((card) => !isTrump(card));
  return cheapest(plain.length > 0 ? plain : legal, rules);
}

function follow(view: NineteenSeatView, legal: readonly NineteenCardCode[], rules: NineteenRules): NineteenCardCode {
  const winning = winningSoFar(view)!;
  const trick = trickInPlay(view)!;
  const outstanding = othersMayHold(view);
  const mates = teammates(view);
  const toPlay = view.seats - 1 - trick.cards.length;
  const opponentsAfter = Array.from({ length: toPlay }, (_, i) => (view.seat + 1 + i) % view.seats).some((seat) => !mates.includes(seat));
  const winners = legal.filter((card) => wouldTake(view, card));
  const safe = winners.filter((card) => topOfSuit(card, rules, outstanding));
  if (mates.includes(winning.seat)) {
    // Never overtake a winning partner, unless an opponent still to play may beat its card and this seat can make the trick sure.
    if (!opponentsAfter || topOfSuit(winning.card, rules, outstanding) || safe.length === 0) return cheapest(legal, rules);
    return cheapest(safe, rules);
  }
  if (winners.length === 0) return cheapest(legal, rules);
  if (!opponentsAfter) return cheapest(winners, rules);
  // Opponents play after this seat: take it with a card none of them can beat, if it has one.
  return cheapest(safe.length > 0 ? safe : winners, rules);
}

function play(view: NineteenSeatView, rules: NineteenRules): NineteenAction {
  const legal = legalCards(view);
  const trick = trickInPlay(view)!;
  return playOf(trick.cards.length === 0 ? lead(view, legal, rules) : follow(view, legal, rules));
}

function decide(view: NineteenSeatView): NineteenAction {
  const rules = handRules(view);
  switch (view.phase) {
    case 'bid':
      return bid(view);
    case 'trump':
      return callTrump(view);
    case 'discard':
      return discard(view, rules!);
    default:
      return play(view, rules!);
  }
}

export default defineNineteenBot({ decide });
