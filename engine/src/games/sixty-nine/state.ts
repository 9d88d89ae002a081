/**
 * The 69 setup (first dealer, deal and pull seeds, and what a played game recorded: every round's
 * deck, every pulled card, the totals after every round, §5) and the mutable game state.
 */
import { GameError, type Seat } from '../../game.ts';
import { createRandom, shuffled } from '../../random.ts';
import { CARD_CODES, DECK_SIZE, MAX_ROUNDS, MAX_SEATS, MIN_SEATS, cardOfCode, type CardCode } from './cards.ts';
import type { SixtyNineAction } from './actions.ts';
import type { RoundRecord, SixtyNineEvent } from './views.ts';

export interface SixtyNineSetup {
  /** S1: 2 to 6 seats. */
  readonly seats: number;
  /** S5: the dealer of round 1. */
  readonly firstDealer: Seat;
  /**
   * S5: round r's deck, when `decks` does not record it, is drawn from `dealSeed + r` alone, so a
   * deal's decks depend only on the deal, never on the play (every seat rotation sees the same cards).
   */
  readonly dealSeed: number;
  /** S7: the seed of the pulls' own random stream (`pullIndex`). */
  readonly pullSeed: number;
  /** §5: each round's deck order, round 1 first, index 0 the top card, as far as recorded. */
  readonly decks: readonly (readonly CardCode[])[];
  /** §5: each round's pulled cards in order, as far as recorded (a round without pulls: []). */
  readonly pulls: readonly (readonly CardCode[])[];
  /** §5: the totals by seat after each finished round, as far as recorded; checked on replay. */
  readonly totals: readonly (readonly number[])[];
}

