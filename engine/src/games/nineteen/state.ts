/**
 * The Nineteen setup (options, first dealer, the deck of every hand) and the mutable game state.
 * The state holds numbers and short arrays of numbers, plus the finished hands as frozen records,
 * so `clone` is cheap (records are shared, never changed).
 */
import { GameError, type Seat } from '../../game.ts';
import { createRandom, shuffled } from '../../random.ts';
import { CARD_CODES, DECK_SIZE, MAX_HANDS, MAX_SEATS, MIN_SEATS, cardOfCode, type CardCode } from './cards.ts';
import type { HandRecord, OwnHandRecord } from './views.ts';

export interface NineteenSetup {
  /** N1: 2 to 6 seats. */
  readonly seats: number;
  /** N19, N20: the rule options, fixed for the game. */
  readonly shortSuit: boolean;
  readonly reneging: boolean;
  /** N2: the dealer of hand 1. */
  readonly firstDealer: Seat;
  /**
   * N3: hand h's deck, when `decks` does not record it, is drawn from `dealSeed + h` alone, so a
   * deal's decks depend only on the deal, never on the play (every seat rotation sees the same cards).
   */
  readonly dealSeed: number;
  /**
   * N3, §5: the deck order of each hand, hand 1 first, index 0 the top card, as far as recorded. A
   * setup from `randomSetup` records none; `setupOf` a played state records every hand dealt, so
   * any engine re-simulates the game from the setup alone.
   */
  readonly decks: readonly (readonly CardCode[])[];
  /**
   * §5: the scores by side after each finished hand, as far as recorded. `setupOf` records them
   * all; a game started from a setup that records them checks each hand's end against them.
   */
  readonly scores: readonly (readonly number[])[];
}

/**
 * A hand as the rules played it, from the hand's own arrays: a finished hand's are never changed
 * again, so keeping them costs nothing; views turn them into records when asked. The hand in play
 * has one too (`currentHand` in views.ts), read from the state.
 */
export interface HandData {
  readonly hand: number;
  readonly dealer: Seat;
  /** In bidding order from the dealer's left, 0 for a pass. */
  readonly bids: readonly number[];
  /** -1 until bidding ends. */
  readonly bidder: number;
  readonly bid: number;
  readonly bagged: boolean;
  /** -1 until called. */
  readonly trump: number;
  readonly dealt: readonly (readonly number[])[];
  readonly kitty: readonly number[];
  readonly discarded: readonly (readonly number[] | null)[];
  readonly received: readonly (readonly number[] | null)[];
  readonly flipSeats: readonly number[];
  readonly flipCards: readonly number[];
  readonly played: readonly number[];
  readonly leaders: readonly number[];
  readonly winners: readonly number[];
  /** Once over: the 1-based bonus trick (N12), and by side the points taken and the scores after. */
  readonly bonusTrick: number | null;
  readonly points: readonly number[] | null;
  readonly scores: readonly number[] | null;
}

