/**
 * The XIX game state and its setup. The state is mutable and made of numbers and small arrays of
 * numbers only, so `clone` is cheap and states compare with structural equality.
 */
import { GameError, type Seat } from '../../game.ts';
import { createRandom, shuffled } from '../../random.ts';
import { ALL_CARDS, CARD_COUNT, HAND_SIZE, ROW_SIZE, cardsOf, isCard, setOf, type Card, type CardSet } from './cards.ts';

/** The explicit initial deal (R1: the first leader is part of it). */
export interface XixSetup {
  readonly hands: readonly [readonly Card[], readonly Card[]];
  /** The strike row, slot 0 to 4, all face down. */
  readonly strikeRow: readonly Card[];
  /** The card set aside unseen for the whole game. */
  readonly discard: Card;
  readonly firstLeader: XixSeat;
}

export const Phase = { Play: 0, Strike: 1, Draft: 2, Trade: 3, Over: 4 } as const;
export type Phase = (typeof Phase)[keyof typeof Phase];
export const PHASE_NAMES = ['play', 'strike', 'draft', 'trade', 'over'] as const;
export type PhaseName = (typeof PHASE_NAMES)[number];

/** A XIX seat: the tuples of the state are indexed by it. */
export type XixSeat = 0 | 1;

export interface XixState {
  readonly setup: XixSetup;
  phase: Phase;
  /** Seat to decide, -1 when over. */
  toMove: number;
  /** Per seat: the closed (secret) and open (face-up) hands. */
  closed: [CardSet, CardSet];
  open: [CardSet, CardSet];
  /** Card in each strike-row slot, and which slots are face up (bit per slot). */
  row: number[];
  rowFaceUp: number;
  /**
   * Per seat: the hidden cards (opponent's closed hand, face-down slots) whose place the seat
   * knows because it put them there or followed them (R11, R11a). Own hands are always known.
   */
  known: [CardSet, CardSet];
  /** Cards played so far in this exchange: the draft pool (R8). */
  pool: CardSet;
  /** Card led in the current trick, 0 when no card is led. */
  led: Card;
  leader: XixSeat;
  /** Strikes received this exchange, per seat (= tricks lost). */
  strikes: [number, number];
  /** 1-based exchange and trick (within the exchange) counters. */
  exchange: number;
  trick: number;
  /** Winner and loser of the exchange just ended (draft and trade phases). */
  exchangeWinner: XixSeat;
  points: [number, number];
  winner: Seat;
  endReason: '' | 'exactly-19' | 'reached-19';
  /** Every event, encoded as a number (see log.ts): the source of histories and replays. */
  log: number[];
}

export function parseSetup(value: unknown): XixSetup {
  if (typeof value !== 'object' || value === null) throw new GameError('a XIX setup must be an object');
  const v = value as Record<string, unknown>;
  const hands = v.hands;
  if (!Array.isArray(hands) || hands.length !== 2) throw new GameError('setup.hands must hold two hands');
  const cardList = (list: unknown, size: number, what: string): Card[] => {
    if (!Array.isArray(list) || list.length !== size || !list.every(isCard)) {
      throw new GameError(`${what} must be ${size} cards from 1 to ${CARD_COUNT}`);
    }
    return list.slice();
  };
  const hand0 = cardList(hands[0], HAND_SIZE, 'setup.hands[0]');
  const hand1 = cardList(hands[1], HAND_SIZE, 'setup.hands[1]');
  const strikeRow = cardList(v.strikeRow, ROW_SIZE, 'setup.strikeRow');
  if (!isCard(v.discard)) throw new GameError(`setup.discard must be a card from 1 to ${CARD_COUNT}`);
  if (v.firstLeader !== 0 && v.firstLeader !== 1) throw new GameError('setup.firstLeader must be 0 or 1');
  const all = [...hand0, ...hand1, ...strikeRow, v.discard];
  if (setOf(all) !== ALL_CARDS) throw new GameError('a setup must use each card from 1 to 18 exactly once');
  return { hands: [hand0, hand1], strikeRow, discard: v.discard, firstLeader: v.firstLeader };
}

const DECK: readonly Card[] = Array.from({ length: CARD_COUNT }, (_, i) => i + 1);

/** R1: shuffle and deal from the seed; the first leader is drawn from it too. */
export function randomSetup(seed: number, seatCount = 2): XixSetup {
  if (seatCount !== 2) throw new GameError(`XIX is for exactly 2 seats, not ${seatCount}`);
  const random = createRandom(seed);
  const deck = shuffled(DECK, random);
  return {
    hands: [cardsOf(setOf(deck.slice(0, 6))), cardsOf(setOf(deck.slice(6, 12)))],
    strikeRow: deck.slice(12, 17),
    discard: deck[17]!,
    firstLeader: random.int(2) as XixSeat,
  };
}

export function startState(setup: XixSetup): XixState {
  return {
    setup,
    phase: Phase.Play,
    toMove: setup.firstLeader,
    closed: [setOf(setup.hands[0]), setOf(setup.hands[1])],
    open: [0, 0],
    row: setup.strikeRow.slice(),
    rowFaceUp: 0,
    known: [0, 0],
    pool: 0,
    led: 0,
    leader: setup.firstLeader,
    strikes: [0, 0],
    exchange: 1,
    trick: 1,
    exchangeWinner: 0,
    points: [0, 0],
    winner: -1,
    endReason: '',
    log: [],
  };
}

export function cloneState(s: XixState): XixState {
  return {
    setup: s.setup,
    phase: s.phase,
    toMove: s.toMove,
    closed: [s.closed[0], s.closed[1]],
    open: [s.open[0], s.open[1]],
    row: s.row.slice(),
    rowFaceUp: s.rowFaceUp,
    known: [s.known[0], s.known[1]],
    pool: s.pool,
    led: s.led,
    leader: s.leader,
    strikes: [s.strikes[0], s.strikes[1]],
    exchange: s.exchange,
    trick: s.trick,
    exchangeWinner: s.exchangeWinner,
    points: [s.points[0], s.points[1]],
    winner: s.winner,
    endReason: s.endReason,
    log: s.log.slice(),
  };
}
