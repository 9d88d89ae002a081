/**
 * A Nineteen seat's view as text for `xix replay show --seat` and `xix replay rerun`: what the seat
 * knew when it decided (N21: its own cards, the kitty only if it took it, discard counts, flip
 * cards, every bid and card played, the scores), its public history and an action.
 */
import { NINETEEN_GAME_POINTS, formatNineteenAction, type HandRecord, type NineteenAction, type NineteenSeatView, type OwnHandRecord } from '@xix/engine';
import type { SeatEvent } from '../game-text.ts';

const cards = (list: readonly string[] | null | undefined): string => (list === null || list === undefined || list.length === 0 ? '-' : list.join(' '));

/** A seat as this seat calls it: `you` or `seat N`. */
const seatName = (v: NineteenSeatView, seat: number): string => (seat === v.seat ? 'you' : `seat ${seat}`);

/** A side by its seats (N1): `you`, `seat 1`, or `your side (0, 2)` / `side 1 (1, 3)` in partnerships. */
export function sideName(v: Pick<NineteenSeatView, 'sides' | 'style'> & { readonly seat?: number }, side: number): string {
  const seats = v.sides.flatMap((s, seat) => (s === side ? [seat] : []));
  const mine = v.seat !== undefined && v.sides[v.seat] === side;
  if (v.style !== 'partners') return mine ? 'you' : `seat ${seats[0]}`;
  return `${mine ? 'your side' : `side ${side}`} (seats ${seats.join(', ')})`;
}

/** By side, as `name score`, for the scores and the points of a hand. */
export const bySide = (v: Pick<NineteenSeatView, 'sides' | 'style'> & { readonly seat?: number }, values: readonly number[]): string =>
  values.map((value, side) => `${sideName(v, side)} ${value}`).join(', ');

/** The tricks each side has taken so far in a hand (N13: points by side come from these). */
export function tricksTaken(v: Pick<NineteenSeatView, 'sides'>, hand: HandRecord): number[] {
  const taken = new Array<number>(Math.max(...v.sides) + 1).fill(0);
  for (const trick of hand.tricks) if (trick.winner !== null) taken[v.sides[trick.winner]!]!++;
  return taken;
}

/** One seat's situation before it decides. */
export function situation(v: NineteenSeatView): string {
  const hand = v.hands.at(-1)!;
  const own = v.own.at(-1);
  const lines = [`hand ${v.hand}${v.suddenDeath ? ' (sudden death)' : ''}, dealer ${seatName(v, v.dealer)}, ${v.phase}; you hold ${cards(v.cards)}`];
  const others = v.handSizes.flatMap((size, seat) => (seat === v.seat ? [] : [`${seatName(v, seat)} ${size}`])).join(', ');
  const bids = hand.bids.map((b) => `${seatName(v, b.seat)} ${b.bid === null ? 'pass' : b.bid}`).join(', ');
  lines.push(`    cards held: ${others}; bids: ${bids === '' ? '-' : bids}${hand.bagged ? ` (dealer bagged at ${hand.bid})` : ''}`);
  if (hand.trump !== null) {
    // N5, N21: the kitty's cards only for its bidder; its size for everyone else.
    const kitty = own?.kitty != null ? `you took the kitty ${cards(own.kitty)}` : `${seatName(v, hand.bidder!)} took the kitty (3 cards)`;
    const discards = hand.discards === null ? 'not all known yet' : hand.discards.map((n, seat) => `${seatName(v, seat)} ${n}`).join(', ');
    const yours = own?.discarded != null ? `; you threw ${cards(own.discarded)}` : '';
    lines.push(`    trump ${hand.trump}, ${seatName(v, hand.bidder!)} bid ${hand.bid}; ${kitty}; discards: ${discards}${yours}`);
  }
  if (hand.flips.length > 0) lines.push(`    face-up flip cards: ${hand.flips.map((f) => `${seatName(v, f.seat)} ${f.card}`).join(', ')}`);
  const trick = hand.tricks.at(-1);
  if (trick !== undefined) {
    const inPlay = trick.winner === null ? trick.cards.map((card, i) => `${seatName(v, (trick.leader + i) % v.seats)} ${card}`).join(', ') : '';
    lines.push(`    trick ${hand.tricks.length}: ${inPlay === '' ? `${seatName(v, trick.leader)} to lead` : inPlay}; tricks taken: ${bySide(v, tricksTaken(v, hand))}`);
  }
  lines.push(`    scores: ${bySide(v, v.scores)} (${NINETEEN_GAME_POINTS} goes out)`);
  return lines.join('\n');
}

