/**
 * The rules of Nineteen (`shared/seeds/nineteen-rules.txt`) with the rulings N1–N22: who is asked,
 * what a decision does, and everything automatic between decisions (deal, kitty, replenishing,
 * tricks, scoring, the end check, dealer rotation, and forced moves, N22).
 */
import { GameError, IllegalActionError, type ActionCheck, type GameResult, type OnMove, type Seat } from '../../game.ts';
import { competitionRanks } from '../../ranking.ts';
import { sortSmall, truncate } from '../../short-arrays.ts';
import { ACTIONS, BID_BASE, DISCARD_ID, PASS_ID, PLAY_BASE, TRUMP_BASE, canonicalId, parseAction, type DiscardAction, type NineteenAction } from './actions.ts';
import {
  CARD_CODES,
  DECK_SIZE,
  GAME_POINTS,
  HAND_SIZE,
  KITTY_SIZE,
  MAX_BID,
  MAX_HANDS,
  MIN_BID,
  TRICKS,
  cardOfCode,
  type CardCode,
  effectiveSuit,
} from './cards.ts';
import { lazyList, type LazyList } from './lazy-list.ts';
import { legalPlays, strongestCardIndex, trickKey } from './tricks.ts';
import { Phase, deckOf, emptyState, forcedCode, type NineteenSetup, type NineteenState } from './state.ts';
import { currentHand } from './views.ts';

const NO_ACTIONS: readonly NineteenAction[] = Object.freeze([]);

/** The state of a new game: hand 1 dealt, the first seat asked (N2, N3, N4). `onStart`, `onMove`: Game.startEachMove. */
export function startState(setup: NineteenSetup, onStart?: (s: NineteenState) => void, onMove?: OnMove<NineteenState>): NineteenState {
  const s = emptyState(setup);
  beginHand(s);
  onStart?.(s);
  settle(s, onMove);
  return s;
}

/** N10, N19, N20: works out `s.legal` and `s.legalCount`, the cards the seat to move may play in the trick. */
function updateLegalCards(s: NineteenState): void {
  const inTrick = s.played.length - (s.leaders.length - 1) * s.seats;
  s.legalCount = legalPlays(s.cards[s.toMove]!, inTrick === 0 ? -1 : s.played[s.played.length - inTrick]!, s, s.legal);
}

export function legalActions(s: NineteenState): readonly NineteenAction[] {
  switch (s.phase) {
    case Phase.Bid: {
      const out: NineteenAction[] = [ACTIONS[PASS_ID]!];
      for (let amount = Math.max(MIN_BID, s.highBid + 1); amount <= MAX_BID; amount++) out.push(ACTIONS[BID_BASE + amount]!);
      return out;
    }
    case Phase.Trump:
      return [ACTIONS[TRUMP_BASE]!, ACTIONS[TRUMP_BASE + 1]!, ACTIONS[TRUMP_BASE + 2]!, ACTIONS[TRUMP_BASE + 3]!];
    case Phase.Discard:
      return discardActions(s.cards[s.toMove]!, s.minKeep);
    case Phase.Play: {
      const legal = s.legal;
      const out = new Array<NineteenAction>(s.legalCount);
      for (let i = 0; i < s.legalCount; i++) out[i] = ACTIONS[PLAY_BASE + legal[i]!]!;
      return out;
    }
    default:
      return NO_ACTIONS;
  }
}

/**
 * N6, N22: the discard sets of a hand of `size` cards keeping minKeep..5, as bit patterns over the
 * sorted hand: fewest thrown first, one size in increasing order of the pattern. With them, by
 * number thrown, the index of the group's first set and its sets' card positions end to end.
 * Computed once a hand size and keep rule.
 */
