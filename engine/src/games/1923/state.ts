/**
 * The 1923 setup (the shoe, the first seat, the lots of T9) and the mutable game state. The state
 * holds numbers and arrays of numbers, plus the finished rounds as frozen records, so `clone` is
 * cheap (records are shared, never changed).
 */
import { GameError, type Seat } from '../../game.ts';
import { createRandom, shuffled } from '../../random.ts';
import { CARD_CODES, DECK_SIZE, MAX_SEATS, MIN_SEATS, cardOfCode, decksFor, type CardCode } from './cards.ts';
import type { RoundRecord } from './views.ts';

export interface NineteenTwentyThreeSetup {
  readonly seats: number;
  /** T1: from 1 to ⌈seats/3⌉. */
  readonly decks: number;
  /** T1: every card of the decks once, in shoe order, index 0 on top. */
  readonly shoe: readonly CardCode[];
  /** T3: the first seat of round 1. */
  readonly firstSeat: Seat;
  /**
   * T9: the k-th lot not recorded in `lots` is drawn from `lotSeed + k` while a game is played. A
   * replay of formatVersion 2 never needs it (its `lots` are all there); one of version 1 does.
   */
  readonly lotSeed: number;
  /**
   * T9: the winning seat of every short-shoe lot, in order, as far as they are known. A setup
   * from `randomSetup` has none; `setupOf` a played state records those the game used, so the game
   * re-simulates from its setup alone, by any engine.
   */
  readonly lots: readonly Seat[];
}

/** A choice made in a draw step (T5, T16), as it shows once the step has resolved. */
export const Choice = { Hit: 1, Lock: 2, FailedHit: 3, ForcedLock: 4 } as const;
export type Choice = (typeof Choice)[keyof typeof Choice];
export const CHOICE_NAMES = ['', 'hit', 'lock', 'failed-hit', 'forced-lock'] as const;
export type ChoiceName = Exclude<(typeof CHOICE_NAMES)[number], ''>;

export interface NineteenTwentyThreeState {
  readonly setup: NineteenTwentyThreeSetup;
  readonly seats: number;
  /** The setup's shoe as card numbers; `top` is the index of the next card to draw. */
  readonly shoe: number[];
  top: number;
  round: number;
  firstSeat: Seat;
  /** 1-based draw step of the round. */
  step: number;
  /** The seat to decide, -1 when the game is over. */
  toMove: number;
  /** By seat, the cards in front of it this round in the order received: the last is the hole card (T4). */
  hands: number[][];
  /** By seat: locked this round (T5). */
  locked: boolean[];
  /** By seat: the choice made in the current step, 0 when none yet (hidden from the others: T5, T15). */
  pending: number[];
  /** By seat: the resolved choice of each step of this round. */
  choices: Choice[][];
  /** By seat: the cards won (T10). */
  piles: number[][];
  /** Finished rounds, oldest first. */
  rounds: RoundRecord[];
  /** T9: the winning seats of the lots, recorded in the setup or drawn so far; `lotsUsed` of them were used. */
  lots: Seat[];
  lotsUsed: number;
  over: boolean;
}

/** T1, T3: a random shoe of ⌈n/3⌉ decks (or `decks`) and a random first seat, from the seed. */
export function randomSetup(seed: number, seatCount: number, decks = decksFor(seatCount)): NineteenTwentyThreeSetup {
  checkSeats(seatCount);
  checkDecks(decks, seatCount);
  const random = createRandom(seed);
  const shoe = shuffled(CARD_CODES.slice(0, decks * DECK_SIZE), random);
  const firstSeat = random.int(seatCount);
  const lotSeed = random.int(0x1_0000_0000);
  return { seats: seatCount, decks, shoe, firstSeat, lotSeed, lots: [] };
}

