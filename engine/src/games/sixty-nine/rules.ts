/**
 * The rules of 69 (`shared/seeds/sixty-nine-rules.txt`) with the rulings S1–S19: who is asked,
 * what a decision does, and everything automatic between decisions (deal, flips and pulls, steal
 * chances, captures, Scramble completions, scoring, the end check, dealer rotation, and forced
 * moves, S18).
 */
import { GameError, IllegalActionError, type ActionCheck, type GameResult, type OnMove, type Seat } from '../../game.ts';
import { competitionRanks } from '../../ranking.ts';
import { removeAt, sortSmall, truncate } from '../../short-arrays.ts';
import { CLOSE, KEEP, PASS, REARRANGE, parseAction, takeAction, type SixtyNineAction } from './actions.ts';
import {
  CARD_CODES,
  COMPLETE_SIZE,
  DECK_SIZE,
  HAND_SIZE,
  LOCK_BASE,
  MAX_ROUNDS,
  MAX_SEATS,
  MAX_SET_SIZE,
  SCRAMBLE_BASE,
  TARGET_POINTS,
  EXTRA_SHIFT,
  GROWABLE,
  LEGAL,
  EMPTY_VALUES,
  SLOT_BIT,
  WILD_BASE,
  canGrowToLegalSet,
  cardOfCode,
  kindsThatGrow,
  VALUE_KIND,
  addValue,
  isLegalSet,
  valueFlags,
} from './cards.ts';
import { Phase, drawnDeck, emptyState, pullIndex, type SixtyNineSetup, type SixtyNineState } from './state.ts';
import type { RoundRecord, SixtyNineEvent } from './views.ts';

const NO_ACTIONS: readonly SixtyNineAction[] = Object.freeze([]);
/** The cards of an event that adds none (most steal chances, S8): one frozen list for all. */
const NO_CARDS: readonly string[] = Object.freeze([]);
const NO_HAND_CARDS: readonly number[] = Object.freeze([]);
const codesOf = (cards: readonly number[]): string[] => cards.map((card) => CARD_CODES[card]!);
const isScrambleCard = (card: number): boolean => card >= SCRAMBLE_BASE;

const isLockCard = (card: number): boolean => card >= LOCK_BASE && card < SCRAMBLE_BASE;

/**
 * The state of a new game: round 1 dealt, the first seat asked (S5). `onStart` and `onMove`:
 * Game.startEachMove.
 */
export function startState(setup: SixtyNineSetup, onStart?: (s: SixtyNineState) => void, onMove?: OnMove<SixtyNineState>): SixtyNineState {
  const s = emptyState(setup);
  beginRound(s);
  onStart?.(s);
  settle(s, onMove);
  return s;
}

// ---------------------------------------------------------------------------------------------
// Legal actions

/** The group being grown by the searches of the Scramble's `form` steps (scratch, at most 6). */
const group: number[] = [];

/** The hand cards chosen so far by `grow` (scratch), and what the search does with each legal choice. */
const chosen: number[] = [0, 0, 0, 0, 0, 0];
const EMIT_PLAY = 0;
const EMIT_ADD = 1;
let emitMode = EMIT_PLAY;
let emitSet = 0;
let emitOut: SixtyNineAction[] = [];
/** Beside each action listed, the hand positions of its cards as a bit mask (0 for actions without cards). */
let emitMasks: number[] = [];

/** Shared one-card plays and additions, by (set, card): most legal actions are one of these. */
const oneCard: (SixtyNineAction | undefined)[][] = [[], []];
function oneCardAction(mode: number, set: number, card: number): SixtyNineAction {
  const index = set * 69 + card;
  let action = oneCard[mode]![index];
  if (action === undefined) {
    action = Object.freeze({ type: mode === EMIT_PLAY ? 'play' : 'add', set, cards: Object.freeze([CARD_CODES[card]!]) }) as SixtyNineAction;
    oneCard[mode]![index] = action;
  }
  return action;
}

/** Shared empty additions, by set. */
const emptyAdditions: SixtyNineAction[] = [];
const emptyAddition = (set: number): SixtyNineAction => (emptyAdditions[set] ??= Object.freeze({ type: 'add', set, cards: Object.freeze([]) }) as SixtyNineAction);

/** Shared frozen card lists of two cards, by card pair (`a * DECK_SIZE + b`): most plays of several cards are of two. */
const twoCardLists: (readonly string[] | undefined)[] = [];
const twoCardCodes = (a: number, b: number): readonly string[] => (twoCardLists[a * DECK_SIZE + b] ??= Object.freeze([CARD_CODES[a]!, CARD_CODES[b]!]));

