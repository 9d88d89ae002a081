/**
 * A XIX seat's view as text for `xix replay show --seat` and `xix replay rerun`: the situation
 * before a decision, the public history (a card traded face down stays unknown, R11), an action.
 */
import type { HistoryEvent, XixSeatView } from '@xix/engine';
import type { SeatEvent } from '../game-text.ts';

/** One seat's situation before it decides. */
export function situation(v: XixSeatView): string {
  const slots = v.strikeRow.map((s) => (s.card === null ? '?' : s.faceUp ? `${s.card}` : `(${s.card})`)).join(' ');
  const known = v.opponent.closedKnown.length > 0 ? ` (known: ${cards(v.opponent.closedKnown)})` : '';
  const other = 1 - v.seat;
  return [
    `exchange ${v.exchange}, trick ${v.trick}, ${v.phase}; you hold ${cards(v.hand.closed)}${v.hand.open.length > 0 ? ` | open ${cards(v.hand.open)}` : ''}`,
    `    opponent: ${v.opponent.closedCount} closed${known}${v.opponent.open.length > 0 ? `, open ${cards(v.opponent.open)}` : ''}; strike row ${slots} ((n) face down, ? unknown)`,
    `    ${v.led === null ? '' : `led ${v.led}; `}strikes you ${v.strikes[v.seat]}, opponent ${v.strikes[other]} (stakes ${v.stakes}); points you ${v.points[v.seat]}, opponent ${v.points[other]}${v.pool.length > 0 ? `; pool ${cards(v.pool)}` : ''}`,
  ].join('\n');
}

/** The view's history; a forced abandon (the third strike) is the rules' doing, not a decision. */
export function history(v: XixSeatView): SeatEvent[] {
  return v.history.map((e) => ({ seat: e.seat, text: event(e), decided: !(e.type === 'abandon' && e.forced) }));
}

function event(e: HistoryEvent): string {
  switch (e.type) {
    case 'play':
    case 'pick':
      return `${e.type} ${e.card}`;
    case 'raise':
      return 'raise';
    case 'abandon':
      return e.forced ? 'abandon (forced: third strike)' : 'abandon';
    case 'trade':
      return `trade: ${e.card ?? 'a hidden card'} from the ${e.from} hand into slot ${e.slot}, took ${e.took ?? 'a hidden card'}`;
  }
}

/** An action as short text: `play 5`, `trade 7 for slot 2`; JSON for anything else (a bot's wrong answer). */
export function action(value: unknown): string {
  const a = value as { type?: unknown; card?: unknown; slot?: unknown } | null;
  if (typeof a?.type !== 'string') return JSON.stringify(value) ?? String(value);
  if (a.type === 'trade') return `trade ${String(a.card)} for slot ${String(a.slot)}`;
  return a.card === undefined ? a.type : `${a.type} ${String(a.card)}`;
}

const cards = (list: readonly number[]): string => (list.length === 0 ? '-' : list.join(' '));
