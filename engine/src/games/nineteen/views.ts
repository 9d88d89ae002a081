/**
 * What a seat knows (N21), what everyone knows (the public view, for live spectators) and
 * everything (the spectator view, for finished games and replays). The only place where cards are
 * filtered: no view but the spectator's holds another seat's card (flip cards aside), the kitty
 * (its bidder aside), another seat's discards or the stock; no view shows discard counts before
 * every seat has discarded (N6); and a forced move is marked only in its own seat's view and the
 * spectator's (N22).
 */
import type { GameResult, Seat } from '../../game.ts';
import type { NineteenAction } from './actions.ts';
import { SUITS, cardCode, type CardCode, type Suit } from './cards.ts';
import { legalActions, result } from './rules.ts';
import { PHASE_NAMES, Phase, isPartnership, type NineteenState, type PhaseName } from './state.ts';

/** N1: heads up (2 seats), cut-throat (3, 5), partners (4, 6: even seats against odd). */
export type StyleName = 'heads-up' | 'cutthroat' | 'partners';

/** A bid or a pass (`bid` null) in bidding order (N4). */
export interface BidRecord {
  readonly seat: Seat;
  readonly bid: number | null;
}

/** A trick: its cards in the order played, the first the leader's, each the next seat clockwise's. */
export interface TrickRecord {
  readonly leader: Seat;
  readonly cards: readonly CardCode[];
  /** N11: null while the trick is in play. */
  readonly winner: Seat | null;
}

/** N7: a face-up "flip" card and the seat whose hand holds it. */
export interface FlipRecord {
  readonly seat: Seat;
  readonly card: CardCode;
}

/** One hand as every seat knows it: the hand in play has nulls where nothing is known yet. */
export interface HandRecord {
  /** 1-based. */
  readonly hand: number;
  readonly dealer: Seat;
  readonly bids: readonly BidRecord[];
  /** The bidder once bidding ends (the dealer when bagged, N4), and the winning bid. */
  readonly bidder: Seat | null;
  readonly bid: number | null;
  readonly bagged: boolean;
  readonly trump: Suit | null;
  /** N6: by seat, how many cards it threw, once every seat has discarded. */
  readonly discards: readonly number[] | null;
  readonly flips: readonly FlipRecord[];
  readonly tricks: readonly TrickRecord[];
  /** N12: the 1-based trick worth 2, once the hand is over. */
  readonly bonusTrick: number | null;
  /** N13: by side, the points taken in the hand and the scores after it, once it is over. */
  readonly points: readonly number[] | null;
  readonly scores: readonly number[] | null;
}

/** What only one seat knows of a hand (N21). */
export interface OwnHandRecord {
  readonly hand: number;
  /** The five cards dealt to it, sorted. */
  readonly dealt: readonly CardCode[];
  /** N5: the kitty, sorted, for the bidder once it has taken it, else null. */
  readonly kitty: readonly CardCode[] | null;
  /** N6: the cards it threw, once it has discarded. */
  readonly discarded: readonly CardCode[] | null;
  /** N7: the cards it was served, once replenished (a flip card among them). */
  readonly received: readonly CardCode[] | null;
}

/** N22: a move the engine made for a seat with one legal action (a pass after a 6, or a card). */
export interface ForcedMove {
  readonly hand: number;
  readonly seat: Seat;
  /** The 1-based trick of a forced card; null for a forced pass. */
  readonly trick: number | null;
}

/** What everyone knows: the public view, and the part every view shares. */
export interface NineteenPublicView {
  readonly game: 'nineteen';
  readonly seats: number;
  readonly style: StyleName;
  readonly shortSuit: boolean;
  readonly reneging: boolean;
  /** By seat, its side: seat mod 2 in partnerships, else the seat. Scores and points are by side. */
  readonly sides: readonly number[];
  /** The hand being played, or the last one once the game is over. */
  readonly hand: number;
  readonly dealer: Seat;
  readonly phase: PhaseName;
  /** The seat deciding now, null when the game is over. */
  readonly toMove: Seat | null;
  /** N15. */
  readonly suddenDeath: boolean;
  /** By side. */
  readonly scores: readonly number[];
  /** By seat, the cards held; during the discard, the size before discarding (N6). */
  readonly handSizes: readonly number[];
  /** Cards in the kitty (3 until the bidder takes them) and in the stock. */
  readonly kitty: number;
  readonly stock: number;
  /** Every hand so far, oldest first: the last is the hand in play (or the last hand, once over). */
  readonly hands: readonly HandRecord[];
  readonly result: GameResult | null;
}

export interface NineteenSeatView extends NineteenPublicView {
  readonly seat: Seat;
  readonly side: number;
  /** Its cards, sorted (suits C D H S, ranks 2..A). */
  readonly cards: readonly CardCode[];
  /** What only it knows of each hand so far, oldest first, the last the hand in play. */
  readonly own: readonly OwnHandRecord[];
  /** Its own forced moves (N22). */
  readonly forced: readonly ForcedMove[];
  /** The legal actions when this seat is to move, else empty. */
  readonly legalActions: readonly NineteenAction[];
}

