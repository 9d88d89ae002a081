/**
 * The rules of XIX (`shared/seeds/xix-rules.md`) with the rulings R1–R11: legal actions and how
 * each action changes the state.
 */
import { IllegalActionError, type ActionCheck, type GameResult, type Seat } from '../../game.ts';
import {
  ABANDON_ID,
  ACTIONS,
  PICK_BASE,
  PLAY_BASE,
  RAISE_ID,
  TRADE_BASE,
  actionAt,
  canonicalId,
  parseAction,
  pickId,
  playId,
  type XixAction,
} from './actions.ts';
import { CARD_COUNT, GAME_POINTS, MAX_STRIKES, ROW_SIZE, STAKES, cardBit, countCards, trickWinningCard } from './cards.ts';
import { FORCED, FROM_CLOSED, SLOT_FACE_UP, logEntry } from './log.ts';
import { PHASE_NAMES, Phase, type XixSeat, type XixState } from './state.ts';

const other = (seat: XixSeat): XixSeat => (1 - seat) as XixSeat;

const lowestCard = (cards: number): number => 31 - Math.clz32(cards & -cards);

const STRIKE_ANSWERS = [ACTIONS[ABANDON_ID]!, ACTIONS[RAISE_ID]!];

export function legalActions(s: XixState): XixAction[] {
  const seat = s.toMove as XixSeat;
  switch (s.phase) {
    case Phase.Play:
      return cardActions(s.closed[seat] | s.open[seat], PLAY_BASE);
    case Phase.Strike:
      return STRIKE_ANSWERS.slice();
    case Phase.Draft:
      return cardActions(s.pool, PICK_BASE);
    case Phase.Trade: {
      // R9a: any card of either hand to any slot, so always 30 trades.
      const cards = s.closed[seat] | s.open[seat];
      const out = new Array<XixAction>(countCards(cards) * ROW_SIZE);
      let i = 0;
      for (let rest = cards; rest !== 0; rest &= rest - 1) {
        const base = TRADE_BASE + (lowestCard(rest) - 1) * ROW_SIZE;
        for (let slot = 0; slot < ROW_SIZE; slot++) out[i++] = ACTIONS[base + slot]!;
      }
      return out;
    }
    default:
      return [];
  }
}

/** One action a card, in card order: `base` is the id of the action for card 1. */
function cardActions(cards: number, base: number): XixAction[] {
  const out = new Array<XixAction>(countCards(cards));
  let i = 0;
  for (let rest = cards; rest !== 0; rest &= rest - 1) out[i++] = ACTIONS[base + lowestCard(rest) - 1]!;
  return out;
}

/** Why action `id` is not legal now, or null when it is. */
function illegalReason(s: XixState, id: number): string | null {
  const seat = s.toMove as XixSeat;
  const phase = PHASE_NAMES[s.phase];
  const hand = s.closed[seat] | s.open[seat];
  switch (s.phase) {
    case Phase.Over:
      return 'the game is over';
    case Phase.Play:
      if (id >= ABANDON_ID) return `it is time to play a card, not to ${actionAt(id).type}`;
      return hand & cardBit(id + 1) ? null : `card ${id + 1} is not in your hands`;
    case Phase.Strike:
      return id === ABANDON_ID || id === RAISE_ID ? null : `you took a strike: answer raise or abandon, not ${actionAt(id).type}`;
    case Phase.Draft:
      if (id < PICK_BASE || id >= TRADE_BASE) return `it is the draft: pick a card, not ${actionAt(id).type}`;
      return s.pool & cardBit(id - PICK_BASE + 1) ? null : `card ${id - PICK_BASE + 1} is not in the draft pool`;
    case Phase.Trade: {
      if (id < TRADE_BASE) return `you lost the exchange: trade a card, not ${actionAt(id).type}`;
      const card = Math.floor((id - TRADE_BASE) / ROW_SIZE) + 1;
      return hand & cardBit(card) ? null : `card ${card} is not in your hands`;
    }
    default:
      return `unknown phase ${phase}`;
  }
}

export function checkAction(s: XixState, value: unknown): ActionCheck<XixAction> {
  const parsed = parseAction(value);
  if (!parsed.ok) return parsed;
  const reason = illegalReason(s, parsed.id);
  return reason === null ? { ok: true, action: actionAt(parsed.id) } : { ok: false, reason };
}

/** The fast check for the shared action objects; `illegalReason` explains a refusal. */
function isLegal(s: XixState, id: number): boolean {
  const seat = s.toMove as XixSeat;
  switch (s.phase) {
    case Phase.Play:
      return id < ABANDON_ID && ((s.closed[seat] | s.open[seat]) & cardBit(id - PLAY_BASE + 1)) !== 0;
    case Phase.Strike:
      return id === ABANDON_ID || id === RAISE_ID;
    case Phase.Draft:
      return id >= PICK_BASE && id < TRADE_BASE && (s.pool & cardBit(id - PICK_BASE + 1)) !== 0;
    case Phase.Trade:
      return id >= TRADE_BASE && ((s.closed[seat] | s.open[seat]) & cardBit(Math.floor((id - TRADE_BASE) / ROW_SIZE) + 1)) !== 0;
    default:
      return false;
  }
}

export function applyAction(s: XixState, action: XixAction): void {
  const id = canonicalId(action);
  if (id >= 0 && isLegal(s, id)) {
    applyLegal(s, id);
    return;
  }
  const parsed = parseAction(action);
  if (!parsed.ok) throw new IllegalActionError(parsed.reason);
  const reason = illegalReason(s, parsed.id);
  if (reason !== null) throw new IllegalActionError(reason);
  applyLegal(s, parsed.id);
}

