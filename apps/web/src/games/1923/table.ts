/**
 * The 1923 table as one shape, whichever view it is drawn from: the spectator view (every card,
 * hole cards included), a seat's view (T15: its own seen cards only, never a hole card, its own
 * included) or the public view of a live game (no card of a hand before the reveal). A card the
 * viewer does not know is null; the hole card is always the last card of a hand (T4).
 */
import type { CardCode, ChoiceName, GameResult, NineteenTwentyThreePublicView, RoundRecord, NineteenTwentyThreeSeatView, NineteenTwentyThreeSpectatorView } from '@xix/engine';

export interface NineteenTwentyThreeTableSeat {
  /** The cards in front of the seat this round, in the order received; null: unknown to the viewer. */
  readonly cards: readonly (CardCode | null)[];
  readonly locked: boolean;
  /** The resolved choice of each step of this round (T5, T16). */
  readonly choices: readonly ChoiceName[];
  /** The choice of the current step, when the viewer may know it (its own, or the spectator). */
  readonly pending: 'hit' | 'lock' | null;
  /** Cards won: the score (T13). */
  readonly pile: number;
}

export interface NineteenTwentyThreeTable {
  /** The seat whose view this is, or null (spectator or public). */
  readonly viewer: number | null;
  readonly round: number;
  readonly step: number;
  readonly firstSeat: number;
  readonly toMove: number | null;
  readonly shoe: number;
  readonly decks: number;
  readonly seats: readonly NineteenTwentyThreeTableSeat[];
  /** The last finished round, every card face up (the reveal), or null before the first ends. */
  readonly reveal: RoundRecord | null;
  /** True when the reveal just happened: the new round is dealt and nobody has decided yet. */
  readonly freshReveal: boolean;
  readonly result: GameResult | null;
}

type AnyNineteenTwentyThreeView = NineteenTwentyThreeSpectatorView | NineteenTwentyThreeSeatView | NineteenTwentyThreePublicView;

export function nineteenTwentyThreeTableOf(value: unknown): NineteenTwentyThreeTable {
  if (!isNineteenTwentyThreeView(value)) throw new Error('not a 1923 view');
  const view = value as AnyNineteenTwentyThreeView;
  const hand = (seat: number): { cards: (CardCode | null)[]; pending: 'hit' | 'lock' | null } => {
    const count = view.players[seat]!.cards;
    if ('hands' in view) {
      const { seen, hole } = view.hands[seat]!;
      return { cards: hole === null ? [...seen] : [...seen, hole], pending: view.pending[seat] ?? null };
    }
    if ('seat' in view && view.seat === seat) return { cards: [...view.seen, ...unknown(count - view.seen.length)], pending: view.choice };
    return { cards: unknown(count), pending: null };
  };
  const seats = view.players.map((player, seat) => ({ ...hand(seat), locked: player.locked, choices: player.choices, pile: player.pile.length }));
  const reveal = view.rounds.at(-1) ?? null;
  return {
    viewer: 'seat' in view ? view.seat : null,
    round: view.round,
    step: view.step,
    firstSeat: view.firstSeat,
    toMove: view.toMove,
    shoe: view.shoe,
    decks: view.decks,
    seats,
    reveal,
    freshReveal: reveal !== null && (view.result !== null || view.players.every((player) => player.choices.length === 0)),
    result: view.result,
  };
}

function unknown(count: number): null[] {
  return Array.from({ length: Math.max(0, count) }, () => null);
}

function isNineteenTwentyThreeView(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.game === '1923' && Array.isArray(v.players) && Array.isArray(v.rounds) && typeof v.shoe === 'number';
}

const RANK_NAMES: Readonly<Record<string, string>> = { A: 'A', T: '10', J: 'J', Q: 'Q', K: 'K' };
const SUIT_SYMBOLS: Readonly<Record<string, string>> = { C: '♣', D: '♦', H: '♥', S: '♠' };
const SUIT_NAMES: Readonly<Record<string, string>> = { C: 'clubs', D: 'diamonds', H: 'hearts', S: 'spades' };

/** A card code (`TH2`) for a person: rank, suit symbol, the suit's colour and words for a screen reader. */
export function cardFace(code: CardCode): { rank: string; suit: string; red: boolean; deck: string; words: string } {
  const [rank = '?', suit = '?', deck = '?'] = code;
  const shown = RANK_NAMES[rank] ?? rank;
  return { rank: shown, suit: SUIT_SYMBOLS[suit] ?? suit, red: suit === 'H' || suit === 'D', deck, words: `${shown} of ${SUIT_NAMES[suit] ?? suit}, deck ${deck}` };
}
