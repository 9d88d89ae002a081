/**
 * Nineteen replays as text, hand by hand, with everything the replay holds (it is a finished game:
 * every hand, kitty and discard shows): the deal, the bids, the trump and the kitty, each seat's
 * discard and what it was served (a flip card marked), every trick and who took it, the bonus
 * trick, the points and the scores by side, then the result. The engine re-simulates the game.
 */
import { nineteen, type HandRecord, type NineteenSpectatorView, type NineteenState, type Replay } from '@xix/engine';
import { simulate, type Simulation } from '../../replay/simulate.ts';

const cards = (list: readonly string[] | null | undefined): string => (list === null || list === undefined || list.length === 0 ? '-' : list.join(' '));

const REASONS: Readonly<Record<string, string>> = {
  'bidder-out': 'the bidder went out (N14)',
  out: 'went out (N14)',
  'most-out': 'several went out, the most points win (N14)',
  'sudden-death': 'sudden death (N15)',
  'hand-limit': 'the 100-hand limit, the most points win (N16)',
  'hand-limit-shared': 'the 100-hand limit, a shared win (N16)',
  forfeit: 'forfeit (N18)',
};

export function renderNineteen(replay: Replay, out: (line: string) => void): Simulation {
  const who = (seat: number): string => `${replay.seats[seat]?.name || 'seat'} [${seat}]`;
  let last: NineteenSpectatorView | null = null;
  const simulation = simulate(
    nineteen,
    replay,
    ({ state }) => {
      last = nineteen.spectatorView(state as NineteenState);
    },
    (state) => {
      last = nineteen.spectatorView(state as NineteenState);
    },
  );
  const view = last as NineteenSpectatorView | null;
  if (view === null) return simulation;
  const side = (s: number): string => view.sides.flatMap((x, seat) => (x === s ? [who(seat)] : [])).join(' + ');
  const bySide = (values: readonly number[]): string => values.map((v, s) => `${side(s)} ${v}`).join(', ');
  const options = [view.shortSuit ? 'shortSuit' : '', view.reneging ? 'reneging' : ''].filter((o) => o !== '').join(', ');
  out(`Nineteen replay, ${view.seats} seats (a name's [n] is its seat), ${view.style}${options === '' ? '' : `, options ${options}`}${replay.seed === undefined ? '' : `, seed ${replay.seed}`}, rules ${replay.game.version}`);
  if (view.style === 'partners') out(`sides: ${side(0)} against ${side(1)}`);
  view.hands.forEach((hand, h) => renderHand(view, hand, h, who, bySide, out));
  out('');
  if (!simulation.ok) return simulation;
  if (replay.forfeit !== null) out(`forfeit: ${who(replay.forfeit.seat)}, ${replay.forfeit.verdict}: ${replay.forfeit.message}`);
  const r = replay.result;
  const winners = [...new Set(view.sides.filter((_, seat) => r.ranks?.[seat] === 1 || (r.ranks === undefined && seat === r.winner)))];
  // The result's points are by seat, each its side's score (N17): one per side, from the side's first seat.
  const scores = Array.from({ length: Math.max(...view.sides) + 1 }, (_, s) => r.points[view.sides.indexOf(s)]!);
  out(`result: ${winners.map(side).join(' and ')} ${winners.length > 1 ? 'share the win' : 'wins'} after ${view.hand} hand${view.hand === 1 ? '' : 's'}: ${REASONS[r.reason] ?? r.reason}; scores ${bySide(scores)}`);
  return simulation;
}

function renderHand(
  view: NineteenSpectatorView,
  hand: HandRecord,
  h: number,
  who: (seat: number) => string,
  bySide: (values: readonly number[]) => string,
  out: (line: string) => void,
): void {
  const own = view.own.map((records) => records[h]);
  const deck = view.decks[h] ?? [];
  out('');
  out(`Hand ${hand.hand}: ${who(hand.dealer)} deals${hand.hand === view.hand && view.suddenDeath ? ' (sudden death)' : ''}`);
  own.forEach((record, seat) => out(`  ${who(seat)}: ${cards(record?.dealt)}`));
  // N3: the 3 cards after the 5n dealt ones.
  out(`  kitty: ${cards(deck.slice(5 * view.seats, 5 * view.seats + 3))}`);
  out(`  bids: ${hand.bids.map((b) => `${who(b.seat)} ${b.bid === null ? 'pass' : b.bid}`).join(', ') || '-'}${hand.bagged ? `; the dealer is bagged at ${hand.bid}` : ''}`);
  if (hand.bidder === null || hand.trump === null) return;
  out(`  ${who(hand.bidder)} bids ${hand.bid}, names ${hand.trump} trump and takes the kitty`);
  const flips = new Map(hand.flips.map((f) => [f.seat, f.card]));
  own.forEach((record, seat) => {
    if (record?.discarded == null) return;
    const served = record.received === null ? '' : `, served ${cards(record.received)}${flips.has(seat) ? ` (${flips.get(seat)} face up)` : ''}`;
    out(`  ${who(seat)} throws ${cards(record.discarded)} (${record.discarded.length})${served}`);
  });
  const forced = new Set(view.forced.filter((f) => f.hand === hand.hand && f.trick !== null).map((f) => `${f.seat}/${f.trick}`));
  hand.tricks.forEach((trick, t) => {
    const played = trick.cards.map((card, i) => {
      const seat = (trick.leader + i) % view.seats;
      return `${who(seat)} ${card}${forced.has(`${seat}/${t + 1}`) ? ' (forced)' : ''}`;
    });
    const bonus = hand.bonusTrick === t + 1 ? ', the bonus trick (2 points)' : '';
    out(`  trick ${t + 1}: ${played.join(', ')}${trick.winner === null ? '' : ` → ${who(trick.winner)} takes it${bonus}`}`);
  });
  if (hand.points === null || hand.scores === null) return;
  const bidderSide = view.sides[hand.bidder]!;
  const made = hand.points[bidderSide]! >= hand.bid!;
  out(`  points ${bySide(hand.points)}: the bidder ${made ? `made ${hand.bid} (+${hand.points[bidderSide]})` : `is set (−${hand.bid})`}`);
  out(`  scores ${bySide(hand.scores)}`);
}
