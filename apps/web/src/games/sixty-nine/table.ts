/**
 * The 69 table as one shape, whichever view it is drawn from: the spectator view (every hand), a
 * seat's view (S17: its own hand, nothing of another hand but its size) or the public view of a
 * live game (no hand card at all). A card the viewer does not know is null. At a round's end every
 * hand is shown (S17), so once the game is over the last round's hands are drawn face up for all.
 */
import type { SixtyNineCardCode as CardCode, SixtyNineEvent, SixtyNinePublicView, SixtyNineRoundRecord, SixtyNineSeatView, SixtyNineSpectatorView } from '@xix/engine';

export type { CardCode, SixtyNineEvent };

export interface SixtyNineTableSet {
  /** Its position in the table's order (S4): the `set` of actions and events. */
  readonly index: number;
  readonly cards: readonly CardCode[];
  /** S8: the seat claiming it while it is open in a steal sequence, else null. */
  readonly claimant: number | null;
  /** S8: the claim count c: how many cards a steal must add. */
  readonly claimCount: number | null;
  /** S9: locked to its claimant. */
  readonly locked: boolean;
  /** The set whose steal chance is being decided now. */
  readonly atChance: boolean;
}

export interface SixtyNineTableSeat {
  /** The hand: the cards the viewer may know, null for each one it may not. */
  readonly hand: readonly (CardCode | null)[];
  /** This round's captured pile (public, S10). */
  readonly captured: readonly CardCode[];
  readonly total: number;
}

/** A decision the engine made for a seat (S18), when the viewer may know it: its own seat's, or everything. */
export interface ShownEvent {
  readonly event: SixtyNineEvent;
  readonly forced: boolean;
}

export interface SixtyNineTable {
  /** The seat whose view this is, or null (spectator or public). */
  readonly viewer: number | null;
  readonly round: number;
  readonly dealer: number;
  readonly phase: SixtyNinePublicView['phase'];
  readonly decision: SixtyNinePublicView['decision'];
  readonly toMove: number | null;
  readonly deckSize: number;
  readonly handSizes: readonly number[];
  readonly seats: readonly SixtyNineTableSeat[];
  readonly table: readonly SixtyNineTableSet[];
  readonly chance: SixtyNinePublicView['chance'];
  readonly scramble: SixtyNinePublicView['scramble'];
  /**
   * The steal sequence in progress (S8, S12): the events since the play or Scramble that opened
   * it, in order; empty when no set is open.
   */
  readonly sequence: readonly ShownEvent[];
  /** This round's events (once over, the last round's), forced ones marked where the view may know it (S18). */
  readonly events: readonly ShownEvent[];
  readonly rounds: readonly SixtyNineRoundRecord[];
  /** S15: once over, every seat at 69 or more. */
  readonly winners: readonly number[];
  /** Each seat's place at the end (1 = first), or null while the game runs. */
  readonly places: readonly number[] | null;
  readonly result: SixtyNinePublicView['result'];
}

type AnySixtyNineView = SixtyNinePublicView | SixtyNineSeatView | SixtyNineSpectatorView;

export function sixtyNineTableOf(value: unknown): SixtyNineTable {
  if (!isSixtyNineView(value)) throw new Error('not a 69 view');
  const view = value as AnySixtyNineView;
  const viewer = 'seat' in view ? view.seat : null;
  const over = view.phase === 'over';
  const lastRound = view.rounds.at(-1);
  // once over, the round just played is in `rounds`: its hands are shown (S17), its piles are its own
  const ended = over && lastRound !== undefined && lastRound.round === view.round ? lastRound : null;
  const handOf = (seat: number): (CardCode | null)[] => {
    if (ended !== null) return [...ended.hands[seat]!];
    if ('hands' in view) return [...view.hands[seat]!];
    if ('hand' in view && viewer === seat) return [...view.hand];
    return Array.from({ length: view.handSizes[seat] ?? 0 }, () => null);
  };
  const forcedMoves = 'forced' in view ? view.forced : [];
  const events = ended?.events ?? view.events;
  // a forced take or close step points at the rearrangement, which its seat chose: only a move of the event's own kind marks it
  const forced = new Set(forcedMoves.filter((move) => move.round === view.round && events[move.event]?.type === move.action.type).map((move) => move.event));
  const shown = events.map((event, i): ShownEvent => ({ event, forced: forced.has(i) }));
  const open = view.table.some((set) => set.claimant !== null) || view.chance !== null;
  const opener = shown.findLastIndex(({ event }) => event.type === 'play' || event.type === 'keep' || event.type === 'rearrange');

  return {
    viewer,
    round: view.round,
    dealer: view.dealer,
    phase: view.phase,
    decision: view.decision,
    toMove: view.toMove,
    deckSize: view.deckSize,
    handSizes: view.handSizes,
    seats: view.totals.map((total, seat) => ({
      hand: handOf(seat),
      captured: ended?.captured[seat] ?? view.captured[seat] ?? [],
      total,
    })),
    table: view.table.map((set, index) => ({
      index,
      cards: set.cards,
      claimant: set.claimant,
      claimCount: set.claimCount,
      locked: set.locked,
      atChance: view.chance?.set === index,
    })),
    chance: view.chance,
    scramble: view.scramble,
    sequence: open && opener >= 0 ? shown.slice(opener) : [],
    events: shown,
    rounds: view.rounds,
    winners: view.winners,
    places: view.result?.ranks ?? null,
    result: view.result,
  };
}

function isSixtyNineView(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.game === 'sixty-nine' && Array.isArray(v.table) && Array.isArray(v.handSizes) && Array.isArray(v.totals) && Array.isArray(v.rounds);
}

const SUIT_NAMES: Readonly<Record<string, string>> = { A: 'suit A', B: 'suit B', C: 'suit C', D: 'suit D', E: 'suit E', F: 'suit F' };
const SPECIALS: Readonly<Record<string, { readonly mark: string; readonly words: string }>> = {
  W: { mark: 'W', words: 'Wild' },
  L: { mark: 'L', words: 'Lock' },
  X: { mark: 'X', words: 'Scramble' },
};

/** A card code (`5C`, `9A`, `L2`) for a person: its big mark, its small mark, its suit letter (null for a special) and words for a screen reader. */
export function cardFace(code: CardCode): { mark: string; small: string; suit: string | null; words: string } {
  const special = SPECIALS[code[0]!];
  if (special !== undefined) return { mark: special.mark, small: special.words, suit: null, words: special.words };
  const value = code.slice(0, -1);
  const suit = code.slice(-1);
  const flexible = value === '6' || value === '9' ? ' (counts as 6 or 9)' : value === '0' ? ' (counts as 0 or 10)' : '';
  return { mark: value, small: suit, suit, words: `${value} of ${SUIT_NAMES[suit] ?? suit}${flexible}` };
}
