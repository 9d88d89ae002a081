/**
 * The Nineteen table as one shape, whichever view it is drawn from: the spectator view (every
 * hand, the kitty), a seat's view (N21: its own hand, the kitty only if it is the bidder, nothing
 * of another hand but its size and its flip card) or the public view of a live game (no card of a
 * hand but flip cards). A card the viewer does not know is null.
 */
import { NINETEEN_SUITS, isTrump as isTrumpCard, nineteenCardOfCode, type NineteenCardCode as CardCode, type NineteenPublicView, type NineteenSeatView, type NineteenSpectatorView, type Suit } from '@xix/engine';

export type { CardCode };

export interface NineteenTableSeat {
  /** The seat's side: its team (0: even seats, 1: odd seats) at 4 or 6 seats, else the seat itself. */
  readonly side: number;
  /** The hand, known cards as the view has them and null for each card the viewer does not know. */
  readonly hand: readonly (CardCode | null)[];
  /** Its face-up "flip" cards still in the hand (N7): every view knows them. */
  readonly flips: readonly CardCode[];
  /** Cards of its hand that came from the kitty, when the viewer may know them (the bidder, N5). */
  readonly fromKitty: readonly CardCode[];
  /** Its word in this hand's bidding: 'pass', the amount, or null before its turn. */
  readonly bid: 'pass' | number | null;
  /** N22: its pass was forced (after a 6), when the viewer may know: its own view, or everything. */
  readonly bidForced: boolean;
  /** How many it discarded this hand, once the viewer may know (its own; everyone's once all have, N6). */
  readonly discarded: number | null;
  /** Its own discards (its own view and the spectator's only, N6). */
  readonly discards: readonly CardCode[];
  /** Tricks it won this hand. */
  readonly tricks: number;
}

export interface NineteenSide {
  readonly seats: readonly number[];
  readonly score: number;
  /** Tricks its seats took in the hand in play (their points are known once it ends: N12). */
  readonly handTricks: number;
}

export interface PlayedCard {
  readonly seat: number;
  readonly card: CardCode;
  /** N22: its only legal card, played by the engine, when the viewer may know. */
  readonly forced: boolean;
}

export interface TrickShown {
  /** 1–5 within the hand. */
  readonly number: number;
  readonly plays: readonly PlayedCard[];
  /** The seat that took it, once complete. */
  readonly winner: number | null;
}

/** A finished hand: the points each side took (N12), and each side's score after it (N13). */
export interface HandRecord {
  readonly hand: number;
  readonly bidder: number;
  readonly bid: number;
  readonly bagged: boolean;
  readonly trump: Suit;
  readonly points: readonly number[];
  readonly scores: readonly number[];
}

export interface NineteenTable {
  /** The seat whose view this is, or null (spectator or public). */
  readonly viewer: number | null;
  /** True at 4 or 6 seats: two teams (N1). */
  readonly teams: boolean;
  readonly options: { readonly shortSuit: boolean; readonly reneging: boolean };
  readonly hand: number;
  readonly dealer: number;
  readonly phase: NineteenPublicView['phase'];
  readonly toMove: number | null;
  readonly seats: readonly NineteenTableSeat[];
  readonly sides: readonly NineteenSide[];
  readonly bidder: number | null;
  readonly bid: number | null;
  readonly bagged: boolean;
  readonly trump: Suit | null;
  /**
   * The kitty: its cards when the viewer may know them (the bidder after the trump call, or the
   * spectator), else null for each; empty once it went to the bidder and the viewer may not know.
   */
  readonly kitty: readonly (CardCode | null)[];
  /** Where the kitty is: on the table (before the trump call) or in the bidder's hand. */
  readonly kittyTaken: boolean;
  readonly trick: TrickShown | null;
  /** The trick just taken, while the next has no card yet. */
  readonly lastTrick: TrickShown | null;
  readonly suddenDeath: boolean;
  readonly history: readonly HandRecord[];
  /** Each side's place at the end (1 = first), or null while the game runs. */
  readonly places: readonly number[] | null;
  readonly result: NineteenPublicView['result'];
}

