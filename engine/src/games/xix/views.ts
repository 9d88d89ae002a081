/**
 * What each seat sees (R11, R11a), what everyone sees (the public view, for live spectators), and
 * what a spectator of a finished game sees. This is the only place where hidden cards are
 * filtered: a seat's view is built from its own hands, public cards and the cards it has followed
 * (`state.known`), the public view from public cards only, never from anything else.
 */
import type { GameResult, Seat } from '../../game.ts';
import { ABANDON_ID, PICK_BASE, RAISE_ID, TRADE_BASE, actionAt, type XixAction } from './actions.ts';
import { ROW_SIZE, STAKES, cardsOf, countCards, type Card } from './cards.ts';
import { FORCED, FROM_CLOSED, SLOT_FACE_UP, entryActionId, entrySeat, entryTook } from './log.ts';
import { legalActions, result } from './rules.ts';
import { PHASE_NAMES, Phase, type PhaseName, type XixState } from './state.ts';

export type HistoryEvent =
  | { readonly type: 'play'; readonly seat: Seat; readonly card: Card }
  | { readonly type: 'raise'; readonly seat: Seat }
  /** `forced`: the third strike of the exchange, no decision was asked (R5). */
  | { readonly type: 'abandon'; readonly seat: Seat; readonly forced: boolean }
  | { readonly type: 'pick'; readonly seat: Seat; readonly card: Card }
  /**
   * `card` went from the `from` hand to `slot`; `took` is the strike card that came back. Either
   * is null where the viewer may not know it (a closed card placed face down, a face-down strike
   * card taken by the other seat).
   */
  | {
      readonly type: 'trade';
      readonly seat: Seat;
      readonly slot: number;
      readonly from: 'open' | 'closed';
      readonly card: Card | null;
      readonly took: Card | null;
    };

/** A strike-row slot; `card` is null when it is face down and its card unknown to the viewer. */
export interface StrikeSlot {
  readonly faceUp: boolean;
  readonly card: Card | null;
}

/** What both a seat and a spectator see of the table. */
interface TableView {
  readonly game: 'xix';
  readonly phase: PhaseName;
  /** The seat that decides now, null when the game is over. */
  readonly toMove: Seat | null;
  /** 1-based exchange number, and trick number within it. */
  readonly exchange: number;
  readonly trick: number;
  /** Who leads the current trick, and the card led (null until it is played). */
  readonly leader: Seat;
  readonly led: Card | null;
  /** Strikes received by each seat in this exchange, and the stakes they make now (R6). */
  readonly strikes: readonly number[];
  readonly stakes: number;
  readonly points: readonly number[];
  /** Winner of the exchange that just ended, during its draft and trade; else null. */
  readonly exchangeWinner: Seat | null;
  /** The cards of the finished tricks of this exchange: the draft pool once it ends (R8). */
  readonly pool: readonly Card[];
  readonly history: readonly HistoryEvent[];
  readonly result: GameResult | null;
}

export interface XixSeatView extends TableView {
  readonly seat: Seat;
  readonly hand: { readonly closed: readonly Card[]; readonly open: readonly Card[] };
  readonly opponent: {
    readonly open: readonly Card[];
    readonly closedCount: number;
    /** Cards known to be in the opponent's closed hand (R11: knowledge follows a card). */
    readonly closedKnown: readonly Card[];
  };
  readonly strikeRow: readonly StrikeSlot[];
  /** The legal actions when this seat is to move, else empty. */
  readonly legalActions: readonly XixAction[];
}

/**
 * What every seat knows, and so what a live spectator may see (R10, R11): both open hands, the
 * closed hands' sizes, face-up strike cards, the trick, the draft pool and the public history. Not
 * a closed card, a face-down strike card, the discard, nor a card traded face down.
 */
export interface XixPublicView extends TableView {
  /** By seat: the open hand, and how many cards the closed hand holds. */
  readonly hands: readonly { readonly open: readonly Card[]; readonly closedCount: number }[];
  /** A face-down slot shows no card (`card` null). */
  readonly strikeRow: readonly StrikeSlot[];
}