interface DiscardSets {
  readonly masks: readonly number[];
  readonly groups: readonly DiscardGroup[];
}
interface DiscardGroup {
  readonly thrown: number;
  readonly first: number;
  readonly count: number;
  readonly positions: Uint8Array;
}
const discardSets: DiscardSets[][] = [];
function setsFor(size: number, minKeep: number): DiscardSets {
  const bySize = (discardSets[size] ??= []);
  let sets = bySize[minKeep];
  if (sets === undefined) {
    const masks: number[] = [];
    const groups: DiscardGroup[] = [];
    for (let thrown = Math.max(0, size - HAND_SIZE); thrown <= size - minKeep; thrown++) {
      const first = masks.length;
      const positions: number[] = [];
      for (let mask = 0; mask < 1 << size; mask++) {
        if (bitCount(mask) !== thrown) continue;
        masks.push(mask);
        for (let i = 0; i < size; i++) if (mask & (1 << i)) positions.push(i);
      }
      groups.push({ thrown, first, count: masks.length - first, positions: Uint8Array.from(positions) });
    }
    sets = { masks, groups };
    bySize[minKeep] = sets;
  }
  return sets;
}

/**
 * The discards last offered by `legalActions`, with the hand and keep rule they were made for: a
 * bot answers with one of these objects, and `check` knows it by identity instead of parsing it.
 */
let offered: LazyList<NineteenAction> | null = null;
let offeredMasks: readonly number[] = [];
let offeredHand: readonly number[] = [];
let offeredMinKeep = -1;

/**
 * Discards of at most 2 cards, shared and frozen (1 + 52 + 1,326 objects): half of a non-bidder's
 * 32 sets (N22). Larger sets are new objects, made when read.
 */
const sharedDiscard = (cards: readonly number[]): NineteenAction => Object.freeze({ type: 'discard', cards: Object.freeze(cards.map((card) => CARD_CODES[card]!)) });
const NO_DISCARD = sharedDiscard([]);
const oneCardDiscards: readonly NineteenAction[] = Array.from({ length: DECK_SIZE }, (_, card) => sharedDiscard([card]));
/** By (high·(high − 1) / 2 + low), low < high. */
const twoCardDiscards: readonly NineteenAction[] = (() => {
  const all: NineteenAction[] = [];
  for (let high = 1; high < DECK_SIZE; high++) for (let low = 0; low < high; low++) all.push(sharedDiscard([low, high]));
  return all;
})();

/**
 * N6, N22: every discard set of the hand, in the order of `setsFor`, as a lazy list (lazy-list.ts):
 * a set is made when first read.
 */
function discardActions(hand: readonly number[], minKeep: number): readonly NineteenAction[] {
  const masks = setsFor(hand.length, minKeep).masks;
  const held = hand.slice();
  offered = lazyList(masks.length, (index) => discardOf(held, masks[index]!));
  offeredMasks = masks;
  offeredHand = held;
  offeredMinKeep = minKeep;
  return offered.list;
}

/** The discard of the cards of `hand` (sorted) at the bits of `mask`. */
function discardOf(hand: readonly number[], mask: number): NineteenAction {
  const cards: CardCode[] = [];
  let low = -1;
  let high = -1;
  for (let i = 0; i < hand.length; i++) {
    if ((mask & (1 << i)) === 0) continue;
    low = high;
    high = hand[i]!;
    cards.push(CARD_CODES[high]!);
  }
  switch (cards.length) {
    case 0:
      return NO_DISCARD;
    case 1:
      return oneCardDiscards[high]!;
    case 2:
      return twoCardDiscards[(high * (high - 1)) / 2 + low]!;
    default:
      // Not frozen: freezing costs more than `offeredDiscard` checking the cards of the one applied.
      return { type: 'discard', cards };
  }
}

/** The cards of `value` if it is one of the discards just offered for exactly this hand, else null. */
function offeredDiscard(value: unknown, hand: readonly number[], minKeep: number): number[] | null {
  const at = offered === null ? -1 : offered.indexOf(value);
  if (at < 0 || minKeep !== offeredMinKeep || hand.length !== offeredHand.length) return null;
  for (let i = 0; i < hand.length; i++) if (hand[i] !== offeredHand[i]) return null;
  const mask = offeredMasks[at]!;
  const cards: number[] = [];
  for (let i = 0; i < hand.length; i++) if (mask & (1 << i)) cards.push(hand[i]!);
  // The larger discards are not frozen: a caller that changed one gets it parsed like any value.
  const codes = (value as DiscardAction).cards;
  if (codes.length !== cards.length) return null;
  for (let i = 0; i < cards.length; i++) if (codes[i] !== CARD_CODES[cards[i]!]) return null;
  return cards;
}

