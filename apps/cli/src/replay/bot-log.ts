/**
 * Reads the `.log` file `xix play --replays` writes beside a replay: what each bot printed, as
 * blocks headed `move K, seat S (name):`. Tolerant by design (the format belongs to `xix play`):
 * a header needs only "move K" and "seat S"; text before the first header is kept apart.
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