type AnyNineteenView = NineteenPublicView | NineteenSeatView | NineteenSpectatorView;
type HandInPlay = NineteenPublicView['hands'][number];

export function nineteenTableOf(value: unknown): NineteenTable {
  if (!isNineteenView(value)) throw new Error('not a Nineteen view');
  const view = value as AnyNineteenView;
  const seatCount = view.seats;
  const viewer = 'seat' in view ? view.seat : null;
  const spectator = 'seatCards' in view ? view : null;
  const current = view.hands.at(-1) ?? null;
  const over = view.phase === 'over';
  /** What only `seat` knows of the hand in play (N21), when this view may know it. */
  const ownRecord = (seat: number): NineteenSeatView['own'][number] | null => {
    if (over) return null;
    if (spectator !== null) return spectator.own[seat]?.at(-1) ?? null;
    return 'seat' in view && viewer === seat ? view.own.at(-1) ?? null : null;
  };
  const playedThisHand = new Set(current?.tricks.flatMap((trick) => trick.cards) ?? []);
  // N22: the forced marks this view holds (its own seat's, or every seat's for everything; none in public)
  const forced = 'forced' in view ? view.forced : [];
  const wasForced = (hand: number, seat: number, trick: number | null): boolean => forced.some((move) => move.hand === hand && move.seat === seat && move.trick === trick);
  const trickOf = (record: HandInPlay, index: number): TrickShown => {
    const trick = record.tricks[index]!;
    return {
      number: index + 1,
      winner: trick.winner,
      plays: trick.cards.map((card, i) => {
        const seat = (trick.leader + i) % seatCount;
        return { seat, card, forced: wasForced(record.hand, seat, index + 1) };
      }),
    };
  };

  const seats = Array.from({ length: seatCount }, (_, seat): NineteenTableSeat => {
    const own = ownRecord(seat);
    const flips = over ? [] : (current?.flips ?? []).filter((flip) => flip.seat === seat && !playedThisHand.has(flip.card)).map((flip) => flip.card);
    const known = spectator !== null ? spectator.seatCards[seat]! : 'cards' in view && viewer === seat ? view.cards : null;
    const hand = known ?? [...flips, ...unknown((view.handSizes[seat] ?? 0) - flips.length)];
    const bid = current?.bids.find((record) => record.seat === seat);
    const kitty = view.phase === 'discard' ? own?.kitty ?? [] : [];
    return {
      side: view.sides[seat] ?? seat,
      hand,
      flips,
      fromKitty: kitty.filter((card) => hand.includes(card)),
      bid: bid === undefined ? null : bid.bid ?? 'pass',
      bidForced: bid !== undefined && bid.bid === null && current !== null && wasForced(current.hand, seat, null),
      discarded: current?.discards?.[seat] ?? own?.discarded?.length ?? null,
      discards: own?.discarded ?? [],
      tricks: (current?.tricks ?? []).filter((trick) => trick.winner === seat).length,
    };
  });
  const sides = view.scores.map((score, side): NineteenSide => {
    const members = seats.flatMap((seat, index) => (seat.side === side ? [index] : []));
    return { seats: members, score, handTricks: members.reduce((sum, member) => sum + seats[member]!.tricks, 0) };
  });

  const kittyOwner = current?.bidder ?? null;
  const kittyTaken = current?.trump !== null && current?.trump !== undefined;
  const kittyKnown = kittyTaken && kittyOwner !== null ? ownRecord(kittyOwner)?.kitty ?? null : spectator?.kittyCards ?? null;
  const kitty = over ? [] : kittyKnown ?? unknown(kittyTaken ? 0 : view.kitty);

  const inPlay = current !== null && current.tricks.length > 0 && current.tricks.at(-1)!.winner === null && !over ? trickOf(current, current.tricks.length - 1) : null;
  const lastTrick = inPlay !== null ? null : lastTaken(view, current, trickOf);

  return {
    viewer,
    teams: view.style === 'partners',
    options: { shortSuit: view.shortSuit, reneging: view.reneging },
    hand: view.hand,
    dealer: view.dealer,
    phase: view.phase,
    toMove: view.toMove,
    seats,
    sides,
    // once over, the last hand's contract, as its record says
    bidder: current?.bidder ?? null,
    bid: current?.bid ?? null,
    bagged: current?.bagged === true,
    trump: current?.trump ?? null,
    kitty,
    kittyTaken,
    trick: inPlay,
    lastTrick,
    suddenDeath: view.suddenDeath,
    history: view.hands.flatMap((record) => (record.points === null || record.scores === null || record.bidder === null || record.bid === null || record.trump === null
      ? []
      : [{ hand: record.hand, bidder: record.bidder, bid: record.bid, bagged: record.bagged, trump: record.trump, points: record.points, scores: record.scores }])),
    places: placesOf(view),
    result: view.result,
  };
}

