/**
 * A XIX state from a complete position (every card's place, phase, scores...) rather than from a
 * deal, so a search can simulate from a deal it sampled. The position is checked against the
 * invariants the rules keep (R5, R6, R8, R9, R7), so an impossible position is refused with a
 * one-line GameError instead of playing on wrongly.
 *
 * The state starts with an empty history, and its `setup` is a stand-in deal (the same discard,
 * the other cards in order): a position does not say how the game got there.
 */
import { GameError } from '../../game.ts';
import { ALL_CARDS, CARD_COUNT, GAME_POINTS, HAND_SIZE, MAX_STRIKES, ROW_SIZE, cardBit, cardsOf, countCards, isCard, type Card, type CardSet } from './cards.ts';
import { PHASE_NAMES, Phase, type PhaseName, type XixSeat, type XixState } from './state.ts';

export interface XixPositionHand {
  readonly closed: readonly Card[];
  readonly open: readonly Card[];
}

export interface XixPosition {
  readonly phase: Exclude<PhaseName, 'over'>;
  readonly toMove: XixSeat;
  /** Who leads the current trick (the last trick's winner after it). */
  readonly leader: XixSeat;
  readonly hands: readonly [XixPositionHand, XixPositionHand];
  /** Slots 0 to 4. */
  readonly strikeRow: readonly { readonly card: Card; readonly faceUp: boolean }[];
  readonly discard: Card;
  /** Cards of this exchange's finished tricks (R8), or what is left of them during the draft. */
  readonly pool: readonly Card[];
  /** The card led in the current trick, null before it is led. */
  readonly led: Card | null;
  /** Strikes received this exchange per seat; they also count the tricks played (R5, R6). */
  readonly strikes: readonly [number, number];
  readonly points: readonly [number, number];
  /** The exchange's winner during its draft and trade; null (or absent) otherwise. */
  readonly exchangeWinner?: XixSeat | null;
  /** 1-based exchange number, 1 when absent. */
  readonly exchange?: number;
  /** Per seat, the hidden cards it has followed (R11); none when absent. */
  readonly known?: readonly [readonly Card[], readonly Card[]];
}

const fail = (message: string): never => {
  throw new GameError(`position: ${message}`);
};

const isSeat = (v: unknown): v is XixSeat => v === 0 || v === 1;
const isCount = (v: unknown, max: number): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= max;

function cardSet(list: unknown, what: string): CardSet {
  if (!Array.isArray(list) || !list.every(isCard)) fail(`${what} must be a list of cards from 1 to ${CARD_COUNT}`);
  let set = 0;
  for (const c of list as Card[]) {
    if (set & cardBit(c)) fail(`${what} holds card ${c} twice`);
    set |= cardBit(c);
  }
  return set;
}

function pair<T>(value: unknown, what: string, check: (v: unknown) => v is T): [T, T] {
  if (!Array.isArray(value) || value.length !== 2 || !check(value[0]) || !check(value[1])) fail(`${what} is invalid`);
  return [(value as T[])[0]!, (value as T[])[1]!];
}

