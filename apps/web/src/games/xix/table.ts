/**
 * The XIX table as one shape, whichever view it is drawn from: the spectator view (everything),
 * a seat's view (R11: the other seat's closed cards unknown but those it followed) or the public
 * view of a live game (no closed card known). A card the viewer does not know is null.
 */
import { trickWinningCard, type Card, type XixPublicView, type XixSeatView, type XixSpectatorView } from '@xix/engine';

export interface TableHand {
  /** Known closed cards first, then null for each closed card the viewer does not know. */
  readonly closed: readonly (Card | null)[];
  readonly open: XixPublicView['hands'][number]['open'];
}

/** The fields every view holds, as the engine types them (Pick: they cannot drift from views.ts). */
type TableFields = 'phase' | 'toMove' | 'exchange' | 'trick' | 'leader' | 'led' | 'strikes' | 'stakes' | 'points' | 'exchangeWinner' | 'pool' | 'history' | 'result';

export interface XixTable extends Pick<XixPublicView, TableFields> {
  /** The seat whose view this is, or null (spectator or public). */
  readonly viewer: number | null;
  readonly hands: readonly TableHand[];
  /** The strike row; a face-down card the viewer does not know is null. */
  readonly row: XixPublicView['strikeRow'];
  /** The card set aside (spectator view only). */
  readonly discard: XixSpectatorView['discard'] | null;
}

type AnyXixView = XixSpectatorView | XixSeatView | XixPublicView;

export function xixTableOf(value: unknown): XixTable {
  if (!isXixView(value)) throw new Error('not a XIX view');
  const view = value as AnyXixView;
  const common = {
    phase: view.phase, toMove: view.toMove, exchange: view.exchange, trick: view.trick, leader: view.leader, led: view.led,
    strikes: view.strikes, stakes: view.stakes, points: view.points, exchangeWinner: view.exchangeWinner, pool: view.pool,
    history: view.history, result: view.result, row: view.strikeRow,
  };
  if ('seat' in view) {
    const opponent = { closed: [...view.opponent.closedKnown, ...unknown(view.opponent.closedCount - view.opponent.closedKnown.length)], open: view.opponent.open };
    const hands = view.seat === 0 ? [view.hand, opponent] : [opponent, view.hand];
    return { ...common, viewer: view.seat, hands, discard: null };
  }
  if ('discard' in view) return { ...common, viewer: null, hands: view.hands, discard: view.discard };
  const hands = view.hands.map((hand) => ({ closed: unknown(hand.closedCount), open: hand.open }));
  return { ...common, viewer: null, hands, discard: null };
}

function unknown(count: number): null[] {
  return Array.from({ length: Math.max(0, count) }, () => null);
}

function isXixView(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return v.game === 'xix' && Array.isArray(v.strikeRow) && Array.isArray(v.history) && Array.isArray(v.points) && (Array.isArray(v.hands) || typeof v.hand === 'object');
}

/** The trick on the table: the card led, or the two cards of the trick just taken (R4). */
export type TrickShown =
  | { readonly kind: 'led'; readonly seat: number; readonly card: Card }
  | { readonly kind: 'taken'; readonly plays: readonly { readonly seat: number; readonly card: Card }[]; readonly taker: number }
  | { readonly kind: 'none' };

export function trickShown(table: XixTable): TrickShown {
  if (table.led !== null) return { kind: 'led', seat: table.leader, card: table.led };
  // The last trick stays in view until the next card is played (or the draft starts).
  const events = table.history;
  let end = events.length;
  while (end > 0 && (events[end - 1]!.type === 'raise' || events[end - 1]!.type === 'abandon')) end--;
  const [first, second] = [events[end - 2], events[end - 1]];
  if (first?.type !== 'play' || second?.type !== 'play') return { kind: 'none' };
  const taker = trickWinningCard(first.card, second.card) === first.card ? first.seat : second.seat;
  return { kind: 'taken', plays: [first, second], taker };
}