/**
 * The trick just taken, while no card of the next is down: the hand's last (once over, the last
 * hand's), or while a new hand's first bid is awaited, the last trick of the hand before (its fifth,
 * which the engine plays with the fourth's last card: every card of it is forced, N22).
 */
function lastTaken(view: AnyNineteenView, current: HandInPlay | null, trickOf: (record: HandInPlay, index: number) => TrickShown): TrickShown | null {
  if (current !== null && current.tricks.length > 0) return trickOf(current, current.tricks.length - 1);
  const previous = current !== null && current.bids.length === 0 ? view.hands.at(-2) : undefined;
  return previous === undefined || previous.tricks.length === 0 ? null : trickOf(previous, previous.tricks.length - 1);
}

/** Each side's place (the place of its seats, N17), once the game is over. */
function placesOf(view: AnyNineteenView): number[] | null {
  const result = view.result;
  if (result === null) return null;
  return view.scores.map((_, side) => {
    const seat = view.sides.indexOf(side);
    return result.ranks?.[seat] ?? (seat === result.winner ? 1 : 2);
  });
}

function unknown(count: number): null[] {
  return Array.from({ length: Math.max(0, count) }, () => null);
}

function isNineteenView(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.game === 'nineteen' && Array.isArray(v.hands) && Array.isArray(v.handSizes) && Array.isArray(v.scores) && Array.isArray(v.sides);
}

/** N11, N19: whether a card is a trump: of the trump suit, or Q♥ with the short suit. */
export const isTrump = (card: CardCode, trump: Suit, shortSuit: boolean): boolean => isTrumpCard(nineteenCardOfCode(card), NINETEEN_SUITS.indexOf(trump), shortSuit);

const SUIT_SYMBOLS: Readonly<Record<string, string>> = { C: '♣', D: '♦', H: '♥', S: '♠' };
const SUIT_NAMES: Readonly<Record<string, string>> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };
const RANK_NAMES: Readonly<Record<string, string>> = { A: 'ace', K: 'king', Q: 'queen', J: 'jack' };

export const suitName = (suit: string): string => SUIT_NAMES[suit] ?? suit;
export const suitSymbol = (suit: string): string => SUIT_SYMBOLS[suit] ?? suit;

/** A card code (`10S`, `QH`) for a person: rank, suit symbol, the suit's colour and words for a screen reader. */
export function cardFace(code: CardCode): { rank: string; suit: string; red: boolean; words: string } {
  const rank = code.slice(0, -1);
  const suit = code.slice(-1);
  return { rank, suit: suitSymbol(suit), red: suit === 'H' || suit === 'D', words: `${RANK_NAMES[rank] ?? rank} of ${suitName(suit)}` };
}