export interface NineteenSpectatorView extends NineteenPublicView {
  /** By seat, its cards, sorted. */
  readonly seatCards: readonly (readonly CardCode[])[];
  /** This hand's kitty as dealt, and the stock in order, top first. */
  readonly kittyCards: readonly CardCode[];
  readonly stockCards: readonly CardCode[];
  /** By seat, what only it knows of each hand. */
  readonly own: readonly (readonly OwnHandRecord[])[];
  /** Every forced move (N22). */
  readonly forced: readonly ForcedMove[];
  /** The deck of every hand so far, top first. */
  readonly decks: readonly (readonly CardCode[])[];
}

export const styleOf = (seats: number): StyleName => (seats === 2 ? 'heads-up' : isPartnership(seats) ? 'partners' : 'cutthroat');

const codes = (cards: readonly number[]): CardCode[] => cards.map(cardCode);
const codesOrNull = (cards: readonly number[] | null): CardCode[] | null => (cards === null ? null : codes(cards));

/** The hand in play (or just ended) as every seat knows it. */
export function handRecord(s: NineteenState, bonusTrick: number | null, points: readonly number[] | null, scores: readonly number[] | null): HandRecord {
  const n = s.seats;
  // N6: counts show once every seat has discarded, that is from the first trick on.
  const allDiscarded = s.phase === Phase.Play;
  const tricks: TrickRecord[] = [];
  for (let t = 0; t < s.leaders.length; t++) {
    tricks.push({ leader: s.leaders[t]!, cards: codes(s.played.slice(t * n, (t + 1) * n)), winner: t < s.winners.length ? s.winners[t]! : null });
  }
  return {
    hand: s.hand,
    dealer: s.dealer,
    bids: s.bids.map((bid, i) => ({ seat: (s.dealer + 1 + i) % n, bid: bid === 0 ? null : bid })),
    bidder: s.bidder < 0 ? null : s.bidder,
    bid: s.bidder < 0 ? null : s.highBid,
    bagged: s.bagged,
    trump: s.trump < 0 ? null : SUITS[s.trump]!,
    discards: allDiscarded ? s.discarded.map((d) => d!.length) : null,
    flips: s.flipSeats.map((seat, i) => ({ seat, card: cardCode(s.flipCards[i]!) })),
    tricks,
    bonusTrick,
    points,
    scores,
  };
}

export function ownRecord(s: NineteenState, seat: Seat): OwnHandRecord {
  return {
    hand: s.hand,
    dealt: codes(s.dealt[seat]!),
    kitty: seat === s.bidder && s.trump >= 0 ? codes(s.kitty.slice().sort((a, b) => a - b)) : null,
    discarded: codesOrNull(s.discarded[seat]!),
    received: codesOrNull(s.received[seat]!),
  };
}

/** Whether the last record is the hand in play's: it is, unless the game is over (it was recorded). */
const handInPlay = (s: NineteenState): boolean => s.phase !== Phase.Over;

export function publicView(s: NineteenState): NineteenPublicView {
  const discarding = s.phase === Phase.Discard;
  return {
    game: 'nineteen',
    seats: s.seats,
    style: styleOf(s.seats),
    shortSuit: s.shortSuit,
    reneging: s.reneging,
    sides: s.sideOf.slice(),
    hand: s.hand,
    dealer: s.dealer,
    phase: PHASE_NAMES[s.phase],
    toMove: s.phase === Phase.Over ? null : s.toMove,
    suddenDeath: s.suddenDeath,
    scores: s.scores.slice(),
    // N6: a seat that has discarded still shows its size before the discard until all have.
    handSizes: s.cards.map((cards, seat) => cards.length + (discarding ? (s.discarded[seat]?.length ?? 0) : 0)),
    kitty: s.trump >= 0 ? 0 : s.kitty.length,
    stock: s.deck.length - s.top,
    hands: handInPlay(s) ? [...s.records, handRecord(s, null, null, null)] : s.records.slice(),
    result: result(s),
  };
}

export function seatView(s: NineteenState, seat: Seat): NineteenSeatView {
  return {
    ...publicView(s),
    seat,
    side: s.sideOf[seat]!,
    cards: codes(s.cards[seat]!),
    own: handInPlay(s) ? [...s.own[seat]!, ownRecord(s, seat)] : s.own[seat]!.slice(),
    forced: s.forced.filter((move) => move.seat === seat),
    legalActions: s.phase !== Phase.Over && s.toMove === seat ? legalActions(s) : [],
  };
}

export function spectatorView(s: NineteenState): NineteenSpectatorView {
  return {
    ...publicView(s),
    seatCards: s.cards.map(codes),
    kittyCards: codes(s.kitty),
    stockCards: codes(s.deck.slice(s.top)),
    own: s.own.map((records, seat) => (handInPlay(s) ? [...records, ownRecord(s, seat)] : records.slice())),
    forced: s.forced.slice(),
    decks: s.decks.map(codes),
  };
}
