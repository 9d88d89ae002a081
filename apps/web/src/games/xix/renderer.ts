/**
 * The XIX table as a person would see it: the two seats' hands (closed and open), the strike row,
 * the trick in play, strikes, stakes and points, the draft pool, the last events, whose turn it is
 * and, at the end, the result. Cards the viewer does not know are drawn face down with no value.
 * `data-*` attributes name what is drawn (the browser test reads them): data-seat, data-hand,
 * data-card (only for a card the viewer knows), data-face, data-slot, data-zone, data-points.
 */
import type { Card, HistoryEvent } from '@xix/engine';
import { el, fill } from '../../dom.ts';
import './renderer.css';
import type { Outcome, RenderContext, Renderer } from '../../viewer/renderer.ts';
import { xixTableOf, trickShown, type TrickShown, type XixTable } from './table.ts';
import { PHASE_TASKS, describeEvent, describeOutcome } from './words.ts';

const RECENT_EVENTS = 6;

type Face = 'up' | 'down';
type Name = (seat: number) => string;

export const xixRenderer: Renderer = {
  render(root: HTMLElement, view: unknown, context: RenderContext): void {
    const table = xixTableOf(view);
    const name: Name = (seat) => context.seats[seat]?.name ?? `Seat ${seat}`;
    // The seat whose view it is sits at the bottom, as at a real table; else seat 0 does.
    const bottom = table.viewer ?? 0;
    const outcome = context.outcome ?? (table.result === null ? null : { ...table.result, forfeit: null });
    fill(root,
      el('div', { class: 'xix-table', 'data-game': context.game, 'data-phase': table.phase },
        seatPanel(table, 1 - bottom, name, outcome),
        centre(table, name),
        seatPanel(table, bottom, name, outcome),
      ),
      outcome !== null && el('p', { class: 'xix-result', 'data-result': outcome.winner, role: 'status' }, describeOutcome(outcome, name)),
      recentEvents(table, name, context.move),
    );
  },
};

function seatPanel(table: XixTable, seat: number, name: Name, outcome: Outcome | null): HTMLElement {
  const hand = table.hands[seat] ?? { closed: [], open: [] };
  const toMove = table.toMove === seat;
  return el('section', { class: 'xix-seat', 'data-seat': seat, 'data-to-move': String(toMove), 'aria-label': `${name(seat)}, seat ${seat}` },
    el('header', { class: 'xix-seat-head' },
      el('span', { class: 'xix-name' }, name(seat), el('small', {}, ` seat ${seat}`)),
      table.viewer === seat && el('span', { class: 'xix-tag' }, 'this view'),
      outcome?.winner === seat && el('span', { class: 'xix-tag xix-winner' }, 'winner'),
      el('span', { class: 'xix-points' }, el('b', { 'data-points': table.points[seat] ?? 0 }, table.points[seat] ?? 0), ' pts'),
      strikePips(table.strikes[seat] ?? 0),
      toMove && el('span', { class: 'xix-turn' }, `to move: ${PHASE_TASKS[table.phase] ?? table.phase}`),
    ),
    el('div', { class: 'xix-hands' },
      handGroup('closed', 'Closed', hand.closed.map((card) => cardView(card, 'down', 'closed'))),
      handGroup('open', 'Open', hand.open.map((card) => cardView(card, 'up', 'open'))),
    ),
  );
}

function handGroup(kind: 'closed' | 'open', label: string, cards: HTMLElement[]): HTMLElement {
  return el('div', { class: `xix-hand xix-hand-${kind}`, 'data-hand': kind },
    el('span', { class: 'xix-label' }, `${label} (${cards.length})`),
    el('div', { class: 'xix-cards' }, ...(cards.length > 0 ? cards : [el('span', { class: 'xix-empty' }, 'none')])),
  );
}

function strikePips(strikes: number): HTMLElement {
  const pips = [0, 1, 2].map((i) => el('span', { class: i < strikes ? 'xix-pip xix-pip-on' : 'xix-pip' }));
  return el('span', { class: 'xix-strikes', 'data-strikes': strikes, title: `${strikes} strike${strikes === 1 ? '' : 's'} this exchange` }, ...pips);
}

/** A card; null is a card the viewer does not know (drawn face down, with no value). */
function cardView(card: Card | null, face: Face, zone: string): HTMLElement {
  if (card === null) return el('span', { class: 'xix-card xix-card-back', 'data-face': 'down', 'data-zone': zone, role: 'img', 'aria-label': 'hidden card' });
  const tone = card <= 6 ? 'low' : card <= 12 ? 'mid' : 'high';
  return el('span', {
    class: `xix-card xix-card-${face} xix-tone-${tone}`, 'data-card': card, 'data-face': face, 'data-zone': zone,
    role: 'img', 'aria-label': face === 'down' ? `${card}, face down` : String(card),
  }, el('span', { class: 'xix-card-corner' }, card), el('span', { class: 'xix-card-value' }, card));
}

