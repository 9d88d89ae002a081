/**
 * The 1923 table for 2–9 seats, a grid of seats that wraps (two across on a phone): each seat's
 * cards this round (a card the viewer does not know is drawn face down with no value; the hole
 * card, the last one, is marked), locked or still drawing, the choices of the round, its pile (the
 * score); the shoe; the last round's reveal with its winner; at the end, the places. `data-*`
 * attributes name what is drawn (the browser test reads them): data-seat, data-hand, data-card
 * (only for a card the viewer knows), data-face, data-hole, data-pile, data-shoe, data-reveal.
 */
import type { CardCode, RoundRecord } from '@xix/engine';
import { el, fill } from '../../dom.ts';
import './renderer.css';
import type { Outcome, RenderContext, Renderer } from '../../viewer/renderer.ts';
import { describeDecision, roundDecision } from './tie-break.ts';
import { cardFace, nineteenTwentyThreeTableOf, type NineteenTwentyThreeTable, type NineteenTwentyThreeTableSeat } from './table.ts';

type Name = (seat: number) => string;

export const nineteenTwentyThreeRenderer: Renderer = {
  render(root: HTMLElement, view: unknown, context: RenderContext): void {
    const table = nineteenTwentyThreeTableOf(view);
    const name: Name = (seat) => context.seats[seat]?.name ?? `Seat ${seat}`;
    const outcome = context.outcome ?? (table.result === null ? null : { ...table.result, forfeit: null });
    const ranks = outcome?.ranks ?? null;
    fill(root,
      el('div', { class: 'nineteen-twenty-three-table', 'data-game': context.game, 'data-seats': table.seats.length },
        statusLine(table, name),
        el('div', { class: 'nineteen-twenty-three-seats' }, ...table.seats.map((seat, i) => seatPanel(table, seat, i, name, ranks))),
      ),
      outcome !== null && el('p', { class: 'nineteen-twenty-three-result', 'data-result': outcome.winner, role: 'status' }, describeOutcome(outcome, ranks, name)),
      table.reveal !== null && revealPanel(table.reveal, table.freshReveal, name),
    );
  },
};

function statusLine(table: NineteenTwentyThreeTable, name: Name): HTMLElement {
  const over = table.result !== null || table.toMove === null;
  return el('p', { class: 'nineteen-twenty-three-status' },
    el('span', {}, `Round ${table.round}`),
    !over && el('span', {}, `step ${table.step}`),
    el('span', { 'data-shoe': table.shoe, title: over ? 'cards left in the shoe: dead cards, never shown to a seat (T11)' : 'cards left in the shoe' },
      `${over ? 'dead cards' : 'shoe'}: ${table.shoe}`),
    el('span', {}, `${table.decks} deck${table.decks === 1 ? '' : 's'}`),
    !over && table.toMove !== null && el('span', {}, `${name(table.toMove)} to decide`),
  );
}

function seatPanel(table: NineteenTwentyThreeTable, seat: NineteenTwentyThreeTableSeat, index: number, name: Name, ranks: readonly number[] | null): HTMLElement {
  const toMove = table.toMove === index;
  const state = seat.cards.length === 0 ? 'out' : seat.locked ? 'locked' : 'drawing';
  const lastCard = seat.cards.length - 1;
  return el('section', { class: 'nineteen-twenty-three-seat', 'data-seat': index, 'data-to-move': String(toMove), 'data-state': state, 'aria-label': `${name(index)}, seat ${index}` },
    el('header', { class: 'nineteen-twenty-three-seat-head' },
      el('span', { class: 'nineteen-twenty-three-name' }, name(index), el('small', {}, ` seat ${index}`)),
      table.firstSeat === index && el('span', { class: 'nineteen-twenty-three-tag', title: 'first seat this round (T3)' }, 'first'),
      table.viewer === index && el('span', { class: 'nineteen-twenty-three-tag' }, 'this view'),
      ranks !== null && el('span', { class: `nineteen-twenty-three-tag${ranks[index] === 1 ? ' nineteen-twenty-three-winner' : ''}`, 'data-place': ranks[index] }, placeName(ranks[index] ?? 0)),
    ),
    el('div', { class: 'nineteen-twenty-three-hand', 'data-hand': '' }, ...(seat.cards.length > 0
      ? seat.cards.map((card, i) => cardView(card, i === lastCard ? 'down' : card === null ? 'down' : 'up', i === lastCard))
      : [el('span', { class: 'nineteen-twenty-three-empty' }, 'no cards')])),
    el('p', { class: 'nineteen-twenty-three-seat-foot' },
      el('span', { class: 'nineteen-twenty-three-pile' }, el('b', { 'data-pile': seat.pile }, seat.pile), ' won'),
      state !== 'out' && el('span', { class: `nineteen-twenty-three-state nineteen-twenty-three-${state}`, 'data-locked': String(seat.locked) }, seat.locked ? 'locked' : 'drawing'),
      seat.pending !== null && el('span', { class: 'nineteen-twenty-three-pending', 'data-pending': seat.pending, title: 'chosen this step, not yet resolved (T5)' }, `chose ${seat.pending}`),
      toMove && el('span', { class: 'nineteen-twenty-three-turn' }, 'hit or lock?'),
    ),
    seat.choices.length > 0 && el('p', { class: 'nineteen-twenty-three-choices', 'data-choices': seat.choices.join(' ') }, seat.choices.join(' · ')),
  );
}