function emit(count: number, mask: number): void {
  emitMasks[emitOut.length] = mask;
  if (count === 1) {
    emitOut.push(oneCardAction(emitMode, emitSet, chosen[0]!));
    return;
  }
  let cards: readonly string[];
  if (count === 2) cards = twoCardCodes(chosen[0]!, chosen[1]!);
  else {
    const codes = new Array<string>(count);
    for (let i = 0; i < count; i++) codes[i] = CARD_CODES[chosen[i]!]!;
    cards = codes;
  }
  emitOut.push(emitMode === EMIT_PLAY ? { type: 'play', set: emitSet, cards } : { type: 'add', set: emitSet, cards });
}

/** The hand being searched, by position: each card's slot bit and value kind (scratch; a position is a bit of a mask). */
const handSlots = new Int32Array(31);
const handKinds = new Int32Array(31);

function loadHand(hand: readonly number[]): void {
  for (let i = 0; i < hand.length; i++) {
    handSlots[i] = SLOT_BIT[hand[i]!]!;
    handKinds[i] = VALUE_KIND[hand[i]!]!;
  }
}

/**
 * S6, S8: the non-empty subsets of `hand` (loaded by loadHand; in hand order, depth first) that
 * make a legal set with the table set `base`, each emitted. The slots and value state (cards.ts)
 * grow with the group; a group whose values no legal set could hold is not grown.
 */
function eachAddition(base: readonly number[], hand: readonly number[], mode: number, set: number, out: SixtyNineAction[], masks: number[]): void {
  let slots = 0;
  let values = EMPTY_VALUES;
  for (const card of base) {
    slots |= SLOT_BIT[card]!;
    values = addValue(values, card);
  }
  emitMode = mode;
  emitSet = set;
  emitOut = out;
  emitMasks = masks;
  if (base.length < MAX_SET_SIZE) grow(hand, 0, slots, values, base.length, 0, 0);
}

/** Tries each hand card from position `from` on the group so far (`depth` hand cards, `size` with the base, below six). */
function grow(hand: readonly number[], from: number, slots: number, values: number, size: number, depth: number, mask: number): void {
  // The cards that may join, as a mask of hand positions, made without a branch a card: a card's
  // slot must be free ((shared - 1) >>> 31 is 1 for none shared) and its value kind must leave the
  // group growable.
  const kinds = kindsThatGrow(values);
  let joining = 0;
  for (let i = from; i < hand.length; i++) joining |= ((((handSlots[i]! & slots) - 1) >>> 31) & (kinds >> handKinds[i]!)) << i;
  for (; joining !== 0; joining &= joining - 1) {
    const i = 31 - Math.clz32(joining & -joining);
    const card = hand[i]!;
    const grown = addValue(values, card);
    const flags = valueFlags(grown);
    // Needing more cards than the hand has after this one.
    if (flags >> EXTRA_SHIFT >= hand.length - i) continue;
    chosen[depth] = card;
    if (flags & LEGAL) emit(depth + 1, mask | (1 << i));
    // Only a group with room and cards left grows further (a call that tries nothing costs as much as a try).
    if (size + 1 < MAX_SET_SIZE && i + 1 < hand.length) grow(hand, i + 1, slots | handSlots[i]!, grown, size + 1, depth + 1, mask | (1 << i));
  }
}

function turnActions(s: SixtyNineState, masks: number[]): SixtyNineAction[] {
  const out: SixtyNineAction[] = [PASS];
  masks[0] = 0;
  const hand = s.hands[s.toMove]!;
  loadHand(hand);
  for (let set = 0; set < s.table.length; set++) {
    if (s.table[set]!.length < COMPLETE_SIZE) eachAddition(s.table[set]!, hand, EMIT_PLAY, set, out, masks);
  }
  return out;
}

function stealActions(s: SixtyNineState, masks: number[]): SixtyNineAction[] {
  const set = s.chanceFrom;
  const out: SixtyNineAction[] = [emptyAddition(set)];
  masks[0] = 0;
  loadHand(s.hands[s.toMove]!);
  eachAddition(s.table[set]!, s.hands[s.toMove]!, EMIT_ADD, set, out, masks);
  return out;
}

