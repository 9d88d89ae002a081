/**
 * `xix replay show FILE --seat N`: the game as seat N saw it (its views, never the whole deal,
 * R11), with what its bot printed beside each of its moves. What the other seats did appears as
 * the seat's own history shows it: a card traded face down stays unknown.
 */
import { findGame, type HistoryEvent, type Replay, type XixSeatView } from '@xix/engine';
import { logKey, type BotLogs } from './bot-log.ts';
import { seatViews } from './seat-views.ts';
import type { Simulation } from './simulate.ts';

export function renderSeat(replay: Replay, seat: number, logs: BotLogs, out: (line: string) => void): Simulation {
  const game = findGame(replay.game.id)!;
  const who = (s: number): string => (s === seat ? 'you' : (replay.seats[s]?.name ?? `seat ${s}`));
  out(`${replay.game.id} replay as seat ${seat} (${replay.seats[seat]?.name}) saw it, against ${replay.seats.filter((_, s) => s !== seat).map((s) => s.name).join(', ')}: only what this seat knew (R11)`);
  out(logs.file === null ? '(no .log file beside the replay: nothing the bot printed)' : `bot output from ${logs.file}`);
  if (logs.unplaced !== '') out(indent(logs.unplaced, '  | '));
  let shown = 0;
  /** What happened since the seat last decided, as its own history tells it (its own decisions are shown as moves). */
  const others = (view: unknown): void => {
    const history = (view as { history?: readonly HistoryEvent[] }).history ?? [];
    for (const e of history.slice(shown)) if (e.seat !== seat || (e.type === 'abandon' && e.forced)) out(`  ${who(e.seat)}: ${event(e)}`);
    shown = history.length;
  };
  return seatViews(game, replay, seat, ({ index, move, view }) => {
    if (move === undefined) end(view);
    else if (move.seat === seat) {
      others(view);
      out('');
      out(`move ${index + 1}: ${replay.game.id === 'xix' ? situation(view as XixSeatView) : JSON.stringify(view)}`);
      const legal = (view as { legalActions?: readonly unknown[] }).legalActions ?? [];
      const listed = legal.slice(0, LISTED).map(action).join(', ') + (legal.length > LISTED ? ', …' : '');
      out(`  → ${action(move.action)}   (${legal.length} legal: ${listed})`);
      const printed = logs.byMove.get(logKey(seat, index + 1));
      if (printed !== undefined) out(indent(printed, '  | '));
    }
  });

  function end(last: unknown): void {
    others(last);
    out('');
    const forfeit = replay.forfeit;
    if (forfeit !== null) {
      out(`move ${replay.moves.length + 1}: ${who(forfeit.seat)} forfeited (${forfeit.verdict}): ${forfeit.message}`);
      const printed = logs.byMove.get(logKey(forfeit.seat, replay.moves.length + 1));
      if (forfeit.seat === seat && printed !== undefined) out(indent(printed, '  | '));
    }
    const r = replay.result;
    out(`result: ${who(r.winner)} won; points ${r.points.map((p, s) => `${who(s)} ${p}`).join(', ')} (${r.reason})`);
  }
}

/** Legal actions listed beside a move; a trade offers up to 30. */
const LISTED = 8;

/** One seat's situation before it decides (XIX). */
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

/** An action as short text: `play 5`, `trade 7 for slot 2`; JSON for anything else. */
export function action(value: unknown): string {
  const a = value as { type?: unknown; card?: unknown; slot?: unknown } | null;
  if (typeof a?.type !== 'string') return JSON.stringify(value) ?? String(value);
  if (a.type === 'trade') return `trade ${String(a.card)} for slot ${String(a.slot)}`;
  return a.card === undefined ? a.type : `${a.type} ${String(a.card)}`;
}

const cards = (list: readonly number[]): string => (list.length === 0 ? '-' : list.join(' '));
const indent = (text: string, prefix: string): string => text.split('\n').map((l) => `${prefix}${l}`).join('\n');