function bitCount(mask: number): number {
  let n = 0;
  for (let m = mask; m !== 0; m &= m - 1) n++;
  return n;
}

type Checked = { readonly ok: true; readonly action: NineteenAction; readonly id: number; readonly cards: readonly number[] | null } | { readonly ok: false; readonly reason: string };

/** Whether the shared action `id` (pass, bid, trump, play) is legal now: `check` says why one is not. */
function isLegalShared(s: NineteenState, id: number): boolean {
  switch (s.phase) {
    case Phase.Bid:
      return id === PASS_ID || (id >= BID_BASE + MIN_BID && id <= BID_BASE + MAX_BID && id - BID_BASE > s.highBid);
    case Phase.Trump:
      return id >= TRUMP_BASE && id < TRUMP_BASE + 4;
    case Phase.Play:
      return id >= PLAY_BASE && isLegalCard(s, id - PLAY_BASE);
    default:
      return false;
  }
}

function isLegalCard(s: NineteenState, card: number): boolean {
  for (let i = 0; i < s.legalCount; i++) if (s.legal[i] === card) return true;
  return false;
}

function check(s: NineteenState, value: unknown): Checked {
  if (s.phase === Phase.Over) return { ok: false, reason: 'the game is over' };
  if (s.phase === Phase.Discard) {
    const cards = offeredDiscard(value, s.cards[s.toMove]!, s.minKeep);
    if (cards !== null) return { ok: true, action: value as NineteenAction, id: DISCARD_ID, cards };
  }
  const parsed = parseAction(value);
  if (!parsed.ok) return parsed;
  const id = parsed.id;
  if (id !== DISCARD_ID && isLegalShared(s, id)) return { ok: true, action: ACTIONS[id]!, id, cards: null };
  switch (s.phase) {
    case Phase.Bid:
      if (id >= BID_BASE + MIN_BID && id <= BID_BASE + MAX_BID) return { ok: false, reason: `a bid must be above the high bid ${s.highBid} (N4)` };
      return { ok: false, reason: 'now is the bidding: pass or bid 3 to 6 above the high bid (N4)' };
    case Phase.Trump:
      return { ok: false, reason: 'now the bidder names the trump suit: trump C, D, H or S (N5)' };
    case Phase.Discard: {
      if (id !== DISCARD_ID) return { ok: false, reason: 'now is the discard: discard a list of your cards (N6)' };
      const hand = s.cards[s.toMove]!;
      const cards = parsed.cards!;
      for (const card of cards) if (!hand.includes(card)) return { ok: false, reason: `you do not hold ${CARD_CODES[card]}` };
      const kept = hand.length - cards.length;
      if (kept > HAND_SIZE) return { ok: false, reason: `you may keep at most ${HAND_SIZE} cards (N6): discard at least ${hand.length - HAND_SIZE}` };
      if (kept < s.minKeep) return { ok: false, reason: `with ${s.seats} seats you keep at least ${s.minKeep} cards (N6)` };
      return { ok: true, action: { type: 'discard', cards: cards.map((card) => CARD_CODES[card]!) }, id, cards };
    }
    default: {
      if (id < PLAY_BASE) return { ok: false, reason: 'now is a trick: play a card (N10)' };
      const card = id - PLAY_BASE;
      if (!s.cards[s.toMove]!.includes(card)) return { ok: false, reason: `you do not hold ${CARD_CODES[card]}` };
      return { ok: false, reason: `${CARD_CODES[card]} does not follow: you may play ${s.legal.slice(0, s.legalCount).map((legal) => CARD_CODES[legal]).join(', ')} (N10, N19, N20)` };
    }
  }
}

export function checkAction(s: NineteenState, value: unknown): ActionCheck<NineteenAction> {
  const checked = check(s, value);
  return checked.ok ? { ok: true, action: checked.action } : checked;
}