/** S18: a rearrangement must differ from the table: is there a partition other than `sets`' own? */
function hasOtherPartition(sets: readonly (readonly number[])[]): boolean {
  const cards: number[] = [];
  for (const set of sets) {
    if (set.length >= 2) return true; // all single cards differs
    cards.push(set[0]!);
  }
  // All single cards: another partition needs a legal pair (any legal set of 2+ holds one).
  const pair = [0, 0];
  for (let i = 0; i < cards.length; i++) {
    for (let j = i + 1; j < cards.length; j++) {
      pair[0] = cards[i]!;
      pair[1] = cards[j]!;
      if (isLegalSet(pair)) return true;
    }
  }
  return false;
}

/** The table set (before the Scramble) holding `card`. */
const beforeSetOf = (s: SixtyNineState, card: number): readonly number[] => s.before.find((set) => set.includes(card))!;

const sameCards = (a: readonly number[], b: readonly number[]): boolean => a.length === b.length && a.every((card, i) => card === b[i]);

/**
 * S18: closing `set` (sorted) while every set formed so far is a set of the old table: does it
 * leave only the old table as the result? Then it may not be closed. `rest` is what stays unplaced.
 */
function closesIntoOldTable(s: SixtyNineState, set: readonly number[], rest: readonly number[]): boolean {
  if (!s.sameSoFar || !sameCards(set, beforeSetOf(s, set[0]!))) return false;
  const restSets = s.before.filter((old) => rest.includes(old[0]!));
  return !hasOtherPartition(restSets);
}

/** A completion of the set being formed: cards of `pool` above `from`, legal, and not the old table. */
function completionExists(s: SixtyNineState, pool: readonly number[], from: number): boolean {
  if (isLegalSet(group)) {
    const set = group.slice();
    sortSmall(set);
    const rest = pool.filter((card) => !set.includes(card));
    if (!closesIntoOldTable(s, set, rest)) return true;
  }
  if (group.length >= MAX_SET_SIZE) return false;
  for (let i = from; i < pool.length; i++) {
    group.push(pool[i]!);
    const found = canGrowToLegalSet(group) && completionExists(s, pool, i + 1);
    group.pop();
    if (found) return true;
  }
  return false;
}

function formActions(s: SixtyNineState): SixtyNineAction[] {
  const out: SixtyNineAction[] = [];
  const forming = s.forming;
  const last = forming[forming.length - 1]!;
  const pool = s.unplaced;
  for (let i = 0; i < pool.length; i++) {
    const card = pool[i]!;
    if (card < last || forming.length >= MAX_SET_SIZE) continue;
    truncate(group, 0);
    for (const c of forming) group.push(c);
    group.push(card);
    if (canGrowToLegalSet(group) && completionExists(s, pool, i + 1)) out.push(takeAction(card));
  }
  if (isLegalSet(forming) && !closesIntoOldTable(s, forming, pool)) out.push(CLOSE);
  return out;
}

/** The legal actions last listed, for the state and stamp they were made for. */
let cachedState: SixtyNineState | null = null;
let cachedStamp = -1;
let cachedActions: readonly SixtyNineAction[] = NO_ACTIONS;
/**
 * By cached action, the hand positions of its cards (`emitMasks`), written at each play's or
 * addition's index. It is never emptied (emptying an array frees its store, and the next list
 * would grow a new one): entries past the list, or of actions without cards, are stale and unread.
 */
let cachedMasks: number[] = [];

export function legalActions(s: SixtyNineState): readonly SixtyNineAction[] {
  if (cachedState === s && cachedStamp === s.stamp) return cachedActions;
  let out: readonly SixtyNineAction[];
  // Only the last list's masks are ever read: one array serves every list.
  const masks = cachedMasks;
  switch (s.phase) {
    case Phase.Turn:
      out = turnActions(s, masks);
      break;
    case Phase.Scramble:
      out = hasOtherPartition(s.table) ? [KEEP, REARRANGE] : [KEEP];
      break;
    case Phase.Form:
      out = formActions(s);
      break;
    case Phase.Steal:
      out = stealActions(s, masks);
      break;
    default:
      out = NO_ACTIONS;
  }
  cachedState = s;
  cachedStamp = s.stamp;
  cachedActions = out;
  cachedMasks = masks;
  return out;
}

// ---------------------------------------------------------------------------------------------
// Checking an action

/** A legal action and its position in the state's (cached) legal-action list. */
type Checked = { readonly ok: true; readonly action: SixtyNineAction; readonly index: number } | { readonly ok: false; readonly reason: string };