/** The view's history, hand by hand, in the order things happened; forced moves are the rules' doing (N22). */
export function history(v: NineteenSeatView): SeatEvent[] {
  const events: SeatEvent[] = [];
  v.hands.forEach((hand, i) => events.push(...handEvents(v, hand, v.own[i])));
  return events;
}

function handEvents(v: NineteenSeatView, hand: HandRecord, own: OwnHandRecord | undefined): SeatEvent[] {
  const forced = (trick: number | null): boolean => v.forced.some((f) => f.hand === hand.hand && f.seat === v.seat && f.trick === trick);
  const events: SeatEvent[] = [{ seat: hand.dealer, text: `deals hand ${hand.hand}`, decided: false }];
  for (const b of hand.bids) {
    const ownForced = b.seat === v.seat && b.bid === null && forced(null);
    events.push({ seat: b.seat, text: b.bid === null ? `pass${ownForced ? ' (forced: the bid is 6)' : ''}` : `bid ${b.bid}`, decided: !ownForced });
  }
  if (hand.bidder === null) return events;
  if (hand.bagged) events.push({ seat: hand.bidder, text: `is bagged: every seat passed, the dealer bids ${hand.bid}`, decided: false });
  if (hand.trump === null) return events;
  events.push({ seat: hand.bidder, text: `trump ${hand.trump}`, decided: true });
  if (own?.kitty != null) events.push({ seat: v.seat, text: `take the kitty: ${cards(own.kitty)}`, decided: false });
  if (hand.discards === null) return events;
  hand.discards.forEach((n, seat) => events.push({ seat, text: seat === v.seat ? `discard ${cards(own?.discarded)}` : `discards ${n} card${n === 1 ? '' : 's'}`, decided: true }));
  if (own?.received != null) events.push({ seat: v.seat, text: `are served ${cards(own.received)}`, decided: false });
  for (const flip of hand.flips) events.push({ seat: flip.seat, text: `kept no card: four and a flip, ${flip.card} face up`, decided: false });
  hand.tricks.forEach((trick, t) => {
    trick.cards.forEach((card, i) => {
      const seat = (trick.leader + i) % v.seats;
      const ownForced = seat === v.seat && forced(t + 1);
      events.push({ seat, text: `play ${card}${ownForced ? ' (forced: the only legal card)' : ''}`, decided: !ownForced });
    });
    if (trick.winner !== null) events.push({ seat: trick.winner, text: `take${trick.winner === v.seat ? '' : 's'} trick ${t + 1}`, decided: false });
  });
  if (hand.points !== null && hand.scores !== null) {
    const side = v.sides[hand.bidder]!;
    const made = hand.points[side]! >= hand.bid!;
    events.push({
      seat: hand.bidder,
      text: `${made ? 'made' : 'was set on'} the bid of ${hand.bid} with ${hand.points[side]} (bonus trick ${hand.bonusTrick}); points ${bySide(v, hand.points)}; scores ${bySide(v, hand.scores)}`,
      decided: false,
    });
  }
  return events;
}

/** An action as short text (`bid 4`, `discard 2C 10D`, `play QH`); JSON for anything else (a bot's wrong answer). */
export function action(value: unknown): string {
  const a = value as { type?: unknown; amount?: unknown; suit?: unknown; cards?: unknown; card?: unknown } | null;
  const wellFormed =
    a?.type === 'pass' ||
    (a?.type === 'bid' && typeof a.amount === 'number') ||
    (a?.type === 'trump' && typeof a.suit === 'string') ||
    (a?.type === 'discard' && Array.isArray(a.cards)) ||
    (a?.type === 'play' && typeof a.card === 'string');
  return wellFormed ? formatNineteenAction(value as NineteenAction) : (JSON.stringify(value) ?? String(value));
}