function centre(table: XixTable, name: Name): HTMLElement {
  const lastTrade = table.history.at(-1)?.type === 'trade' ? (table.history.at(-1) as { slot: number }).slot : null;
  return el('section', { class: 'xix-centre', 'aria-label': 'table' },
    el('p', { class: 'xix-status' },
      el('span', {}, `Exchange ${table.exchange}`),
      el('span', {}, `trick ${table.trick}`),
      el('span', { 'data-stakes': table.stakes }, `stakes ${table.stakes}`),
    ),
    phaseLine(table, name) !== '' && el('p', { class: 'xix-phase' }, phaseLine(table, name)),
    el('div', { class: 'xix-zone', 'data-zone': 'row' },
      el('span', { class: 'xix-label' }, 'Strike row'),
      el('div', { class: 'xix-row' }, ...table.row.map((slot, i) =>
        el('div', { class: `xix-slot${lastTrade === i ? ' xix-recent' : ''}`, 'data-slot': i },
          cardView(slot.card, slot.faceUp ? 'up' : 'down', 'row'), el('small', {}, `slot ${i}`)))),
    ),
    el('div', { class: 'xix-middle' },
      trickZone(table, name, trickShown(table)),
      table.pool.length > 0 && el('div', { class: 'xix-zone', 'data-zone': 'pool' },
        el('span', { class: 'xix-label' }, table.phase === 'draft' ? 'Draft pool' : 'Played this exchange'),
        el('div', { class: 'xix-cards' }, ...table.pool.map((card) => cardView(card, 'up', 'pool')))),
      table.discard !== null && el('div', { class: 'xix-zone', 'data-zone': 'discard' },
        el('span', { class: 'xix-label' }, 'Set aside'),
        el('div', { class: 'xix-cards' }, cardView(table.discard, 'down', 'discard'))),
    ),
  );
}

function phaseLine(table: XixTable, name: Name): string {
  if (table.exchangeWinner === null || table.phase === 'over') return '';
  const loser = 1 - table.exchangeWinner;
  return table.phase === 'draft'
    ? `${name(table.exchangeWinner)} won the exchange; the draft is on`
    : `${name(table.exchangeWinner)} won the exchange; ${name(loser)} trades`;
}

function trickZone(table: XixTable, name: Name, trick: TrickShown): HTMLElement | null {
  // between exchanges (draft, trade) an empty trick says nothing
  if (trick.kind === 'none' && (table.phase === 'draft' || table.phase === 'trade')) return null;
  const body = trick.kind === 'led'
    ? [playedCard(`${name(trick.seat)} led`, trick.card)]
    : trick.kind === 'taken'
      ? [...trick.plays.map((play) => playedCard(name(play.seat), play.card)), el('small', { class: 'xix-taker' }, `${name(trick.taker)} takes the trick`)]
      : [el('span', { class: 'xix-empty' }, 'no card in play')];
  return el('div', { class: 'xix-zone', 'data-zone': 'trick', 'data-trick': trick.kind },
    el('span', { class: 'xix-label' }, trick.kind === 'taken' ? 'Last trick' : 'Trick in play'),
    el('div', { class: 'xix-cards' }, ...body));
}

function playedCard(caption: string, card: Card): HTMLElement {
  return el('figure', { class: 'xix-played' }, cardView(card, 'up', 'trick'), el('figcaption', {}, caption));
}

function recentEvents(table: XixTable, name: Name, move: number): HTMLElement {
  const events = numberedEvents(table.history, move).slice(-RECENT_EVENTS).reverse();
  return el('section', { class: 'xix-events', 'aria-label': 'recent events' },
    el('h3', {}, 'Last moves'),
    events.length === 0
      ? el('p', { class: 'xix-empty' }, 'The game is about to start.')
      : el('ol', { reversed: true }, ...events.map(({ event, number }, i) => el('li', { value: number, 'data-event': event.type, 'data-move-number': number, class: i === 0 ? 'xix-newest' : '' }, describeEvent(event, name)))),
  );
}

/**
 * Each event of the history with the move that made it, the newest being `move`'s: one event per
 * move, but a forced abandon (the third strike, R5) is no decision and comes with the move that
 * finished the trick.
 */
export function numberedEvents(history: readonly HistoryEvent[], move: number): { event: HistoryEvent; number: number }[] {
  let number = move;
  const numbered: { event: HistoryEvent; number: number }[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const event = history[i]!;
    numbered.push({ event, number });
    if (!(event.type === 'abandon' && event.forced)) number--;
  }
  return numbered.reverse();
}