const keyOf = (action: SixtyNineAction): string => {
  switch (action.type) {
    case 'play':
    case 'add':
      return `${action.type} ${action.set} ${action.cards.join(' ')}`;
    case 'take':
      return `take ${action.card}`;
    default:
      return action.type;
  }
};

const PHASE_ACTIONS: readonly string[] = [
  'now is a turn: pass, or play cards from your hand into one incomplete set (S6)',
  'now you use your Scramble: keep or rearrange (S11, S12)',
  'now you form the rearranged table: take a card into the set being formed, or close it (S12, S18)',
  'now is your steal chance: add cards (possibly none) to the set (S8)',
];

function check(s: SixtyNineState, value: unknown): Checked {
  if (s.phase === Phase.Over) return { ok: false, reason: 'the game is over' };
  const legal = legalActions(s);
  const at = legal.indexOf(value as SixtyNineAction);
  if (at >= 0) return { ok: true, action: value as SixtyNineAction, index: at };
  const parsed = parseAction(value);
  if (!parsed.ok) return parsed;
  const wanted: SixtyNineAction =
    parsed.type === 'play' || parsed.type === 'add' ? { type: parsed.type, set: parsed.set, cards: codesOf(parsed.cards) }
    : parsed.type === 'take' ? takeAction(parsed.cards[0]!)
    : ({ type: parsed.type } as SixtyNineAction);
  const key = keyOf(wanted);
  for (let i = 0; i < legal.length; i++) if (keyOf(legal[i]!) === key) return { ok: true, action: legal[i]!, index: i };
  return { ok: false, reason: whyIllegal(s, parsed.type, parsed.set, parsed.cards) };
}

function whyIllegal(s: SixtyNineState, type: SixtyNineAction['type'], set: number, cards: readonly number[]): string {
  const allowed = ['pass play', 'keep rearrange', 'take close', 'add'][s.phase]!.split(' ');
  if (!allowed.includes(type)) return PHASE_ACTIONS[s.phase]!;
  const hand = s.hands[s.toMove]!;
  switch (type) {
    case 'play':
    case 'add': {
      for (const card of cards) if (!hand.includes(card)) return `you do not hold ${CARD_CODES[card]}`;
      if (type === 'add' && set !== s.chanceFrom) return `your chance is on set ${s.chanceFrom}, not ${set} (S8)`;
      if (set >= s.table.length) return `there is no set ${set}: the table has ${s.table.length}`;
      if (type === 'play' && s.table[set]!.length >= COMPLETE_SIZE) return `set ${set} is complete: play into a set of one or two cards (S6)`;
      if (type === 'play' && cards.length === 0) return 'a play needs at least one card; to play nothing, pass (S6)';
      return `${codesOf([...s.table[set]!, ...cards]).join(' ')} is not a legal set (S3)`;
    }
    case 'rearrange':
      return 'no other arrangement of the table exists: keep (S18)';
    case 'take':
      return `${CARD_CODES[cards[0]!]} cannot join the set being formed: it must be unplaced, above ${CARD_CODES[s.forming[s.forming.length - 1]!]}, and leave a legal set that differs from the old table (S12, S18)`;
    case 'close':
      return `${codesOf(s.forming).join(' ')} cannot be closed: not a legal set, or the result would be the table as it was (S3, S18)`;
    default:
      return PHASE_ACTIONS[s.phase]!;
  }
}

export function checkAction(s: SixtyNineState, value: unknown): ActionCheck<SixtyNineAction> {
  const checked = check(s, value);
  return checked.ok ? { ok: true, action: checked.action } : checked;
}

/** Applies a decision, then everything automatic up to the next decision (S18). `onMove`: Game.applyEachMove. */
export function applyAction(s: SixtyNineState, value: SixtyNineAction, onMove?: OnMove<SixtyNineState>): void {
  const seat = s.toMove;
  // An action taken from the state's own list (what a bot in this process passes back) is found by
  // identity: no parsing, and no result object.
  const at = s.phase === Phase.Over ? -1 : legalActions(s).indexOf(value);
  if (at >= 0) {
    perform(s, value, cachedMasks[at] ?? 0);
    onMove?.(s, seat);
    return settle(s, onMove);
  }
  const checked = check(s, value);
  if (!checked.ok) throw new IllegalActionError(checked.reason);
  perform(s, checked.action, cachedMasks[checked.index] ?? 0);
  onMove?.(s, seat);
  settle(s, onMove);
}