/** Builds the engine state of a position; throws GameError saying what is wrong with it. */
export function positionState(value: unknown): XixState {
  if (typeof value !== 'object' || value === null) return fail('must be an object');
  const p = value as Record<string, unknown>;
  const phase = PHASE_NAMES.indexOf(p.phase as PhaseName);
  if (phase < 0 || phase === Phase.Over) fail('phase must be play, strike, draft or trade');
  if (!isSeat(p.toMove) || !isSeat(p.leader)) return fail('toMove and leader must be seats 0 or 1');
  const toMove = p.toMove;
  const leader = p.leader;
  const hands = pair(p.hands, 'hands', (h): h is Record<string, unknown> => typeof h === 'object' && h !== null);
  const closed: [CardSet, CardSet] = [cardSet(hands[0].closed, 'hands[0].closed'), cardSet(hands[1].closed, 'hands[1].closed')];
  const open: [CardSet, CardSet] = [cardSet(hands[0].open, 'hands[0].open'), cardSet(hands[1].open, 'hands[1].open')];
  const rowIn = p.strikeRow;
  if (!Array.isArray(rowIn) || rowIn.length !== ROW_SIZE) return fail(`strikeRow must hold ${ROW_SIZE} slots`);
  const row: number[] = [];
  let rowFaceUp = 0;
  rowIn.forEach((slot: unknown, i) => {
    const s = slot as { card?: unknown; faceUp?: unknown } | null;
    if (typeof s !== 'object' || s === null || !isCard(s.card) || typeof s.faceUp !== 'boolean') fail(`strikeRow[${i}] must be { card, faceUp }`);
    row.push(s!.card as Card);
    if (s!.faceUp) rowFaceUp |= 1 << i;
  });
  if (!isCard(p.discard)) return fail(`discard must be a card from 1 to ${CARD_COUNT}`);
  const pool = cardSet(p.pool, 'pool');
  const led = p.led === null ? 0 : isCard(p.led) ? p.led : fail('led must be a card or null');

  // R10: every card is in exactly one place.
  let seen = 0;
  for (const [set, what] of [
    [closed[0], 'hands'], [closed[1], 'hands'], [open[0], 'hands'], [open[1], 'hands'],
    [pool, 'pool'], [led ? cardBit(led) : 0, 'led'], [cardBit(p.discard), 'discard'],
    ...row.map((c) => [cardBit(c), 'strikeRow'] as const),
  ] as const) {
    if (seen & set) fail(`a card is in two places (seen again in ${what})`);
    seen |= set;
  }
  if (seen !== ALL_CARDS) fail('every card from 1 to 18 must be placed exactly once');

  const strikes = pair(p.strikes, 'strikes', (v): v is number => isCount(v, MAX_STRIKES));
  const points = pair(p.points, 'points', (v): v is number => isCount(v, GAME_POINTS - 1));
  if (points[0] + points[1] === GAME_POINTS) fail('points add up to 19: the game is over (R7)');
  const tricks = strikes[0] + strikes[1];
  const winnerIn = p.exchangeWinner ?? null;
  if (winnerIn !== null && !isSeat(winnerIn)) fail('exchangeWinner must be a seat or null');
  const exchange = p.exchange ?? 1;
  if (typeof exchange !== 'number' || !Number.isSafeInteger(exchange) || exchange < 1) return fail('exchange must be a positive integer');
  const handSize = (seat: XixSeat): number => countCards(closed[seat] | open[seat]);
  const expectSizes = (a: number, b: number, why: string): void => {
    if (handSize(0) !== a || handSize(1) !== b) fail(`hands must hold ${a} and ${b} cards ${why}`);
  };

  const inPlay = phase === Phase.Play || phase === Phase.Strike;
  if (inPlay && winnerIn !== null) fail('exchangeWinner is only set during the draft and the trade');
  if (!inPlay && winnerIn === null) fail('the draft and the trade need the exchangeWinner');
  if (phase !== Phase.Play && led !== 0) fail(`no card is led during the ${PHASE_NAMES[phase]}`);
  if (inPlay && (strikes[0] >= MAX_STRIKES || strikes[1] >= MAX_STRIKES)) fail('a third strike ends the exchange (R5)');
  if (inPlay && countCards(pool) !== 2 * tricks) fail('the pool must hold the two cards of each finished trick');
  if (phase === Phase.Play) {
    if (toMove !== (led ? 1 - leader : leader)) fail('the leader plays first, then the other seat (R3)');
    const led0 = led && leader === 0 ? 1 : 0;
    const led1 = led && leader === 1 ? 1 : 0;
    expectSizes(HAND_SIZE - tricks - led0, HAND_SIZE - tricks - led1, `after ${tricks} tricks`);
  } else if (phase === Phase.Strike) {
    if (strikes[toMove] === 0 || leader !== 1 - toMove) fail('only the seat that just lost a trick answers a strike (R5)');
    expectSizes(HAND_SIZE - tricks, HAND_SIZE - tricks, `after ${tricks} tricks`);
  } else {
    const winner = winnerIn as XixSeat;
    const loser = (1 - winner) as XixSeat;
    if (tricks === 0 || strikes[loser] === 0) fail('the exchange loser must have taken a strike');
    const picks = 2 * tricks - countCards(pool);
    if (picks < 0) fail('the pool holds more cards than the exchange played');
    if (phase === Phase.Draft) {
      if (pool === 0) fail('the draft needs a non-empty pool');
      if (toMove !== (picks % 2 === 0 ? loser : winner)) fail('the loser picks first, then the seats alternate (R8)');
    } else if (pool !== 0 || toMove !== loser) fail('the trade comes after the draft, by the exchange loser (R9)');
    const size = (seat: XixSeat): number => HAND_SIZE - tricks + (seat === loser ? Math.ceil(picks / 2) : Math.floor(picks / 2));
    expectSizes(size(0), size(1), `after ${tricks} tricks and ${picks} picks`);
  }

  const knownIn = p.known ?? [[], []];
  const known = pair(knownIn, 'known', Array.isArray);
  const discard = p.discard;
  const others = cardsOf(ALL_CARDS & ~cardBit(discard));
  return {
    setup: { hands: [others.slice(0, 6), others.slice(6, 12)], strikeRow: others.slice(12, 17), discard, firstLeader: leader },
    phase: phase as Phase,
    toMove,
    closed,
    open,
    row,
    rowFaceUp,
    known: [cardSet(known[0], 'known[0]'), cardSet(known[1], 'known[1]')],
    pool,
    led,
    leader,
    strikes,
    exchange,
    trick: phase === Phase.Play ? tricks + 1 : tricks,
    exchangeWinner: (winnerIn ?? 0) as XixSeat,
    points,
    winner: -1,
    endReason: '',
    log: [],
  };
}
