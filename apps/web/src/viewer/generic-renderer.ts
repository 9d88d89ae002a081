/**
 * The renderer of a game without one of its own (games/registry.ts): any game's view drawn as
 * readable structured content — whose turn it is, each seat with what the view says of it, the
 * rest of the state, the history (newest first) and, at the end, the result. It draws the view it
 * is given and nothing else, each value as the view holds it: a live game's public view, a seat's
 * view or the spectator's (a replay), so nothing the view does not hold can reach the page.
 *
 * It reads a few habits of the engine's views, none of them required: `toMove` (the seat to move,
 * null when nobody is), `seat` (the seat whose view it is), `history` (the moves so far),
 * `legalActions` (a seat's choices) and `game` (the id: left out). An array with one entry per
 * seat is drawn with the seats; a field named `seat`, `toMove`, `winner` or ending in `Seat` names
 * a seat. Each value is its own text (a list's items too), so a test can find every value drawn.
 */
import { el, fill } from '../dom.ts';
import './generic-renderer.css';
import type { Outcome, RenderContext, Renderer } from './renderer.ts';

/** The newest moves of the history drawn; the count of the earlier ones is said. */
const HISTORY_SHOWN = 12;
/** Fields drawn apart from the rest of the state (or not at all: `game`). */
const SPECIAL = new Set(['game', 'toMove', 'seat', 'history']);

type Name = (seat: number) => string;
type Json = null | boolean | number | string | readonly Json[] | { readonly [key: string]: Json };

export const genericRenderer: Renderer = {
  render(root: HTMLElement, view: unknown, context: RenderContext): void {
    if (typeof view !== 'object' || view === null || Array.isArray(view)) throw new Error('the view is not an object');
    const fields = view as Readonly<Record<string, Json>>;
    const seatCount = context.seats.length;
    const name: Name = (seat) => context.seats[seat]?.name ?? `Seat ${seat}`;
    const toMove = isSeat(fields.toMove, seatCount) ? fields.toMove : null;
    const viewer = isSeat(fields.seat, seatCount) ? fields.seat : null;
    const perSeat = Object.entries(fields).filter(([key, value]) => !SPECIAL.has(key) && key !== 'legalActions' && Array.isArray(value) && value.length === seatCount);
    const rest = Object.entries(fields).filter(([key]) => !SPECIAL.has(key) && !perSeat.some(([seatKey]) => seatKey === key));
    const outcome = context.outcome;
    fill(root,
      el('div', { class: 'generic-table', 'data-game': context.game, 'data-seats': seatCount },
        statusLine(toMove, viewer, outcome, name),
        el('div', { class: 'generic-seats' }, ...context.seats.map((_, seat) => seatPanel(seat, {
          toMove: seat === toMove, viewer: seat === viewer, place: outcome === null ? null : placeOf(outcome, seat),
          fields: perSeat.map(([key, values]) => [key, (values as readonly Json[])[seat]!] as const),
        }, name, seatCount))),
        rest.length > 0 && el('section', { class: 'generic-state', 'aria-label': 'the rest of the state' },
          el('dl', { class: 'generic-fields' }, ...rest.map(([key, value]) => field(key, value, name, seatCount)))),
      ),
      outcome !== null && el('p', { class: 'generic-result', 'data-result': outcome.winner, role: 'status' }, ...describeOutcome(outcome, name)),
      Array.isArray(fields.history) && historyPanel(fields.history, name, seatCount),
    );
  },
};

function statusLine(toMove: number | null, viewer: number | null, outcome: Outcome | null, name: Name): HTMLElement {
  return el('p', { class: 'generic-status' },
    el('span', { 'data-to-move': toMove ?? '' }, toMove !== null ? `${name(toMove)} to move` : outcome !== null ? 'The game is over' : 'Nobody to move'),
    viewer !== null && el('span', {}, `As ${name(viewer)} saw it`),
  );
}

interface SeatShown {
  readonly toMove: boolean;
  readonly viewer: boolean;
  readonly place: number | null;
  readonly fields: readonly (readonly [string, Json])[];
}

function seatPanel(seat: number, shown: SeatShown, name: Name, seatCount: number): HTMLElement {
  return el('section', { class: 'generic-seat', 'data-seat': seat, 'data-to-move': String(shown.toMove), 'aria-label': `${name(seat)}, seat ${seat}` },
    el('header', { class: 'generic-seat-head' },
      el('span', { class: 'generic-name' }, name(seat), el('small', {}, ` seat ${seat}`)),
      shown.viewer && el('span', { class: 'generic-tag' }, 'this view'),
      shown.place !== null && el('span', { class: `generic-tag${shown.place === 1 ? ' generic-winner' : ''}`, 'data-place': shown.place }, placeName(shown.place)),
      shown.toMove && el('span', { class: 'generic-turn' }, 'to move'),
    ),
    shown.fields.length > 0 && el('dl', { class: 'generic-fields' }, ...shown.fields.map(([key, value]) => field(key, value, name, seatCount))),
  );
}