function applyLegal(s: XixState, id: number): void {
  const seat = s.toMove as XixSeat;
  if (s.phase === Phase.Play) {
    const card = id + 1;
    s.log.push(logEntry(seat, id));
    takeFromHands(s, seat, card);
    if (s.led === 0) {
      s.led = card;
      s.toMove = other(seat);
    } else {
      finishTrick(s, seat, card);
    }
  } else if (s.phase === Phase.Strike) {
    s.log.push(logEntry(seat, id));
    if (id === ABANDON_ID) endExchange(s, other(seat));
    else startTrick(s, other(seat)); // R2/R3: the trick's winner leads the next one
  } else if (s.phase === Phase.Draft) {
    const card = id - PICK_BASE + 1;
    s.log.push(logEntry(seat, id));
    s.pool &= ~cardBit(card);
    s.open[seat] |= cardBit(card); // R8: picks go to the open hand
    if (s.pool !== 0) s.toMove = other(seat);
    else {
      s.phase = Phase.Trade;
      s.toMove = other(s.exchangeWinner);
    }
  } else {
    trade(s, seat, id);
  }
}

function takeFromHands(s: XixState, seat: XixSeat, card: number): void {
  const b = cardBit(card);
  s.closed[seat] &= ~b;
  s.open[seat] &= ~b;
}

function finishTrick(s: XixState, follower: XixSeat, followed: number): void {
  const leader = other(follower);
  const led = s.led;
  s.pool |= cardBit(led) | cardBit(followed);
  s.led = 0;
  // R4: sum 19 → lower card wins, otherwise higher.
  const winner = trickWinningCard(led, followed) === led ? leader : follower;
  const loser = other(winner);
  const strikes = ++s.strikes[loser];
  if (strikes >= MAX_STRIKES) {
    // R5: the third strike forces the abandon; there is no decision to ask for.
    s.log.push(logEntry(loser, ABANDON_ID, FORCED));
    endExchange(s, winner);
  } else {
    s.phase = Phase.Strike;
    s.toMove = loser;
    s.leader = winner;
  }
}

function startTrick(s: XixState, leader: XixSeat): void {
  s.phase = Phase.Play;
  s.leader = leader;
  s.toMove = leader;
  s.trick++;
}

function endExchange(s: XixState, winner: XixSeat): void {
  const stakes = STAKES[s.strikes[0] + s.strikes[1]]!; // R6
  s.points[winner] += stakes;
  s.exchangeWinner = winner;
  const end = gameEnd(s.points[0], s.points[1]);
  if (end === null) {
    s.phase = Phase.Draft;
    s.toMove = other(winner); // R8: the loser picks first
  } else {
    s.phase = Phase.Over;
    s.toMove = -1;
    s.winner = end.winner;
    s.endReason = end.reason;
  }
}

/**
 * R7, checked after every exchange: exactly 19 points awarded in total ends the game and the
 * player with FEWER points wins (so 19–0 goes to the 0); otherwise 19 or more for either player
 * ends it and the player with MORE points wins. Null while the game goes on.
 */
export function gameEnd(points0: number, points1: number): { readonly winner: XixSeat; readonly reason: 'exactly-19' | 'reached-19' } | null {
  if (points0 + points1 === GAME_POINTS) return { winner: points0 < points1 ? 0 : 1, reason: 'exactly-19' };
  if (points0 >= GAME_POINTS || points1 >= GAME_POINTS) return { winner: points0 > points1 ? 0 : 1, reason: 'reached-19' };
  return null;
}

/** R9, R9a, R11, R11a. */
function trade(s: XixState, seat: XixSeat, id: number): void {
  const card = Math.floor((id - TRADE_BASE) / ROW_SIZE) + 1;
  const slot = (id - TRADE_BASE) % ROW_SIZE;
  const opponent = other(seat);
  const cardB = cardBit(card);
  const fromClosed = (s.closed[seat] & cardB) !== 0;
  const slotFaceUp = (s.rowFaceUp & (1 << slot)) !== 0;
  const taken = s.row[slot]!;
  s.log.push(logEntry(seat, id, (fromClosed ? FROM_CLOSED : 0) | (slotFaceUp ? SLOT_FACE_UP : 0), taken));

  if (fromClosed) {
    // R11a: the opponent can no longer tell which of our closed cards went face down, unless it
    // was our only closed card.
    if (countCards(s.closed[seat]) > 1) s.known[opponent] &= ~s.closed[seat];
    s.closed[seat] &= ~cardB;
    s.known[seat] |= cardB;
    s.rowFaceUp &= ~(1 << slot);
  } else {
    s.open[seat] &= ~cardB;
    s.rowFaceUp |= 1 << slot;
  }
  // R9: a face-down strike card goes to the closed hand, a face-up one to the open hand. What
  // the opponent knew about the taken card still holds: knowledge follows the card (R11).
  if (slotFaceUp) s.open[seat] |= cardBit(taken);
  else s.closed[seat] |= cardBit(taken);
  s.row[slot] = card;

  // R2: the exchange winner took the last trick and leads the next exchange.
  s.strikes[0] = 0;
  s.strikes[1] = 0;
  s.exchange++;
  s.trick = 0;
  startTrick(s, s.exchangeWinner);
}

export function result(s: XixState): GameResult | null {
  if (s.phase !== Phase.Over) return null;
  return { winner: s.winner, points: [s.points[0], s.points[1]], reason: s.endReason };
}