export const Phase = { Bid: 0, Trump: 1, Discard: 2, Play: 3, Over: 4 } as const;
export type Phase = (typeof Phase)[keyof typeof Phase];
export const PHASE_NAMES = ['bid', 'trump', 'discard', 'play', 'over'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

export interface NineteenState {
  readonly setup: NineteenSetup;
  readonly seats: number;
  /** N1: each seat's side: seat mod 2 with 4 or 6 seats, else the seat itself. */
  readonly sideOf: readonly number[];
  readonly sideCount: number;
  /** N6: the fewest cards a seat keeps when it discards. */
  readonly minKeep: number;
  readonly shortSuit: boolean;
  readonly reneging: boolean;
  /**
   * This hand's deck. Earlier hands' are not kept (a game holds up to 100): `deckOf` makes any
   * hand's again from the setup.
   */
  deck: number[];
  /** Index in this hand's deck of the next stock card. */
  top: number;
  /** 1-based number of the hand being played. */
  hand: number;
  dealer: Seat;
  phase: Phase;
  /** The seat to decide, -1 when the game is over. */
  toMove: number;
  /** By seat, the cards held, sorted. */
  cards: number[][];
  /** By seat, the five cards dealt this hand, sorted. */
  dealt: number[][];
  /** This hand's kitty (N3), as dealt. */
  kitty: number[];
  /** N4: this hand's bids in bidding order from the dealer's left, 0 for a pass. */
  bids: number[];
  highBid: number;
  /** The bidder, -1 until bidding ends. */
  bidder: number;
  bagged: boolean;
  /** The trump suit, -1 until called. */
  trump: number;
  /** By seat, the cards it threw this hand (N6), null until it has discarded. */
  discarded: (number[] | null)[];
  /** By seat, the cards replenished this hand (N7), null before. */
  received: (number[] | null)[];
  /** N7: this hand's face-up cards and the seats that hold them, as dealt. */
  flipSeats: number[];
  flipCards: number[];
  /** Cards played this hand, in order: trick t holds entries (t−1)·seats to t·seats − 1. */
  played: number[];
  /** By trick of this hand: its leader, and its winner once complete. */
  leaders: number[];
  winners: number[];
  /**
   * In a trick, the cards the seat to move may play (N10, N19, N20), in hand order: the first
   * `legalCount` entries (the array is reused). Worked out once a decision (rules.ts `settle`), then
   * read by the forced-move check, `legalActions` and `apply`.
   */
  legal: number[];
  legalCount: number;
  /** The card that takes the trick in play so far (N11), as a sort key, and its seat. */
  bestKey: number;
  bestSeat: Seat;
  /** By side. */
  scores: number[];
  /** N15. */
  suddenDeath: boolean;
  /** Every finished hand, oldest first. */
  past: HandData[];
  /**
   * The finished hands as views show them, made when a view first asks (views.ts): the public
   * records, and by seat what only that seat knows of each. Frozen, shared by every later view.
   */
  records: HandRecord[];
  own: OwnHandRecord[][];
  /** N22: every move the engine made for a seat with one legal action, as `forcedCode` numbers. */
  forced: number[];
  /** Once over: the winning sides, and why the game ended. */
  winningSides: number[];
  endReason: string;
}

/** N22: a forced move as a number: the hand, the 1-based trick (0 for a pass) and the seat. */
export const forcedCode = (hand: number, trick: number, seat: Seat): number => (hand << 6) | (trick << 3) | seat;

export const isPartnership = (seats: number): boolean => seats === 4 || seats === 6;
/** N6: keep at least 2 cards with 6 seats, 1 with 5, none otherwise. */
export const minKeepFor = (seats: number): number => (seats === 6 ? 2 : seats === 5 ? 1 : 0);

const DECK: readonly number[] = Array.from({ length: DECK_SIZE }, (_, card) => card);

/** N3, §5: hand `hand`'s deck (1-based): as the setup records it, or from the deal's seed and the hand number alone. */
export function deckOf(setup: NineteenSetup, hand: number): number[] {
  const recorded = setup.decks[hand - 1];
  return recorded === undefined ? shuffled(DECK, createRandom(setup.dealSeed + hand)) : recorded.map(cardOfCode);
}

/** The decks of hands 1 to `hands`, as codes. */
export function deckCodes(setup: NineteenSetup, hands: number): CardCode[][] {
  const decks: CardCode[][] = [];
  for (let hand = 1; hand <= hands; hand++) decks.push(setup.decks[hand - 1]?.slice() ?? deckOf(setup, hand).map((card) => CARD_CODES[card]!));
  return decks;
}

/** N2, N3: the first dealer and the seed of every hand's deck, from the game seed. */
export function randomSetup(seed: number, seatCount: number, shortSuit = false, reneging = false): NineteenSetup {
  checkSeats(seatCount);
  const random = createRandom(seed);
  const firstDealer = random.int(seatCount);
  const dealSeed = random.int(0x1_0000_0000);
  return { seats: seatCount, shortSuit, reneging, firstDealer, dealSeed, decks: [], scores: [] };
}

export function parseSetup(value: unknown): NineteenSetup {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GameError('a Nineteen setup must be an object');
  const v = value as Record<string, unknown>;
  checkSeats(v.seats);
  const seats = v.seats as number;
  if (typeof v.shortSuit !== 'boolean') throw new GameError('setup.shortSuit must be true or false');
  if (typeof v.reneging !== 'boolean') throw new GameError('setup.reneging must be true or false');
  if (!isSeatOf(v.firstDealer, seats)) throw new GameError(`setup.firstDealer must be a seat from 0 to ${seats - 1}`);
  if (typeof v.dealSeed !== 'number' || !Number.isSafeInteger(v.dealSeed) || v.dealSeed < 0 || v.dealSeed > 0xffff_ffff) throw new GameError('setup.dealSeed must be an integer from 0 to 2^32 − 1');
  if (!Array.isArray(v.decks) || v.decks.length > MAX_HANDS) throw new GameError(`setup.decks must be a list of at most ${MAX_HANDS} decks`);
  const decks = v.decks.map((deck: unknown, i: number) => {
    if (!Array.isArray(deck) || deck.length !== DECK_SIZE) throw new GameError(`setup.decks[${i}] must list the ${DECK_SIZE} cards of a deck`);
    const seen = new Set<number>();
    for (const code of deck) {
      const card = cardOfCode(code);
      if (card < 0) throw new GameError(`setup.decks[${i}]: ${JSON.stringify(code)} is not a card code`);
      if (seen.has(card)) throw new GameError(`setup.decks[${i}]: ${code as string} appears twice`);
      seen.add(card);
    }
    return deck.slice() as CardCode[];
  });
  const sideCount = isPartnership(seats) ? 2 : seats;
  if (!Array.isArray(v.scores) || v.scores.length > MAX_HANDS) throw new GameError(`setup.scores must be a list of at most ${MAX_HANDS} score lists`);
  const scores = v.scores.map((list: unknown, i: number) => {
    if (!Array.isArray(list) || list.length !== sideCount || !list.every((x) => Number.isSafeInteger(x))) throw new GameError(`setup.scores[${i}] must list ${sideCount} whole numbers, a score by side`);
    return list.slice() as number[];
  });
  if (scores.length > decks.length) throw new GameError('setup.scores records more hands than setup.decks');
  return { seats, shortSuit: v.shortSuit, reneging: v.reneging, firstDealer: v.firstDealer as Seat, dealSeed: v.dealSeed, decks, scores };
}

function checkSeats(seats: unknown): void {
  if (typeof seats !== 'number' || !Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) {
    throw new GameError(`setup.seats: Nineteen is for ${MIN_SEATS} to ${MAX_SEATS} seats, not ${String(seats)}`);
  }
}

const isSeatOf = (value: unknown, seats: number): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < seats;

/** The bare state before the first deal; the rules deal hand 1 (see `startState` in rules.ts). */
export function emptyState(setup: NineteenSetup): NineteenState {
  const n = setup.seats;
  const partnership = isPartnership(n);
  const sideCount = partnership ? 2 : n;
  return {
    setup,
    seats: n,
    sideOf: Array.from({ length: n }, (_, seat) => (partnership ? seat % 2 : seat)),
    sideCount,
    minKeep: minKeepFor(n),
    shortSuit: setup.shortSuit,
    reneging: setup.reneging,
    deck: [],
    top: 0,
    hand: 0,
    dealer: setup.firstDealer,
    phase: Phase.Bid,
    toMove: -1,
    cards: Array.from({ length: n }, () => []),
    dealt: Array.from({ length: n }, () => []),
    kitty: [],
    bids: [],
    highBid: 0,
    bidder: -1,
    bagged: false,
    trump: -1,
    discarded: new Array<number[] | null>(n).fill(null),
    received: new Array<number[] | null>(n).fill(null),
    flipSeats: [],
    flipCards: [],
    played: [],
    leaders: [],
    winners: [],
    legal: [],
    legalCount: 0,
    bestKey: -1,
    bestSeat: -1,
    scores: new Array<number>(sideCount).fill(0),
    suddenDeath: false,
    past: [],
    records: [],
    own: Array.from({ length: n }, () => []),
    forced: [],
    winningSides: [],
    endReason: '',
  };
}

const copyOrNull = (list: number[] | null): number[] | null => (list === null ? null : list.slice());

export function cloneState(s: NineteenState): NineteenState {
  return {
    ...s,
    cards: s.cards.map((hand) => hand.slice()),
    dealt: s.dealt.map((hand) => hand.slice()),
    kitty: s.kitty.slice(),
    bids: s.bids.slice(),
    discarded: s.discarded.map(copyOrNull),
    received: s.received.map(copyOrNull),
    flipSeats: s.flipSeats.slice(),
    flipCards: s.flipCards.slice(),
    played: s.played.slice(),
    leaders: s.leaders.slice(),
    winners: s.winners.slice(),
    legal: s.legal.slice(),
    scores: s.scores.slice(),
    past: s.past.slice(),
    records: s.records.slice(),
    own: s.own.map((records) => records.slice()),
    forced: s.forced.slice(),
    winningSides: s.winningSides.slice(),
  };
}

/**
 * §5: the setup that re-simulates the game so far from itself alone: every hand's deck and the
 * scores after every finished hand recorded, the rest as the game started.
 */
export function setupOf(s: NineteenState): NineteenSetup {
  return {
    ...s.setup,
    decks: deckCodes(s.setup, s.hand),
    scores: s.past.map((hand) => hand.scores!.slice()),
  };
}