function field(key: string, value: Json, name: Name, seatCount: number): HTMLElement {
  return el('div', { class: 'generic-field', 'data-field': key },
    el('dt', {}, words(key)),
    el('dd', {}, valueView(key, value, name, seatCount)),
  );
}

/** A value as the view holds it; a seat by its name; null (unknown to this view, or none) as a dash. */
function valueView(key: string, value: Json, name: Name, seatCount: number): Node {
  if (value === null) return el('span', { class: 'generic-none', title: 'none, or not known to this view' }, '–');
  if (typeof value === 'boolean') return el('span', { class: 'generic-value' }, value ? 'yes' : 'no');
  if (typeof value === 'number' && namesSeat(key) && isSeat(value, seatCount)) return el('span', { class: 'generic-value', 'data-seat-ref': value }, name(value));
  if (typeof value !== 'object') return el('span', { class: 'generic-value' }, String(value));
  if (Array.isArray(value)) {
    if (value.length === 0) return el('span', { class: 'generic-none' }, 'none');
    if (value.every((item) => item === null || typeof item !== 'object')) return el('span', { class: 'generic-list' }, ...value.map((item) => valueView(key, item, name, seatCount)));
    return el('ol', { class: 'generic-entries' }, ...value.map((item) => el('li', {}, valueView(key, item, name, seatCount))));
  }
  const entries = Object.entries(value as Readonly<Record<string, Json>>);
  if (entries.length === 0) return el('span', { class: 'generic-none' }, 'none');
  return el('span', { class: 'generic-pairs' }, ...entries.map(([inner, item]) => el('span', { class: 'generic-pair' }, el('span', { class: 'generic-key' }, words(inner).toLowerCase()), ' ', valueView(inner, item, name, seatCount))));
}

function historyPanel(history: readonly Json[], name: Name, seatCount: number): HTMLElement {
  const newest = history.slice(-HISTORY_SHOWN).map((entry, i, shown) => ({ entry, number: history.length - shown.length + i + 1 })).reverse();
  const earlier = history.length - newest.length;
  return el('section', { class: 'generic-history', 'aria-label': 'history' },
    el('h3', {}, `History: ${history.length} ${history.length === 1 ? 'entry' : 'entries'}`),
    history.length === 0
      ? el('p', { class: 'generic-none' }, 'Nothing yet.')
      : el('ol', { reversed: true, start: history.length }, ...newest.map(({ entry, number }, i) =>
        el('li', { class: i === 0 ? 'generic-newest' : null, value: number, 'data-entry': number }, ...entryView(entry, name, seatCount)))),
    earlier > 0 && el('p', { class: 'generic-earlier' }, `and ${earlier} earlier`),
  );
}

/** A history entry: who (its `seat`), then the rest of it. */
function entryView(entry: Json, name: Name, seatCount: number): (Node | string)[] {
  if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) return [valueView('', entry, name, seatCount)];
  const { seat, ...rest } = entry as Readonly<Record<string, Json>>;
  const who = isSeat(seat, seatCount) ? [el('span', { class: 'generic-who', 'data-seat-ref': seat }, name(seat))] : [];
  const what = Object.keys(rest).length === 0 ? [] : [valueView('', rest, name, seatCount)];
  return [...who, ...(who.length > 0 && what.length > 0 ? [' '] : []), ...what];
}

function describeOutcome(outcome: Outcome, name: Name): (Node | string)[] {
  const winners = outcome.ranks === undefined ? [outcome.winner] : outcome.ranks.flatMap((place, seat) => (place === 1 ? [seat] : []));
  const why = outcome.forfeit !== null
    ? `${name(outcome.forfeit.seat)} forfeited (${outcome.forfeit.verdict}: ${outcome.forfeit.message})`
    : words(outcome.reason).toLowerCase();
  return [
    `${winners.map(name).join(' and ')} ${winners.length === 1 ? 'wins' : 'share the win'} — points `,
    el('span', { class: 'generic-list' }, ...outcome.points.map((points) => el('span', { class: 'generic-value' }, String(points)))),
    ` — ${why}`,
  ];
}

function placeOf(outcome: Outcome, seat: number): number {
  return outcome.ranks?.[seat] ?? (seat === outcome.winner ? 1 : 2);
}

function placeName(place: number): string {
  const suffix = place % 10 === 1 && place !== 11 ? 'st' : place % 10 === 2 && place !== 12 ? 'nd' : place % 10 === 3 && place !== 13 ? 'rd' : 'th';
  return `${place}${suffix}`;
}

function isSeat(value: unknown, seatCount: number): value is number {
  return Number.isInteger(value) && (value as number) >= 0 && (value as number) < seatCount;
}

function namesSeat(key: string): boolean {
  return key === 'seat' || key === 'toMove' || key === 'winner' || key.endsWith('Seat');
}

/** A field's name for people: `allSecrets` → "All secrets", `last-stone` → "Last stone". */
function words(key: string): string {
  const spaced = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').replace(/[-_]+/g, ' ').toLowerCase();
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}