/** A card; null is a card the viewer does not know (drawn face down, with no value). */
function cardView(card: CardCode | null, face: 'up' | 'down', hole: boolean): HTMLElement {
  const holeAttributes = { 'data-hole': hole ? '' : null, title: hole ? 'hole card: nobody has seen it, its owner included (T4)' : null };
  if (card === null) return el('span', { class: `nineteen-twenty-three-card nineteen-twenty-three-card-back${hole ? ' nineteen-twenty-three-hole' : ''}`, 'data-face': 'down', ...holeAttributes, role: 'img', 'aria-label': hole ? 'hole card, unseen' : 'unseen card' });
  const shown = cardFace(card);
  return el('span', {
    class: `nineteen-twenty-three-card nineteen-twenty-three-card-${face}${shown.red ? ' nineteen-twenty-three-red' : ''}${hole ? ' nineteen-twenty-three-hole' : ''}`, 'data-card': card, 'data-face': face, ...holeAttributes,
    role: 'img', 'aria-label': hole ? `${shown.words}, the hole card` : shown.words,
  }, el('span', { class: 'nineteen-twenty-three-rank' }, shown.rank), el('span', { class: 'nineteen-twenty-three-suit' }, shown.suit), el('small', { class: 'nineteen-twenty-three-deck' }, shown.deck));
}

function revealPanel(round: RoundRecord, fresh: boolean, name: Name): HTMLElement {
  return el('section', { class: `nineteen-twenty-three-reveal${fresh ? ' nineteen-twenty-three-fresh' : ''}`, 'data-reveal': round.round, 'aria-label': `round ${round.round} revealed` },
    el('h3', {}, `${fresh ? 'Just revealed' : 'Last reveal'}: round ${round.round}${round.war ? ' (war)' : ''} — ${name(round.winner)} takes ${round.cards} cards`),
    el('ol', { class: 'nineteen-twenty-three-reveal-hands', start: 0 }, ...round.hands.map((hand, seat) =>
      el('li', { class: seat === round.winner ? 'nineteen-twenty-three-round-winner' : '', 'data-reveal-seat': seat, 'data-value': round.values[seat] },
        el('span', { class: 'nineteen-twenty-three-reveal-name' }, name(seat)),
        el('span', { class: 'nineteen-twenty-three-reveal-cards' }, ...hand.map((card) => cardView(card, 'up', false))),
        el('b', {}, round.values[seat]),
      ))),
    tieBreak(round, name),
  );
}

/** Where a tie-break decided the round: which, and how it came out (T9, T12). */
function tieBreak(round: RoundRecord, name: Name): HTMLElement | null {
  const said = describeDecision(round, name);
  return said === null ? null : el('p', { class: 'nineteen-twenty-three-drawoff', 'data-decided-by': roundDecision(round).by }, said);
}

function placeName(place: number): string {
  const suffix = place % 10 === 1 && place !== 11 ? 'st' : place % 10 === 2 && place !== 12 ? 'nd' : place % 10 === 3 && place !== 13 ? 'rd' : 'th';
  return `${place}${suffix}`;
}

const REASONS: Readonly<Record<string, string>> = {
  'most-cards': 'most cards won',
  'shared-most-cards': 'a win shared: most cards won, tied (T13)',
  forfeit: 'forfeit',
};

function describeOutcome(outcome: Outcome, ranks: readonly number[] | null, name: Name): string {
  const winners = ranks === null ? [outcome.winner] : ranks.flatMap((place, seat) => (place === 1 ? [seat] : []));
  const why = outcome.forfeit !== null
    ? `${name(outcome.forfeit.seat)} forfeited (${outcome.forfeit.verdict}: ${outcome.forfeit.message})`
    : REASONS[outcome.reason] ?? outcome.reason;
  return `${winners.map(name).join(' and ')} ${winners.length === 1 ? 'wins' : 'share the win'}, cards won ${outcome.points.join('–')} — ${why}`;
}