/** Applies a decision, then everything automatic up to the next decision (N22). `onMove`: Game.applyEachMove. */
export function applyAction(s: NineteenState, value: NineteenAction, onMove?: OnMove<NineteenState>): void {
  const seat = s.toMove;
  const id = canonicalId(value);
  // An object `legalActions` handed out is known by its id, or a discard by identity: nothing to parse.
  const offeredCards = id < 0 && s.phase === Phase.Discard ? offeredDiscard(value, s.cards[s.toMove]!, s.minKeep) : null;
  if (id >= 0 && isLegalShared(s, id)) perform(s, id, null);
  else if (offeredCards !== null) perform(s, DISCARD_ID, offeredCards);
  else {
    const checked = check(s, value);
    if (!checked.ok) throw new IllegalActionError(checked.reason);
    perform(s, checked.id, checked.cards);
  }
  onMove?.(s, seat);
  settle(s, onMove);
}

/**
 * N22: while the seat to move has exactly one legal action (a pass after a 6, a single legal card),
 * the engine takes it for the seat. In a trick it works out the legal cards of every decision.
 */
function settle(s: NineteenState, onMove?: OnMove<NineteenState>): void {
  for (;;) {
    const seat = s.toMove;
    if (s.phase === Phase.Play) {
      updateLegalCards(s);
      if (s.legalCount !== 1) return;
      s.forced.push(forcedCode(s.hand, s.leaders.length, seat));
      play(s, s.legal[0]!);
    } else if (s.phase === Phase.Bid && s.highBid >= MAX_BID) {
      s.forced.push(forcedCode(s.hand, 0, seat));
      bid(s, 0);
    } else return; // N22: a trump call (4 suits) and a discard (26 to 219 sets) are always choices.
    onMove?.(s, seat);
  }
}

function perform(s: NineteenState, id: number, cards: readonly number[] | null): void {
  switch (s.phase) {
    case Phase.Bid:
      return bid(s, id === PASS_ID ? 0 : id - BID_BASE);
    case Phase.Trump:
      return callTrump(s, id - TRUMP_BASE);
    case Phase.Discard:
      return discard(s, cards!);
    default:
      return play(s, id - PLAY_BASE);
  }
}

/** N2, N3: the next hand's dealer, deck and deal, then bidding from the dealer's left. */
function beginHand(s: NineteenState): void {
  const n = s.seats;
  s.hand++;
  if (s.hand > 1) s.dealer = (s.dealer + 1) % n;
  const deck = deckOf(s.setup, s.hand);
  s.deck = deck;
  // Fresh arrays: the last hand's stay as they were, in its HandData.
  s.cards = [];
  s.dealt = [];
  s.discarded = [];
  s.received = [];
  for (let seat = 0; seat < n; seat++) {
    // N3: one card at a time from the dealer's left, the dealer last, five times round.
    const k = (seat - s.dealer - 1 + 2 * n) % n;
    const held = [deck[k]!, deck[k + n]!, deck[k + 2 * n]!, deck[k + 3 * n]!, deck[k + 4 * n]!];
    sortSmall(held);
    s.cards.push(held);
    s.dealt.push(held.slice());
    s.discarded.push(null);
    s.received.push(null);
  }
  s.kitty = deck.slice(HAND_SIZE * n, HAND_SIZE * n + KITTY_SIZE);
  s.top = HAND_SIZE * n + KITTY_SIZE;
  s.bids = [];
  s.highBid = 0;
  s.bidder = -1;
  s.bagged = false;
  s.trump = -1;
  s.flipSeats = [];
  s.flipCards = [];
  s.played = [];
  s.leaders = [];
  s.winners = [];
  s.phase = Phase.Bid;
  s.toMove = (s.dealer + 1) % n;
}