export const Phase = { Turn: 0, Scramble: 1, Form: 2, Steal: 3, Over: 4 } as const;
export type Phase = (typeof Phase)[keyof typeof Phase];
export const PHASE_NAMES = ['turn', 'scramble', 'form', 'steal', 'over'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

/** S18: a move the engine made for a seat that had one legal action. */
export interface ForcedRecord {
  readonly round: number;
  readonly seat: Seat;
  readonly action: SixtyNineAction;
  /** The index, in its round's events, of the event the move made (a `take` or `close`: the next one). */
  readonly event: number;
}

export interface SixtyNineState {
  readonly setup: SixtyNineSetup;
  readonly seats: number;
  /** 1-based. */
  round: number;
  dealer: Seat;
  phase: Phase;
  /** The seat to decide, -1 when the game is over. */
  toMove: number;
  /** Every round's deck so far (card ids), and this round's (the last). */
  decks: number[][];
  deck: number[];
  /** Index in `deck` of the next card to flip. */
  top: number;
  /** Every round's pulls so far, this round's last. */
  pulls: number[][];
  /** By seat, the cards held, sorted. */
  hands: number[][];
  /** S4: the table sets in order, each sorted. */
  table: number[][];
  /** By table set: the claimant of an open (3+) set, else -1; and its claim count c (S8). */
  claimant: number[];
  claimCount: number[];
  /** By seat, this round's captured cards, sorted. */
  captured: number[][];
  /** S13: the seat whose hand emptied first this round, else -1. */
  ender: number;
  /** The steal sequence (S8, S12): whose chance it is and the table position its next decision looks from. */
  chanceSeat: number;
  chanceFrom: number;
  /** The last seat to capture in the sequence (S10, S12). */
  lastCapturer: number;
  /** S11, S12: the seat using a Scramble, and while it forms the table: the sets formed, the set being formed, the cards not placed (sorted). */
  scrambleSeat: number;
  formed: number[][];
  forming: number[];
  unplaced: number[];
  /** While forming: every set formed so far is a set of the table before the Scramble (S18: a rearrangement must differ). */
  sameSoFar: boolean;
  /** The table before the Scramble acted, while it forms. */
  before: number[][];
  /** Totals by seat (S15). */
  totals: number[];
  /** This round's public events; every finished round's record. */
  events: SixtyNineEvent[];
  past: RoundRecord[];
  /** S18: every forced move. */
  forced: ForcedRecord[];
  /** Once over: why (`reached-69`, `round-cap`). */
  endReason: string;
  /** Counts the decisions applied: the rules cache a state's legal actions by it. */
  stamp: number;
}

const DECK: readonly number[] = Array.from({ length: DECK_SIZE }, (_, card) => card);

/** S5: round `round`'s deck when the setup does not record it, from the deal's seed and the round alone. */
export const drawnDeck = (dealSeed: number, round: number): number[] => shuffled(DECK, createRandom(dealSeed + round));

/**
 * S7: which card of a hand of `size` the `index`-th pull (0-based) of round `round` takes: a stream
 * of its own, from the pull seed, the round and the pull's number alone, so that the deal's cards
 * never depend on how many pulls a game made.
 */
export const pullIndex = (pullSeed: number, round: number, index: number, size: number): number => createRandom(pullSeed + round * 128 + index).int(size);

export function randomSetup(seed: number, seatCount: number): SixtyNineSetup {
  checkSeats(seatCount);
  const random = createRandom(seed);
  const firstDealer = random.int(seatCount);
  const dealSeed = random.int(0x1_0000_0000);
  const pullSeed = random.int(0x1_0000_0000);
  return { seats: seatCount, firstDealer, dealSeed, pullSeed, decks: [], pulls: [], totals: [] };
}

const isSeed = (value: unknown): boolean => typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 && value <= 0xffff_ffff;

function checkCardList(list: unknown, what: string): CardCode[] {
  if (!Array.isArray(list)) throw new GameError(`${what} must be a list of card codes`);
  const seen = new Set<number>();
  for (const code of list) {
    const card = cardOfCode(code);
    if (card < 0) throw new GameError(`${what}: ${JSON.stringify(code)} is not a card code`);
    if (seen.has(card)) throw new GameError(`${what}: ${code as string} appears twice`);
    seen.add(card);
  }
  return list.slice() as CardCode[];
}

export function parseSetup(value: unknown): SixtyNineSetup {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GameError('a 69 setup must be an object');
  const v = value as Record<string, unknown>;
  checkSeats(v.seats);
  const seats = v.seats as number;
  if (typeof v.firstDealer !== 'number' || !Number.isInteger(v.firstDealer) || v.firstDealer < 0 || v.firstDealer >= seats) throw new GameError(`setup.firstDealer must be a seat from 0 to ${seats - 1}`);
  if (!isSeed(v.dealSeed)) throw new GameError('setup.dealSeed must be an integer from 0 to 2^32 − 1');
  if (!isSeed(v.pullSeed)) throw new GameError('setup.pullSeed must be an integer from 0 to 2^32 − 1');
  if (!Array.isArray(v.decks) || v.decks.length > MAX_ROUNDS) throw new GameError(`setup.decks must be a list of at most ${MAX_ROUNDS} decks`);
  const decks = v.decks.map((deck: unknown, i: number) => {
    const cards = checkCardList(deck, `setup.decks[${i}]`);
    if (cards.length !== DECK_SIZE) throw new GameError(`setup.decks[${i}] must list the ${DECK_SIZE} cards of the deck`);
    return cards;
  });
  if (!Array.isArray(v.pulls) || v.pulls.length > MAX_ROUNDS) throw new GameError(`setup.pulls must be a list of at most ${MAX_ROUNDS} lists of pulled cards`);
  const pulls = v.pulls.map((list: unknown, i: number) => checkCardList(list, `setup.pulls[${i}]`));
  if (!Array.isArray(v.totals) || v.totals.length > MAX_ROUNDS) throw new GameError(`setup.totals must be a list of at most ${MAX_ROUNDS} total lists`);
  const totals = v.totals.map((list: unknown, i: number) => {
    if (!Array.isArray(list) || list.length !== seats || !list.every((x) => Number.isSafeInteger(x) && (x as number) >= 0)) throw new GameError(`setup.totals[${i}] must list ${seats} whole numbers, a total by seat`);
    return list.slice() as number[];
  });
  if (totals.length > decks.length || pulls.length > decks.length) throw new GameError('setup.totals and setup.pulls record at most as many rounds as setup.decks');
  return { seats, firstDealer: v.firstDealer, dealSeed: v.dealSeed as number, pullSeed: v.pullSeed as number, decks, pulls, totals };
}

function checkSeats(seats: unknown): void {
  if (typeof seats !== 'number' || !Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) {
    throw new GameError(`setup.seats: 69 is for ${MIN_SEATS} to ${MAX_SEATS} seats, not ${String(seats)}`);
  }
}

/** The bare state before the first deal; the rules deal round 1 (`startState` in rules.ts). */
export function emptyState(setup: SixtyNineSetup): SixtyNineState {
  const n = setup.seats;
  return {
    setup,
    seats: n,
    round: 0,
    dealer: setup.firstDealer,
    phase: Phase.Turn,
    toMove: -1,
    decks: [],
    deck: [],
    top: 0,
    pulls: [],
    hands: Array.from({ length: n }, () => []),
    table: [],
    claimant: [],
    claimCount: [],
    captured: Array.from({ length: n }, () => []),
    ender: -1,
    chanceSeat: -1,
    chanceFrom: 0,
    lastCapturer: -1,
    scrambleSeat: -1,
    formed: [],
    forming: [],
    unplaced: [],
    sameSoFar: false,
    before: [],
    totals: new Array<number>(n).fill(0),
    events: [],
    past: [],
    forced: [],
    endReason: '',
    stamp: 0,
  };
}

const copies = (lists: number[][]): number[][] => lists.map((list) => list.slice());

/** Events and round records are frozen once made and shared; the rest is copied. */
export function cloneState(s: SixtyNineState): SixtyNineState {
  return {
    ...s,
    decks: s.decks.slice(),
    pulls: s.pulls.map((list) => list.slice()),
    hands: copies(s.hands),
    table: copies(s.table),
    claimant: s.claimant.slice(),
    claimCount: s.claimCount.slice(),
    captured: copies(s.captured),
    formed: copies(s.formed),
    forming: s.forming.slice(),
    unplaced: s.unplaced.slice(),
    before: copies(s.before),
    totals: s.totals.slice(),
    events: s.events.slice(),
    past: s.past.slice(),
    forced: s.forced.slice(),
  };
}

/** §5: the setup that re-simulates the game so far from itself alone. */
export function setupOf(s: SixtyNineState): SixtyNineSetup {
  const codes = (cards: readonly number[]): CardCode[] => cards.map((card) => CARD_CODES[card]!);
  return {
    ...s.setup,
    decks: s.decks.map(codes),
    pulls: s.pulls.map(codes),
    totals: s.past.map((round) => round.totals.slice()),
  };
}