/** S18: while the seat to move has exactly one legal action, the engine takes it for the seat. */
function settle(s: SixtyNineState, onMove?: OnMove<SixtyNineState>): void {
  // The list is cached: the seat asked next gets the same one without a second search.
  while (s.phase !== Phase.Over && legalActions(s).length === 1) {
    const action = legalActions(s)[0]!;
    const seat = s.toMove;
    s.forced.push(Object.freeze({ round: s.round, seat, action, event: s.events.length }));
    perform(s, action, cachedMasks[0] ?? 0);
    onMove?.(s, seat);
  }
}

/** `mask`: the hand positions of a play's or an addition's cards (from the legal-action list). */
function perform(s: SixtyNineState, action: SixtyNineAction, mask: number): void {
  s.stamp++;
  const seat = s.toMove;
  switch (action.type) {
    case 'pass':
      s.events.push((passEvents[seat] ??= Object.freeze({ type: 'pass', seat })));
      return flip(s, seat);
    case 'play':
      return play(s, seat, action.set, takeFromHand(s.hands[seat]!, mask), action.cards);
    case 'keep':
      s.events.push((keepEvents[seat] ??= Object.freeze({ type: 'keep', seat })));
      return afterScramble(s);
    case 'rearrange':
      return beginForming(s);
    case 'take':
      return take(s, cardOfCode(action.card));
    case 'close':
      return closeSet(s);
    case 'add':
      return add(s, seat, takeFromHand(s.hands[seat]!, mask), action.cards);
  }
}

const event = (s: SixtyNineState, e: SixtyNineEvent): void => {
  s.events.push(Object.freeze(e));
};

/**
 * Events that recur with the same content (a seat's pass or keep, its addition of nothing to a
 * set, a seat's flip of a card) are made and frozen once and shared, by seat, set and card:
 * freezing an event costs more than making it, and events are frozen because they are shared.
 */
const passEvents: SixtyNineEvent[] = [];
const keepEvents: SixtyNineEvent[] = [];
const nothingAddedEvents: SixtyNineEvent[] = [];
const flipEvents: SixtyNineEvent[] = [];

// ---------------------------------------------------------------------------------------------
// The round

/** S5: the round's deck, the deal from the dealer's left, the opening flip, the first turn. */
function beginRound(s: SixtyNineState): void {
  const n = s.seats;
  s.round++;
  const recorded = s.setup.decks[s.round - 1];
  const deck = recorded === undefined ? drawnDeck(s.setup.dealSeed, s.round) : recorded.map(cardOfCode);
  s.decks.push(deck);
  s.pulls.push([]);
  s.deck = deck;
  s.hands = [];
  s.captured = [];
  for (let seat = 0; seat < n; seat++) {
    const k = (seat - s.dealer - 1 + 2 * n) % n;
    const hand: number[] = [];
    for (let i = 0; i < HAND_SIZE; i++) hand.push(deck[k + i * n]!);
    sortSmall(hand);
    s.hands.push(hand);
    s.captured.push([]);
  }
  s.table = [];
  s.claimant = [];
  s.claimCount = [];
  s.events = [];
  s.ender = -1;
  s.top = HAND_SIZE * n;
  // S11: the opening flip is a plain card, a Scramble included.
  const card = deck[s.top++]!;
  placeFlip(s, s.dealer, card, null);
  s.phase = Phase.Turn;
  s.toMove = (s.dealer + 1) % n;
}

function placeFlip(s: SixtyNineState, seat: Seat, card: number, from: Seat | null): void {
  s.table.push([card]);
  s.claimant.push(-1);
  s.claimCount.push(0);
  const key = (card * MAX_SEATS + seat) * (MAX_SEATS + 1) + (from === null ? 0 : from + 1);
  s.events.push((flipEvents[key] ??= Object.freeze({ type: 'flip', seat, card: CARD_CODES[card]!, from })));
}

/**
 * S7: `seat` flips the deck's top card, or with the deck empty a card pulled from its right-hand
 * seat's hand; a Scramble gives it a decision (S11); else the seat to its left moves (S6, S10).
 */
