/**
 * One seat's bot log as the platform stores it beside the replay (GET /api/matches/:id/logs): each
 * decision's output behind a `[move K] ` prefix, entries joined by a newline. Written by the worker,
 * read by the `xix` command and the web viewer: the format lives here, in one place. A line
 * `[move K] …` starts an entry only when K is a later decision of that seat in the replay, so a bot
 * that prints such a line itself is not cut at a move it did not decide. No I/O.
 */
import type { Replay } from './replay.ts';

const PREFIX = /^\[move (\d+)\] ?/;

/** A seat's log from what it printed at each of its decisions, in order. */
export function storedLog(entries: readonly { readonly move: number; readonly text: string }[]): string {
  return entries.map((entry) => `[move ${entry.move}] ${entry.text}`).join('\n');
}

/** One seat's stored log: its entries, and any text before the first one (a damaged log). */
export function parseStoredLog(text: string, decides: (move: number) => boolean): { entries: { move: number; text: string }[]; unplaced: string } {
  const entries: { move: number; lines: string[] }[] = [];
  const before: string[] = [];
  for (const line of text.split('\n')) {
    const prefix = PREFIX.exec(line);
    const move = Number(prefix?.[1]);
    const last = entries.at(-1);
    if (prefix !== null && (last === undefined || move > last.move) && decides(move)) entries.push({ move, lines: [line.slice(prefix[0].length)] });
    else (last?.lines ?? before).push(line);
  }
  return { entries: entries.map((e) => ({ move: e.move, text: block(e.lines) })), unplaced: block(before) };
}

/** Lines as printed, one newline at the end; the worker's separator leaves an empty line after each entry. */
function block(lines: readonly string[]): string {
  const text = lines.join('\n').replace(/\n+$/, '');
  return text === '' ? '' : `${text}\n`;
}

/** Whether `seat` made decision `move` (1-based) of the replay: a move, or the forfeited decision after the last. */
export function decidedBy(replay: Pick<Replay, 'moves' | 'forfeit'>, seat: number, move: number): boolean {
  if (move >= 1 && move <= replay.moves.length) return replay.moves[move - 1]!.seat === seat;
  return move === replay.moves.length + 1 && replay.forfeit?.seat === seat;
}
