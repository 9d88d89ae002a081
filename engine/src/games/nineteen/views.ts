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
import { PHASE_NAMES, Phase, deckCodes, isPartnership, type HandData, type NineteenState, type PhaseName } from './state.ts';

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
const byNumber = (a: number, b: number): number => a - b;

/** The hand in play's data, from the state's arrays (once over, with its bonus trick, points and scores). */
export function currentHand(s: NineteenState, bonusTrick: number | null = null, points: readonly number[] | null = null, scores: readonly number[] | null = null): HandData {
  return {
    hand: s.hand,
    dealer: s.dealer,
    bids: s.bids,
    bidder: s.bidder,
    bid: s.highBid,
    bagged: s.bagged,
    trump: s.trump,
    dealt: s.dealt,
    kitty: s.kitty,
    discarded: s.discarded,
    received: s.received,
    flipSeats: s.flipSeats,
    flipCards: s.flipCards,
    played: s.played,
    leaders: s.leaders,
    winners: s.winners,
    bonusTrick,
    points,
    scores,
  };
}

/** A hand as every seat knows it; `discardsShown` once every seat has discarded (N6). */
function handRecord(d: HandData, n: number, discardsShown: boolean): HandRecord {
  const tricks: TrickRecord[] = [];
  for (let t = 0; t < d.leaders.length; t++) {
    tricks.push({ leader: d.leaders[t]!, cards: codes(d.played.slice(t * n, (t + 1) * n)), winner: t < d.winners.length ? d.winners[t]! : null });
  }
  return {
    hand: d.hand,
    dealer: d.dealer,
    bids: d.bids.map((bid, i) => ({ seat: (d.dealer + 1 + i) % n, bid: bid === 0 ? null : bid })),
    bidder: d.bidder < 0 ? null : d.bidder,
    bid: d.bidder < 0 ? null : d.bid,
    bagged: d.bagged,
    trump: d.trump < 0 ? null : SUITS[d.trump]!,
    discards: discardsShown ? d.discarded.map((cards) => cards!.length) : null,
    flips: d.flipSeats.map((seat, i) => ({ seat, card: cardCode(d.flipCards[i]!) })),
    tricks,
    bonusTrick: d.bonusTrick,
    points: d.points === null ? null : d.points.slice(),
    scores: d.scores === null ? null : d.scores.slice(),
  };
}

/** What only `seat` knows of a hand: the kitty only if it is the bidder and has taken it (N5). */
function ownRecord(d: HandData, seat: Seat): OwnHandRecord {
  return {
    hand: d.hand,
    dealt: codes(d.dealt[seat]!),
    kitty: seat === d.bidder && d.trump >= 0 ? codes(d.kitty.slice().sort(byNumber)) : null,
    discarded: codesOrNull(d.discarded[seat]!),
    received: codesOrNull(d.received[seat]!),
  };
}

/** The finished hands' public records, made once each and shared by every later view (the view codec relies on it). */
function finishedRecords(s: NineteenState): readonly HandRecord[] {
  while (s.records.length < s.past.length) s.records.push(Object.freeze(handRecord(s.past[s.records.length]!, s.seats, true)));
  return s.records;
}

function finishedOwn(s: NineteenState, seat: Seat): readonly OwnHandRecord[] {
  const own = s.own[seat]!;
  while (own.length < s.past.length) own.push(Object.freeze(ownRecord(s.past[own.length]!, seat)));
  return own;
}

const inPlay = (s: NineteenState): boolean => s.phase !== Phase.Over;

/** Every hand so far as every seat knows it, the hand in play last. */
function handRecords(s: NineteenState): HandRecord[] {
  const records = finishedRecords(s).slice();
  // N6: discard counts show once every seat has discarded, that is from the first trick on.
  if (inPlay(s)) records.push(handRecord(currentHand(s), s.seats, s.phase === Phase.Play));
  return records;
}

function ownRecords(s: NineteenState, seat: Seat): OwnHandRecord[] {
  const records = finishedOwn(s, seat).slice();
  if (inPlay(s)) records.push(ownRecord(currentHand(s), seat));
  return records;
}

const forcedMove = (code: number): ForcedMove => ({ hand: code >> 6, seat: code & 7, trick: (code >> 3) & 7 || null });

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
    hands: handRecords(s),
    result: result(s),
  };
}

export function seatView(s: NineteenState, seat: Seat): NineteenSeatView {
  return {
    ...publicView(s),
    seat,
    side: s.sideOf[seat]!,
    cards: codes(s.cards[seat]!),
    own: ownRecords(s, seat),
    forced: s.forced.filter((code) => (code & 7) === seat).map(forcedMove),
    // A plain copy: the engine's discard list is lazy (lazy-list.ts), and views cross boundaries.
    legalActions: s.phase !== Phase.Over && s.toMove === seat ? [...legalActions(s)] : [],
  };
}

export function spectatorView(s: NineteenState): NineteenSpectatorView {
  return {
    ...publicView(s),
    seatCards: s.cards.map(codes),
    kittyCards: codes(s.kitty),
    stockCards: codes(s.deck.slice(s.top)),
    own: s.own.map((_, seat) => ownRecords(s, seat)),
    forced: s.forced.map(forcedMove),
    decks: deckCodes(s.setup, s.hand),
  };
}