function flip(s: SixtyNineState, seat: Seat): void {
  let card: number;
  let from: Seat | null = null;
  if (s.top < s.deck.length) {
    card = s.deck[s.top++]!;
  } else {
    from = (seat - 1 + s.seats) % s.seats;
    const hand = s.hands[from]!;
    const pulls = s.pulls[s.pulls.length - 1]!;
    const recorded = s.setup.pulls[s.round - 1]?.[pulls.length];
    if (recorded !== undefined) {
      card = cardOfCode(recorded);
      if (!hand.includes(card)) throw new GameError(`setup.pulls[${s.round - 1}][${pulls.length}] records ${recorded}, which seat ${from} does not hold`);
    } else {
      card = hand[pullIndex(s.setup.pullSeed, s.round, pulls.length, hand.length)]!;
    }
    pulls.push(card);
    removeCards(hand, [card]);
    if (hand.length === 0 && s.ender < 0) s.ender = from;
  }
  placeFlip(s, seat, card, from);
  if (isScrambleCard(card)) return beginScramble(s, seat);
  endOrTurn(s, seat + 1);
}

/** The next turn goes to `next` (mod seats), unless a hand is empty: then the round ends (S13). */
function endOrTurn(s: SixtyNineState, next: number): void {
  if (s.ender >= 0) return endRound(s);
  s.phase = Phase.Turn;
  s.toMove = next % s.seats;
}

/** Removes the cards at the positions of `mask` from `hand`, and returns them in hand order. */
function takeFromHand(hand: number[], mask: number): readonly number[] {
  if (mask === 0) return NO_HAND_CARDS; // an addition of nothing, the most common move (S8)
  const cards: number[] = [];
  let kept = 0;
  for (let i = 0; i < hand.length; i++) {
    if (mask & (1 << i)) cards.push(hand[i]!);
    else hand[kept++] = hand[i]!;
  }
  truncate(hand, kept);
  return cards;
}

function removeCards(hand: number[], cards: readonly number[]): void {
  let kept = 0;
  for (let i = 0; i < hand.length; i++) if (!cards.includes(hand[i]!)) hand[kept++] = hand[i]!;
  truncate(hand, kept);
}

/**
 * The codes for the event of a play or addition of `cards` whose action lists `actionCodes`: the
 * list of a one- or two-card action is a shared frozen one (oneCardAction, twoCardCodes), so the
 * event can share it too.
 */
const eventCodes = (cards: readonly number[], actionCodes: readonly string[]): readonly string[] => (cards.length <= 2 ? actionCodes : codesOf(cards));

/** S6: cards (already taken from the hand) into an incomplete set; a Scramble acts first (S11); 3+ cards open a steal sequence (S8). */
function play(s: SixtyNineState, seat: Seat, set: number, cards: readonly number[], actionCodes: readonly string[]): void {
  const hand = s.hands[seat]!;
  const target = s.table[set]!;
  for (const card of cards) target.push(card);
  sortSmall(target);
  event(s, { type: 'play', seat, set, cards: eventCodes(cards, actionCodes) });
  if (hand.length === 0 && s.ender < 0) s.ender = seat;
  if (cards.some(isScrambleCard)) return beginScramble(s, seat);
  if (target.length < COMPLETE_SIZE) return endOrTurn(s, seat + 1);
  s.claimant[set] = seat;
  s.claimCount[set] = cards.length;
  s.lastCapturer = -1;
  // S8: a set played straight to six cards is taken at once, with no chances.
  if (target.length === MAX_SET_SIZE) {
    capture(s, set);
    return afterSequence(s);
  }
  beginSequence(s, seat + 1);
}

// ---------------------------------------------------------------------------------------------
// Scramble (S11, S12)

function beginScramble(s: SixtyNineState, seat: Seat): void {
  s.phase = Phase.Scramble;
  s.scrambleSeat = seat;
  s.toMove = seat;
}

/** S12, S18: the table's cards, unplaced; the first set starts with the lowest. */
function beginForming(s: SixtyNineState): void {
  s.before = s.table.map((set) => set.slice());
  const cards: number[] = [];
  for (const set of s.table) for (const card of set) cards.push(card);
  cards.sort((a, b) => a - b);
  s.forming = [cards.shift()!];
  s.unplaced = cards;
  s.formed = [];
  s.sameSoFar = true;
  s.phase = Phase.Form;
}

function take(s: SixtyNineState, card: number): void {
  s.forming.push(card);
  removeAt(s.unplaced, s.unplaced.indexOf(card));
}

function closeSet(s: SixtyNineState): void {
  const set = s.forming;
  s.formed.push(set);
  if (s.sameSoFar) s.sameSoFar = sameCards(set, beforeSetOf(s, set[0]!));
  if (s.unplaced.length > 0) {
    s.forming = [s.unplaced.shift()!];
    return;
  }
  s.table = s.formed;
  s.claimant = s.table.map(() => -1);
  s.claimCount = s.table.map(() => 0);
  event(s, { type: 'rearrange', seat: s.scrambleSeat, sets: s.table.map(codesOf) });
  s.formed = [];
  s.forming = [];
  s.before = [];
  afterScramble(s);
}

