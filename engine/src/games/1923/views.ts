/**
 * What a seat knows (T15), what everyone knows (the public view, for live spectators) and
 * everything (the spectator view, for finished games and replays). The only place where cards are
 * filtered: no view but the spectator's holds a hole card, a card in the shoe or a dead card, and
 * a seat's view holds no other seat's seen cards nor another seat's choice in the current step.
 */
import type { GameResult, Seat } from '../../game.ts';
import type { NineteenTwentyThreeAction } from './actions.ts';
import { cardCode, type CardCode } from './cards.ts';
import { legalActions, result } from './rules.ts';
import { CHOICE_NAMES, Choice, type ChoiceName, type NineteenTwentyThreeState } from './state.ts';

/** One pass of a draw-off (T9): the tied seats in seat order, and the card each drew face up. */
export interface DrawOffPass {
  readonly seats: readonly Seat[];
  readonly cards: readonly CardCode[];
}

/** A finished round, every card of it face up (T10, T15). */
export interface RoundRecord {
  readonly round: number;
  readonly firstSeat: Seat;
  /** T12: the war round; its hands hold one card each and its values are high-card values. */
  readonly war: boolean;
  /** Draw steps the round took, forced locks included (T14). */
  readonly steps: number;
  /** By seat, the cards in the order received: the last was the hole card (T4). */
  readonly hands: readonly (readonly CardCode[])[];
  /** By seat, the choice of each step it took part in (T5, T16). */
  readonly choices: readonly (readonly ChoiceName[])[];
  /** By seat, the hand's value (T7). */
  readonly values: readonly number[];
  readonly drawOffs: readonly DrawOffPass[];
  /** T9: the seats among which a short-shoe lot was drawn, or null when none was. */
  readonly lot: readonly Seat[] | null;
  readonly winner: Seat;
  /** Cards the winner took: every card of the round, draw-off cards included. */
  readonly cards: number;
}

/** What every seat knows of another seat (T15). */
export interface PlayerView {
  /** Cards in front of the seat this round, the hole card included. */
  readonly cards: number;
  readonly locked: boolean;
  /** The choice of each step of this round that has resolved. */
  readonly choices: readonly ChoiceName[];
  /** The cards it has won, face up. */
  readonly pile: readonly CardCode[];
}

/** What everyone knows: the public view, and the part every view shares. */
export interface NineteenTwentyThreePublicView {
  readonly game: '1923';
  readonly seats: number;
  readonly decks: number;
  /** The round being played, or the last one once the game is over. */
  readonly round: number;
  readonly firstSeat: Seat;
  /** The draw step being decided, 1-based. */
  readonly step: number;
  /** The seat deciding now, null when the game is over. */
  readonly toMove: Seat | null;
  /** Cards left in the shoe; once the game is over these are the dead cards (T11). */
  readonly shoe: number;
  readonly players: readonly PlayerView[];
  readonly rounds: readonly RoundRecord[];
  readonly result: GameResult | null;
}

export interface NineteenTwentyThreeSeatView extends NineteenTwentyThreePublicView {
  readonly seat: Seat;
  /** This seat's seen cards this round, in the order received; its hole card is never shown (T4). */
  readonly seen: readonly CardCode[];
  /** This seat's choice earlier in the current step, not yet resolved (T15). */
  readonly choice: 'hit' | 'lock' | null;
  /** The legal actions when this seat is to move, else empty. */
  readonly legalActions: readonly NineteenTwentyThreeAction[];
}

export interface NineteenTwentyThreeSpectatorView extends NineteenTwentyThreePublicView {
  /** By seat, this round's seen cards and hole card. */
  readonly hands: readonly { readonly seen: readonly CardCode[]; readonly hole: CardCode | null }[];
  /** By seat, the choice made in the current step before it resolves. */
  readonly pending: readonly ('hit' | 'lock' | null)[];
  /** The shoe in order, top first: once the game is over, the dead cards. */
  readonly shoeCards: readonly CardCode[];
  /** T9: the winning seats of the lots drawn so far. */
  readonly lots: readonly Seat[];
}

export function publicView(s: NineteenTwentyThreeState): NineteenTwentyThreePublicView {
  return {
    game: '1923',
    seats: s.seats,
    decks: s.setup.decks,
    round: s.round,
    firstSeat: s.firstSeat,
    step: s.step,
    toMove: s.over ? null : s.toMove,
    shoe: s.shoe.length - s.top,
    players: s.hands.map((hand, seat) => ({
      cards: hand.length,
      locked: s.locked[seat]!,
      choices: s.choices[seat]!.map((choice) => CHOICE_NAMES[choice] as ChoiceName),
      pile: s.piles[seat]!.map(cardCode),
    })),
    rounds: s.rounds.slice(),
    result: result(s),
  };
}

export function seatView(s: NineteenTwentyThreeState, seat: Seat): NineteenTwentyThreeSeatView {
  const hand = s.hands[seat]!;
  return {
    ...publicView(s),
    seat,
    seen: hand.slice(0, -1).map(cardCode),
    choice: pendingName(s.pending[seat]!),
    legalActions: !s.over && s.toMove === seat ? legalActions(s) : [],
  };
}

export function spectatorView(s: NineteenTwentyThreeState): NineteenTwentyThreeSpectatorView {
  return {
    ...publicView(s),
    hands: s.hands.map((hand) => ({ seen: hand.slice(0, -1).map(cardCode), hole: hand.length === 0 ? null : cardCode(hand[hand.length - 1]!) })),
    pending: s.pending.map(pendingName),
    shoeCards: s.shoe.slice(s.top).map(cardCode),
    lots: s.lots.slice(0, s.lotsUsed),
  };
}

const pendingName = (choice: number): 'hit' | 'lock' | null => (choice === Choice.Hit ? 'hit' : choice === Choice.Lock ? 'lock' : null);
