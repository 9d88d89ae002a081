/**
 * `xix replay show FILE --seat N`: the game as seat N saw it (its views, never the whole deal,
 * R11), with what its bot printed beside each of its moves. What the other seats did appears as
 * the seat's own history shows it (XIX: a card traded face down stays unknown), in the game's text
 * (games/registry.ts).
 */
import { findGame, type Replay } from '@xix/engine';
import { textOf } from '../games/registry.ts';
import { logKey, type BotLogs } from './bot-log.ts';
import { seatViews } from './seat-views.ts';
import type { Simulation } from './simulate.ts';

export function renderSeat(replay: Replay, seat: number, logs: BotLogs, out: (line: string) => void): Simulation {
  const game = findGame(replay.game.id)!;
  const text = textOf(game);
  const who = (s: number): string => (s === seat ? 'you' : (replay.seats[s]?.name ?? `seat ${s}`));
  out(`${replay.game.id} replay as seat ${seat} (${replay.seats[seat]?.name}) saw it, against ${replay.seats.filter((_, s) => s !== seat).map((s) => s.name).join(', ')}: only what this seat knew (R11)`);
  out(logs.file === null ? '(no .log file beside the replay: nothing the bot printed)' : `bot output from ${logs.file}`);
  if (logs.unplaced !== '') out(indent(logs.unplaced, '  | '));
  let shown = 0;
  /** What happened since the seat last decided, as its own history tells it (its own decisions are shown as moves). */
  const others = (view: unknown): void => {
    const history = text.history(view);
    for (const e of history.slice(shown)) if (e.seat !== seat || !e.decided) out(`  ${who(e.seat)}: ${e.text}`);
    shown = history.length;
  };
  return seatViews(game, replay, seat, ({ index, move, view }) => {
    if (move === undefined) end(view);
    else if (move.seat === seat) {
      others(view);
      out('');
      out(`move ${index + 1}: ${text.situation(view)}`);
      const legal = (view as { legalActions?: readonly unknown[] }).legalActions ?? [];
      const listed = legal.slice(0, LISTED).map(text.action).join(', ') + (legal.length > LISTED ? ', …' : '');
      out(`  → ${text.action(move.action)}   (${legal.length} legal: ${listed})`);
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

/** Legal actions listed beside a move (a XIX trade offers up to 30). */
const LISTED = 8;

const indent = (text: string, prefix: string): string => text.split('\n').map((l) => `${prefix}${l}`).join('\n');