/** N4: one round, the dealer last; a bid must top the high bid; all passing bags the dealer at 3. */
function bid(s: NineteenState, amount: number): void {
  const n = s.seats;
  s.bids.push(amount);
  if (amount > 0) {
    s.highBid = amount;
    s.bidder = s.toMove;
  }
  if (s.bids.length < n) {
    s.toMove = (s.toMove + 1) % n;
    return;
  }
  if (s.bidder < 0) {
    s.bidder = s.dealer;
    s.highBid = MIN_BID;
    s.bagged = true;
  }
  s.phase = Phase.Trump;
  s.toMove = s.bidder;
}

/** N5: the trump, then the kitty to the bidder; every seat then discards in deal order (N6). */
function callTrump(s: NineteenState, suit: number): void {
  s.trump = suit;
  const hand = s.cards[s.bidder]!;
  for (const card of s.kitty) hand.push(card);
  sortSmall(hand);
  s.phase = Phase.Discard;
  s.toMove = (s.dealer + 1) % s.seats;
}

/** N6: a seat's discard, hidden; after the last seat's, replenishing in deal order (N7, N8). */
function discard(s: NineteenState, cards: readonly number[]): void {
  const n = s.seats;
  const seat = s.toMove;
  const hand = s.cards[seat]!;
  // Both sorted: one pass keeps the cards not thrown.
  let kept = 0;
  for (let i = 0, j = 0; i < hand.length; i++) {
    if (j < cards.length && hand[i] === cards[j]) j++;
    else hand[kept++] = hand[i]!;
  }
  truncate(hand, kept);
  s.discarded[seat] = cards.slice();
  if (seat !== s.dealer) {
    s.toMove = (seat + 1) % n;
    return;
  }
  const deck = s.deck;
  for (let i = 1; i <= n; i++) {
    const to = (s.dealer + i) % n;
    const held = s.cards[to]!;
    const kept = held.length;
    const need = HAND_SIZE - kept;
    // N8: the minimum keeps make this impossible; the engine checks it all the same.
    if (s.top + need > deck.length) throw new Error(`N8: the stock ran out serving seat ${to} in hand ${s.hand}`);
    const served = deck.slice(s.top, s.top + need);
    s.top += need;
    s.received[to] = served;
    for (const card of served) held.push(card);
    sortSmall(held);
    // N7: a seat that kept nothing gets four face down and the fifth face up.
    if (kept === 0) {
      s.flipSeats.push(to);
      s.flipCards.push(served[HAND_SIZE - 1]!);
    }
  }
  s.phase = Phase.Play;
  startTrick(s, s.bidder); // N9: the bidder leads trick 1.
}

function startTrick(s: NineteenState, leader: Seat): void {
  s.leaders.push(leader);
  s.bestKey = -1;
  s.bestSeat = -1;
  s.toMove = leader;
}

function play(s: NineteenState, card: number): void {
  const n = s.seats;
  const seat = s.toMove;
  const hand = s.cards[seat]!;
  // Closes the gap by hand and pops: `splice` costs more on these ≤ 8-card arrays.
  for (let i = hand.indexOf(card); i < hand.length - 1; i++) hand[i] = hand[i + 1]!;
  hand.pop();
  const trickStart = (s.leaders.length - 1) * n;
  s.played.push(card);
  const ledSuit = effectiveSuit(s.played[trickStart]!, s.trump, s.shortSuit);
  const key = trickKey(card, ledSuit, s.trump, s.shortSuit);
  if (key > s.bestKey) {
    s.bestKey = key;
    s.bestSeat = seat;
  }
  if (s.played.length - trickStart < n) {
    s.toMove = (seat + 1) % n;
    return;
  }
  s.winners.push(s.bestSeat);
  if (s.leaders.length < TRICKS) startTrick(s, s.bestSeat);
  else endHand(s);
}