/**
 * S12: every set of 3+ is claimed by the Scramble's seat with c = 1; its 6-card sets go to it at
 * once; the rest open one steal sequence from its left. With none completed, its left moves.
 */
function afterScramble(s: SixtyNineState): void {
  const seat = s.scrambleSeat;
  s.scrambleSeat = -1;
  s.lastCapturer = -1;
  let open = false;
  for (let set = 0; set < s.table.length; set++) {
    if (s.table[set]!.length < COMPLETE_SIZE) continue;
    s.claimant[set] = seat;
    s.claimCount[set] = 1;
    open = true;
  }
  if (!open) return endOrTurn(s, seat + 1);
  for (let set = 0; set < s.table.length; ) {
    if (s.table[set]!.length === MAX_SET_SIZE) capture(s, set);
    else set++;
  }
  beginSequence(s, seat + 1);
}

// ---------------------------------------------------------------------------------------------
// Steal sequences (S8, S9, S12)

/** A chance's start: before it, the seat captures what it claims. */
const CHANCE_START = -1;

function beginSequence(s: SixtyNineState, firstSeat: number): void {
  s.chanceSeat = firstSeat % s.seats;
  s.chanceFrom = CHANCE_START;
  runSequence(s);
}

function anyOpen(s: SixtyNineState): boolean {
  const claimant = s.claimant;
  for (let set = 0; set < claimant.length; set++) if (claimant[set]! >= 0) return true;
  return false;
}

/** Moves the sequence on to the next decision, or ends it. */
function runSequence(s: SixtyNineState): void {
  for (;;) {
    if (!anyOpen(s)) return afterSequence(s);
    const seat = s.chanceSeat;
    if (s.chanceFrom === CHANCE_START) {
      for (let set = 0; set < s.table.length; ) {
        if (s.claimant[set] === seat) capture(s, set);
        else set++;
      }
      s.chanceFrom = 0;
      continue;
    }
    for (let set = s.chanceFrom; set < s.table.length; set++) {
      const claimant = s.claimant[set]!;
      if (claimant >= 0 && claimant !== seat) {
        s.chanceFrom = set;
        s.phase = Phase.Steal;
        s.toMove = seat;
        return;
      }
    }
    s.chanceSeat = (seat + 1) % s.seats;
    s.chanceFrom = CHANCE_START;
  }
}

/** S8, S9: an addition (possibly none, already taken from the hand) to the set of the chance; ≥ c cards take an unlocked claim. */
function add(s: SixtyNineState, seat: Seat, cards: readonly number[], actionCodes: readonly string[]): void {
  const set = s.chanceFrom;
  const target = s.table[set]!;
  const locked = target.some(isLockCard);
  const claims = !locked && cards.length > 0 && cards.length >= s.claimCount[set]!;
  if (cards.length > 0) {
    const hand = s.hands[seat]!;
    for (const card of cards) target.push(card);
    sortSmall(target);
    if (hand.length === 0 && s.ender < 0) s.ender = seat;
  }
  if (cards.length === 0) s.events.push((nothingAddedEvents[set * MAX_SEATS + seat] ??= Object.freeze({ type: 'add', seat, set, cards: NO_CARDS, claims: false })));
  else event(s, { type: 'add', seat, set, cards: eventCodes(cards, actionCodes), claims });
  if (claims) {
    s.claimant[set] = seat;
    s.claimCount[set] = cards.length;
  }
  if (target.length === MAX_SET_SIZE) capture(s, set); // S8: six cards are taken at once
  else s.chanceFrom = set + 1;
  runSequence(s);
}

/** S10: the set's claimant takes it into its pile; the set leaves the table. */
function capture(s: SixtyNineState, set: number): void {
  const seat = s.claimant[set]!;
  const cards = s.table[set]!;
  event(s, { type: 'capture', seat, set, cards: codesOf(cards) });
  const pile = s.captured[seat]!;
  for (const card of cards) pile.push(card);
  sortSmall(pile); // sorted but for the few cards just added: an insertion sort is cheapest
  removeAt(s.table, set);
  removeAt(s.claimant, set);
  removeAt(s.claimCount, set);
  s.lastCapturer = seat;
}

