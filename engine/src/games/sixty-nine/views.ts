/**
 * What a seat knows (S17), what everyone knows (the public view, for live spectators) and
 * everything (the spectator view, for finished games and replays). The only place where cards are
 * filtered: no view but the spectator's holds another seat's hand before the round ends, nor the
 * deck; and a forced move is marked only in its own seat's view and the spectator's (S18).
 */
import type { GameResult, Seat } from '../../game.ts';
import type { DecisionKind, SixtyNineAction } from './actions.ts';
import { CARD_CODES, LOCK_BASE, SCRAMBLE_BASE, type CardCode } from './cards.ts';
import { legalActions, result, winnersOf } from './rules.ts';
import { PHASE_NAMES, Phase, type ForcedRecord, type PhaseName, type SixtyNineState } from './state.ts';

/** A table set (S4: its position in `table` is the `set` of actions), cards sorted by id. */
export interface TableSetView {
  readonly cards: readonly CardCode[];
  /** S8: the seat claiming a complete (3+) set in a steal sequence, else null. */
  readonly claimant: Seat | null;
  /** S8: the claim count c of a claimed set, else null. */
  readonly claimCount: number | null;
  /** S9: a complete set holding a Lock: its claimant cannot change. */
  readonly locked: boolean;
}

/**
 * A public event of a round, in order. `set` is the table position at the time. A flip's `from` is
 * the seat whose hand a pulled card left (S7), null for a card from the deck; the dealer's opening
 * flip is the round's first event. `claims`: the addition took the claim (S8, S9).
 */
export type SixtyNineEvent =
  | { readonly type: 'flip'; readonly seat: Seat; readonly card: CardCode; readonly from: Seat | null }
  | { readonly type: 'pass'; readonly seat: Seat }
  | { readonly type: 'play'; readonly seat: Seat; readonly set: number; readonly cards: readonly CardCode[] }
  | { readonly type: 'keep'; readonly seat: Seat }
  | { readonly type: 'rearrange'; readonly seat: Seat; readonly sets: readonly (readonly CardCode[])[] }
  | { readonly type: 'add'; readonly seat: Seat; readonly set: number; readonly cards: readonly CardCode[]; readonly claims: boolean }
  | { readonly type: 'capture'; readonly seat: Seat; readonly set: number; readonly cards: readonly CardCode[] };

/** A finished round: its events, every hand as shown at its end (S17), the piles, the scores (S14). */
export interface RoundRecord {
  /** 1-based. */
  readonly round: number;
  readonly dealer: Seat;
  readonly events: readonly SixtyNineEvent[];
  /** S13: the seat whose hand emptied first, null for a round cut short (never: rounds end by themselves). */
  readonly ender: Seat | null;
  /** By seat, the cards left in hand at the round's end, sorted. */
  readonly hands: readonly (readonly CardCode[])[];
  /** By seat, the cards captured in the round, sorted. */
  readonly captured: readonly (readonly CardCode[])[];
  /** By seat, the round's score (S14) and the totals after it (S15). */
  readonly scores: readonly number[];
  readonly totals: readonly number[];
}

/** S12: a Scramble being used: whose, and (once it rearranges) the sets formed so far. */
export interface ScrambleProgress {
  readonly seat: Seat;
  /** False while the seat chooses keep or rearrange. */
  readonly rearranging: boolean;
  readonly formed: readonly (readonly CardCode[])[];
  /** The set being formed: its first card is the lowest-id card not yet placed. */
  readonly forming: readonly CardCode[];
  /** The table cards not yet placed (the set being formed's aside), sorted. */
  readonly unplaced: readonly CardCode[];
}

/** S18: a move the engine made for a seat with one legal action. */
export interface ForcedMove {
  readonly round: number;
  readonly seat: Seat;
  readonly action: SixtyNineAction;
  /** The index in the round's events of the event it made (for `take`/`close`, the rearrangement to come). */
  readonly event: number;
}