export interface XixSpectatorView extends TableView {
  readonly hands: readonly { readonly closed: readonly Card[]; readonly open: readonly Card[] }[];
  readonly strikeRow: readonly { readonly faceUp: boolean; readonly card: Card }[];
  readonly discard: Card;
}

/** Who looks: a seat, the public (what every seat knows), or everyone once it is over ('all'). */
type Viewer = Seat | 'public' | 'all';

function tableView(s: XixState, viewer: Viewer): TableView {
  const over = s.phase === Phase.Over;
  const inDraftOrTrade = s.phase === Phase.Draft || s.phase === Phase.Trade;
  return {
    game: 'xix',
    phase: PHASE_NAMES[s.phase],
    toMove: over ? null : s.toMove,
    exchange: s.exchange,
    trick: s.trick,
    leader: s.leader,
    led: s.led === 0 ? null : s.led,
    strikes: [s.strikes[0], s.strikes[1]],
    stakes: STAKES[s.strikes[0] + s.strikes[1]]!,
    points: [s.points[0], s.points[1]],
    exchangeWinner: inDraftOrTrade || over ? s.exchangeWinner : null,
    pool: cardsOf(s.pool),
    history: history(s, viewer),
    result: result(s),
  };
}

export function seatView(s: XixState, seat: Seat): XixSeatView {
  const opponent = 1 - seat;
  const known = s.known[seat]!;
  const strikeRow: StrikeSlot[] = [];
  for (let slot = 0; slot < ROW_SIZE; slot++) {
    const card = s.row[slot]!;
    const faceUp = (s.rowFaceUp & (1 << slot)) !== 0;
    strikeRow.push({ faceUp, card: faceUp || (known & (1 << card)) !== 0 ? card : null });
  }
  return {
    ...tableView(s, seat),
    seat,
    hand: { closed: cardsOf(s.closed[seat]!), open: cardsOf(s.open[seat]!) },
    opponent: {
      open: cardsOf(s.open[opponent]!),
      closedCount: countCards(s.closed[opponent]!),
      closedKnown: cardsOf(s.closed[opponent]! & known),
    },
    strikeRow,
    legalActions: s.toMove === seat && s.phase !== Phase.Over ? legalActions(s) : [],
  };
}

export function publicView(s: XixState): XixPublicView {
  return {
    ...tableView(s, 'public'),
    hands: [0, 1].map((seat) => ({ open: cardsOf(s.open[seat]!), closedCount: countCards(s.closed[seat]!) })),
    strikeRow: s.row.map((card, slot) => {
      const faceUp = (s.rowFaceUp & (1 << slot)) !== 0;
      return { faceUp, card: faceUp ? card : null };
    }),
  };
}

export function spectatorView(s: XixState): XixSpectatorView {
  return {
    ...tableView(s, 'all'),
    hands: [0, 1].map((seat) => ({ closed: cardsOf(s.closed[seat]!), open: cardsOf(s.open[seat]!) })),
    strikeRow: s.row.map((card, slot) => ({ faceUp: (s.rowFaceUp & (1 << slot)) !== 0, card })),
    discard: s.setup.discard,
  };
}

/** The history as `viewer` may know it: the public sees what any seat sees of the other's moves. */
function history(s: XixState, viewer: Viewer): HistoryEvent[] {
  return s.log.map((entry): HistoryEvent => {
    const seat = entrySeat(entry);
    const id = entryActionId(entry);
    if (id === ABANDON_ID) return { type: 'abandon', seat, forced: (entry & FORCED) !== 0 };
    if (id === RAISE_ID) return { type: 'raise', seat };
    if (id < ABANDON_ID) return { type: 'play', seat, card: id + 1 };
    if (id < TRADE_BASE) return { type: 'pick', seat, card: id - PICK_BASE + 1 };
    const action = actionAt(id) as Extract<XixAction, { type: 'trade' }>;
    const fromClosed = (entry & FROM_CLOSED) !== 0;
    const sees = viewer === 'all' || viewer === seat;
    return {
      type: 'trade',
      seat,
      slot: action.slot,
      from: fromClosed ? 'closed' : 'open',
      card: sees || !fromClosed ? action.card : null,
      took: sees || (entry & SLOT_FACE_UP) !== 0 ? entryTook(entry) : null,
    };
  });
}