/** N12, N13: the hand's points by side, the scores, then the end check (N14–N16) or the next hand. */
function endHand(s: NineteenState): void {
  const bonus = (strongestCardIndex(s.played, s.trump, s.shortSuit) / s.seats) | 0;
  const points = new Array<number>(s.sideCount).fill(0);
  for (let t = 0; t < TRICKS; t++) points[s.sideOf[s.winners[t]!]!]! += t === bonus ? 2 : 1;
  const bidderSide = s.sideOf[s.bidder]!;
  for (let side = 0; side < s.sideCount; side++) {
    if (side !== bidderSide) s.scores[side]! += points[side]!;
    else s.scores[side]! += points[side]! >= s.highBid ? points[side]! : -s.highBid;
  }
  const recorded = s.setup.scores[s.hand - 1];
  if (recorded !== undefined && recorded.some((score, side) => score !== s.scores[side])) {
    throw new GameError(`setup.scores[${s.hand - 1}] records ${JSON.stringify(recorded)} after hand ${s.hand}, the play gives ${JSON.stringify(s.scores)}`);
  }
  s.past.push(currentHand(s, bonus + 1, points, s.scores.slice()));
  const winners = endCheck(s, bidderSide);
  if (winners !== null) {
    s.winningSides = winners.sides;
    s.endReason = winners.reason;
    s.phase = Phase.Over;
    s.toMove = -1;
    return;
  }
  beginHand(s);
}

/** N14, N15, N16: the winning sides and why, or null to play on. */
function endCheck(s: NineteenState, bidderSide: number): { sides: number[]; reason: string } | null {
  const scores = s.scores;
  if (s.suddenDeath) {
    // N15: exactly one seat strictly above every other (sudden death is only ever cut-throat).
    const top = topSides(scores, null);
    if (top.length === 1) return { sides: top, reason: 'sudden-death' };
  } else {
    const out: number[] = [];
    for (let side = 0; side < s.sideCount; side++) if (scores[side]! >= GAME_POINTS) out.push(side);
    if (out.includes(bidderSide)) return { sides: [bidderSide], reason: 'bidder-out' };
    if (out.length === 1) return { sides: out, reason: 'out' };
    if (out.length > 1) {
      const top = topSides(scores, out);
      if (top.length === 1) return { sides: top, reason: 'most-out' };
      s.suddenDeath = true;
    }
  }
  if (s.hand >= MAX_HANDS) {
    const top = topSides(scores, null);
    return { sides: top, reason: top.length === 1 ? 'hand-limit' : 'hand-limit-shared' };
  }
  return null;
}

/** The sides (among `among`, or all) with the most points. */
function topSides(scores: readonly number[], among: readonly number[] | null): number[] {
  const sides = among ?? scores.map((_, side) => side);
  let best = -Infinity;
  for (const side of sides) best = Math.max(best, scores[side]!);
  return sides.filter((side) => scores[side] === best);
}

/**
 * N17: the winning sides first, the others by score (equal scores share a place, 1, 1, 3), places
 * counting sides; every seat takes its side's place and its side's score.
 */
function sideResult(s: NineteenState, winningSides: readonly number[], reason: string, last: number | null): GameResult {
  const sideRanks: number[] = [];
  for (let side = 0; side < s.sideCount; side++) {
    if (winningSides.includes(side)) {
      sideRanks.push(1);
      continue;
    }
    if (side === last) {
      sideRanks.push(s.sideCount);
      continue;
    }
    let ahead = winningSides.length;
    for (let other = 0; other < s.sideCount; other++) if (other !== last && !winningSides.includes(other) && s.scores[other]! > s.scores[side]!) ahead++;
    sideRanks.push(ahead + 1);
  }
  const ranks = s.sideOf.map((side) => sideRanks[side]!);
  return { winner: ranks.indexOf(1), points: s.sideOf.map((side) => s.scores[side]!), reason, ranks };
}

export function result(s: NineteenState): GameResult | null {
  return s.phase === Phase.Over ? sideResult(s, s.winningSides, s.endReason, null) : null;
}

/** N18 (R12): the forfeiting seat's side last, the others by their scores, the top ones sharing the win. */
export function forfeitResult(s: NineteenState, seat: Seat): GameResult {
  const last = s.sideOf[seat]!;
  const others = s.scores.map((_, side) => side).filter((side) => side !== last);
  const ranks = competitionRanks(s.scores, last);
  const winners = others.filter((side) => ranks[side] === 1);
  return sideResult(s, winners, 'forfeit', last);
}

