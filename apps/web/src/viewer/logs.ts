/**
 * What the owner's bots printed, by move (GET /api/matches/:id/logs, the owner's seats only). The
 * text printed while deciding move K is shown with the frame after move K. Text before a seat's
 * first `[move K]` (a damaged log) is left out: it belongs to no move.
 */
import { decidedBy, parseStoredLog, type Replay } from '@xix/engine';

export interface PrintedLines {
  readonly seat: number;
  readonly text: string;
}

/** Printed text by move number (1-based). */
export interface BotLogs {
  readonly byMove: ReadonlyMap<number, readonly PrintedLines[]>;
  /** The seats whose logs the caller may read. */
  readonly seats: readonly number[];
}

export function botLogs(logs: readonly { readonly seat: number; readonly text: string }[], replay: Pick<Replay, 'moves' | 'forfeit'>): BotLogs {
  const byMove = new Map<number, PrintedLines[]>();
  for (const { seat, text } of logs) {
    const parsed = parseStoredLog(text, (move) => decidedBy(replay, seat, move));
    for (const entry of parsed.entries) byMove.set(entry.move, [...(byMove.get(entry.move) ?? []), { seat, text: entry.text }]);
  }
  return { byMove, seats: logs.map((log) => log.seat) };
}
