/**
 * The `.log` file beside a replay that `xix replay show --seat` reads: what each bot printed, as
 * blocks headed `move K, seat S (name):`. `xix play --replays` writes it (game-N.log) and `xix fetch`
 * converts the platform's logs to it (replay.log). Tolerant by design: a header needs only "move K"
 * and "seat S"; text before the first header is kept apart.
 */
import { readFileSync } from 'node:fs';

export interface BotLogs {
  /** What a seat printed while deciding move K (1-based), by `logKey(seat, move)`. */
  readonly byMove: ReadonlyMap<string, string>;
  /** Text not under any header. */
  readonly unplaced: string;
  /** The file read, or null when there is none beside the replay. */
  readonly file: string | null;
}

export const logKey = (seat: number, move: number): string => `${seat}/${move}`;

/** What a seat printed while deciding move K (1-based), as the referee records it. */
export interface LogEntry {
  readonly seat: number;
  readonly move: number;
  readonly text: string;
}

/** The file's text for `entries`, in move order; `name(seat)` names the seat's bot in the headers. */
export function formatBotLogs(entries: readonly LogEntry[], name: (seat: number) => string): string {
  const ordered = [...entries].sort((a, b) => a.move - b.move || a.seat - b.seat);
  return ordered.map((e) => `move ${e.move}, seat ${e.seat} (${name(e.seat)}):\n${e.text.endsWith('\n') ? e.text : `${e.text}\n`}`).join('');
}

const HEADER = /^move (\d+),? seat (\d+)\b.*:\s*$/i;

/** The log beside `replayFile` (game-1.json → game-1.log); empty when it is missing. */
export function readBotLogs(replayFile: string): BotLogs {
  const file = replayFile.endsWith('.json') ? `${replayFile.slice(0, -'.json'.length)}.log` : `${replayFile}.log`;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return { byMove: new Map(), unplaced: '', file: null };
  }
  return { ...parseBotLogs(text), file };
}

export function parseBotLogs(text: string): Omit<BotLogs, 'file'> {
  const byMove = new Map<string, string>();
  let unplaced = '';
  let key: string | null = null;
  for (const line of text.split('\n')) {
    const header = HEADER.exec(line);
    if (header !== null) {
      key = logKey(Number(header[2]), Number(header[1]));
      continue;
    }
    if (key === null) unplaced += `${line}\n`;
    else byMove.set(key, `${byMove.get(key) ?? ''}${line}\n`);
  }
  // The split leaves one empty line at the end of each block: keep the text as it was printed.
  for (const [k, v] of byMove) byMove.set(k, v.replace(/\n+$/, ''));
  return { byMove, unplaced: unplaced.replace(/\n+$/, '') };
}