/** What everyone knows: the public view, and the part every view shares. */
export interface SixtyNinePublicView {
  readonly game: 'sixty-nine';
  readonly seats: number;
  /** The round being played, or the last one once the game is over. */
  readonly round: number;
  readonly dealer: Seat;
  readonly phase: PhaseName;
  /** The kind of decision asked now, null when the game is over. */
  readonly decision: DecisionKind | null;
  /** The seat deciding now, null when the game is over. */
  readonly toMove: Seat | null;
  readonly deckSize: number;
  /** By seat, the cards held (S17: public). */
  readonly handSizes: readonly number[];
  readonly table: readonly TableSetView[];
  /** By seat, this round's captured cards, sorted. */
  readonly captured: readonly (readonly CardCode[])[];
  /** By seat (S15). */
  readonly totals: readonly number[];
  /** This round's events so far. */
  readonly events: readonly SixtyNineEvent[];
  /** Every finished round, oldest first. */
  readonly rounds: readonly RoundRecord[];
  /** In a steal sequence: whose chance it is and the table position of the set it decides on. */
  readonly chance: { readonly seat: Seat; readonly set: number } | null;
  readonly scramble: ScrambleProgress | null;
  /** S13: the seat whose hand emptied this round, once one has. */
  readonly ender: Seat | null;
  /** S15: once over, every seat at 69 or more. */
  readonly winners: readonly Seat[];
  readonly result: GameResult | null;
}

export interface SixtyNineSeatView extends SixtyNinePublicView {
  readonly seat: Seat;
  /** Its cards, sorted by id. */
  readonly hand: readonly CardCode[];
  /** Its own forced moves (S18). */
  readonly forced: readonly ForcedMove[];
  /** The legal actions when this seat is to move, else empty. */
  readonly legalActions: readonly SixtyNineAction[];
}

export interface SixtyNineSpectatorView extends SixtyNinePublicView {
  /** By seat, its cards, sorted. */
  readonly hands: readonly (readonly CardCode[])[];
  /** The cards left in the deck, top first. */
  readonly deck: readonly CardCode[];
  /** Every round's deck so far, top first, and its pulled cards (§5). */
  readonly decks: readonly (readonly CardCode[])[];
  readonly pulls: readonly (readonly CardCode[])[];
  /** Every forced move (S18). */
  readonly forced: readonly ForcedMove[];
}

export const codes = (cards: readonly number[]): CardCode[] => cards.map((card) => CARD_CODES[card]!);
const hasLock = (cards: readonly number[]): boolean => cards.some((card) => card >= LOCK_BASE && card < SCRAMBLE_BASE);

const DECISIONS: readonly (DecisionKind | null)[] = ['turn', 'scramble', 'form', 'steal', null];

function scrambleProgress(s: SixtyNineState): ScrambleProgress | null {
  if (s.phase === Phase.Scramble) return { seat: s.scrambleSeat, rearranging: false, formed: [], forming: [], unplaced: [] };
  if (s.phase !== Phase.Form) return null;
  return { seat: s.scrambleSeat, rearranging: true, formed: s.formed.map(codes), forming: codes(s.forming), unplaced: codes(s.unplaced) };
}

export function publicView(s: SixtyNineState): SixtyNinePublicView {
  const over = s.phase === Phase.Over;
  return {
    game: 'sixty-nine',
    seats: s.seats,
    round: s.round,
    dealer: s.dealer,
    phase: PHASE_NAMES[s.phase],
    decision: DECISIONS[s.phase]!,
    toMove: over ? null : s.toMove,
    deckSize: s.deck.length - s.top,
    handSizes: s.hands.map((hand) => hand.length),
    table: s.table.map((cards, i) => {
      const claimed = s.claimant[i]! >= 0;
      return { cards: codes(cards), claimant: claimed ? s.claimant[i]! : null, claimCount: claimed ? s.claimCount[i]! : null, locked: claimed && hasLock(cards) };
    }),
    captured: s.captured.map(codes),
    totals: s.totals.slice(),
    events: s.events.slice(),
    rounds: s.past.slice(),
    chance: s.phase === Phase.Steal ? { seat: s.toMove, set: s.chanceFrom } : null,
    scramble: scrambleProgress(s),
    ender: s.ender < 0 ? null : s.ender,
    winners: over ? winnersOf(s) : [],
    result: result(s),
  };
}

const forcedMove = (record: ForcedRecord): ForcedMove => record;

export function seatView(s: SixtyNineState, seat: Seat): SixtyNineSeatView {
  return {
    ...publicView(s),
    seat,
    hand: codes(s.hands[seat]!),
    forced: s.forced.filter((record) => record.seat === seat).map(forcedMove),
    legalActions: s.phase !== Phase.Over && s.toMove === seat ? legalActions(s) : [],
  };
}

export function spectatorView(s: SixtyNineState): SixtyNineSpectatorView {
  return {
    ...publicView(s),
    hands: s.hands.map(codes),
    deck: codes(s.deck.slice(s.top)),
    decks: s.decks.map(codes),
    pulls: s.pulls.map(codes),
    forced: s.forced.map(forcedMove),
  };
}