export function parseSetup(value: unknown): NineteenTwentyThreeSetup {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new GameError('a 1923 setup must be an object');
  const v = value as Record<string, unknown>;
  checkSeats(v.seats);
  const seats = v.seats as number;
  checkDecks(v.decks, seats);
  const decks = v.decks as number;
  const shoe = v.shoe;
  if (!Array.isArray(shoe) || shoe.length !== decks * DECK_SIZE) throw new GameError(`setup.shoe must list the ${decks * DECK_SIZE} cards of ${decks} deck(s)`);
  const seen = new Set<number>();
  for (const code of shoe) {
    const card = cardOfCode(code, decks);
    if (card < 0) throw new GameError(`setup.shoe: ${JSON.stringify(code)} is not a card of ${decks} deck(s)`);
    if (seen.has(card)) throw new GameError(`setup.shoe: ${code as string} appears twice`);
    seen.add(card);
  }
  if (!isSeatOf(v.firstSeat, seats)) throw new GameError(`setup.firstSeat must be a seat from 0 to ${seats - 1}`);
  if (typeof v.lotSeed !== 'number' || !Number.isSafeInteger(v.lotSeed) || v.lotSeed < 0) throw new GameError('setup.lotSeed must be a non-negative integer');
  if (!Array.isArray(v.lots) || !v.lots.every((seat) => isSeatOf(seat, seats))) throw new GameError(`setup.lots must be a list of seats from 0 to ${seats - 1}`);
  return { seats, decks, shoe: shoe.slice() as CardCode[], firstSeat: v.firstSeat as Seat, lotSeed: v.lotSeed, lots: v.lots.slice() as Seat[] };
}

function checkSeats(seats: unknown): void {
  if (typeof seats !== 'number' || !Number.isInteger(seats) || seats < MIN_SEATS || seats > MAX_SEATS) {
    throw new GameError(`setup.seats: 1923 is for ${MIN_SEATS} to ${MAX_SEATS} seats, not ${String(seats)}`);
  }
}

function checkDecks(decks: unknown, seats: number): void {
  if (typeof decks !== 'number' || !Number.isInteger(decks) || decks < 1 || decks > decksFor(seats)) {
    throw new GameError(`setup.decks: ${seats} seats play with 1 to ${decksFor(seats)} deck(s) (T1), not ${String(decks)}`);
  }
}

const isSeatOf = (value: unknown, seats: number): boolean => typeof value === 'number' && Number.isInteger(value) && value >= 0 && value < seats;

/** The bare state before the first deal; the rules deal round 1 (see `startState` in rules.ts). */
export function emptyState(setup: NineteenTwentyThreeSetup): NineteenTwentyThreeState {
  const n = setup.seats;
  return {
    setup,
    seats: n,
    shoe: setup.shoe.map((code) => cardOfCode(code, setup.decks)),
    top: 0,
    round: 0,
    firstSeat: setup.firstSeat,
    step: 0,
    toMove: -1,
    hands: Array.from({ length: n }, () => []),
    locked: new Array<boolean>(n).fill(false),
    pending: new Array<number>(n).fill(0),
    choices: Array.from({ length: n }, () => []),
    piles: Array.from({ length: n }, () => []),
    rounds: [],
    lots: setup.lots.slice(),
    lotsUsed: 0,
    over: false,
  };
}

export function cloneState(s: NineteenTwentyThreeState): NineteenTwentyThreeState {
  return {
    setup: s.setup,
    seats: s.seats,
    shoe: s.shoe.slice(),
    top: s.top,
    round: s.round,
    firstSeat: s.firstSeat,
    step: s.step,
    toMove: s.toMove,
    hands: s.hands.map((hand) => hand.slice()),
    locked: s.locked.slice(),
    pending: s.pending.slice(),
    choices: s.choices.map((list) => list.slice()),
    piles: s.piles.map((pile) => pile.slice()),
    rounds: s.rounds.slice(),
    lots: s.lots.slice(),
    lotsUsed: s.lotsUsed,
    over: s.over,
  };
}

/**
 * T9: the setup that re-simulates the game so far from itself alone: the lots used so far, each
 * recorded (drawn ones added, recorded ones not reached left out), the rest as the game started.
 */
export function setupOf(s: NineteenTwentyThreeState): NineteenTwentyThreeSetup {
  return s.setup.lots.length === s.lotsUsed ? s.setup : { ...s.setup, lots: s.lots.slice(0, s.lotsUsed) };
}

export const shoeSize = (s: NineteenTwentyThreeState): number => s.shoe.length - s.top;