/** S10, S12, S13: the last capturer flips and its left moves, unless a hand is empty. */
function afterSequence(s: SixtyNineState): void {
  if (s.ender >= 0) return endRound(s);
  flip(s, s.lastCapturer);
}

// ---------------------------------------------------------------------------------------------
// Scoring and the end (S14–S16)

export interface ScoreBreakdown {
  readonly cards: number;
  readonly sixNines: number;
  readonly specials: number;
  readonly suits: number;
  readonly values: number;
  readonly inHand: number;
  /** max(0, the sum). */
  readonly score: number;
}

/** S14: a seat's round score from its captured cards (ids) and the number of cards left in its hand. */
export function roundScore(captured: readonly number[], inHand: number): ScoreBreakdown {
  // Literals rather than `new Array(n).fill(0)`: packed small-integer arrays, the fastest to count in.
  const values = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0];
  const suits = [0, 0, 0, 0, 0, 0];
  const specials = [0, 0, 0];
  for (const card of captured) {
    if (card >= WILD_BASE) specials[((card - WILD_BASE) / 3) | 0]!++;
    else {
      values[card % 10]!++;
      suits[(card / 10) | 0]!++;
    }
  }
  const pairs69 = Math.floor((values[6]! + values[9]!) / 2);
  const sixNines = 2 * pairs69;
  const special = 3 * Math.min(specials[0]!, specials[1]!, specials[2]!);
  const suit = 6 * Math.min(suits[0]!, suits[1]!, suits[2]!, suits[3]!, suits[4]!, suits[5]!);
  const run = 10 * Math.min(values[0]!, values[1]!, values[2]!, values[3]!, values[4]!, values[5]!, values[7]!, values[8]!, pairs69);
  const sum = captured.length + sixNines + special + suit + run - inHand;
  return { cards: captured.length, sixNines, specials: special, suits: suit, values: run, inHand, score: Math.max(0, sum) };
}

/** S13–S16: the round's scores and totals, then the end check or the next round. */
function endRound(s: SixtyNineState): void {
  const n = s.seats;
  const scores = s.captured.map((pile, seat) => roundScore(pile, s.hands[seat]!.length).score);
  for (let seat = 0; seat < n; seat++) s.totals[seat]! += scores[seat]!;
  const recorded = s.setup.totals[s.round - 1];
  if (recorded !== undefined && recorded.some((total, seat) => total !== s.totals[seat])) {
    throw new GameError(`setup.totals[${s.round - 1}] records ${JSON.stringify(recorded)} after round ${s.round}, the play gives ${JSON.stringify(s.totals)}`);
  }
  const record: RoundRecord = {
    round: s.round,
    dealer: s.dealer,
    events: s.events,
    ender: s.ender,
    hands: s.hands.map(codesOf),
    captured: s.captured.map(codesOf),
    scores,
    totals: s.totals.slice(),
  };
  s.past.push(Object.freeze(record));
  s.phase = Phase.Turn;
  if (s.totals.some((total) => total >= TARGET_POINTS)) return gameOver(s, 'reached-69');
  if (s.round >= MAX_ROUNDS) return gameOver(s, 'round-cap');
  s.dealer = (s.ender + 1) % n;
  beginRound(s);
}

function gameOver(s: SixtyNineState, reason: string): void {
  s.phase = Phase.Over;
  s.toMove = -1;
  s.endReason = reason;
}

/** S15, S16: every seat at 69 or more; with none (the cap), the seats with the top total. */
export function winnersOf(s: SixtyNineState): number[] {
  const reached = s.totals.flatMap((total, seat) => (total >= TARGET_POINTS ? [seat] : []));
  if (reached.length > 0) return reached;
  const top = Math.max(...s.totals);
  return s.totals.flatMap((total, seat) => (total === top ? [seat] : []));
}

function placedResult(s: SixtyNineState, reason: string, last: number | null): GameResult {
  const ranks = competitionRanks(s.totals, last);
  return { winner: ranks.indexOf(1), points: s.totals.slice(), reason, ranks };
}

/** S15: placing by total, equal totals sharing a place. */
export function result(s: SixtyNineState): GameResult | null {
  return s.phase === Phase.Over ? placedResult(s, s.endReason, null) : null;
}

/** S19: the forfeiting seat last, the others by their totals; the round in progress is not scored. */
export function forfeitResult(s: SixtyNineState, seat: Seat): GameResult {
  return placedResult(s, 'forfeit', seat);
}
