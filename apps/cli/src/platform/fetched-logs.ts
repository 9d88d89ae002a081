/**
 * The platform's bot logs (GET /api/matches/:id/logs) turned into the `.log` format that
 * `xix replay show --seat` reads (replay/bot-log.ts). The stored format and its parser are in
 * engine/src/stored-log.ts.
 */
import { decidedBy, parseStoredLog, type Replay } from '@xix/engine';
import { formatBotLogs, type LogEntry } from '../replay/bot-log.ts';

export { parseStoredLog };

export interface StoredLog {
  readonly seat: number;
  readonly text: string;
}

/** The `.log` file's text for the seats' stored logs; '' when they printed nothing. */
export function convertStoredLogs(logs: readonly StoredLog[], replay: Replay): string {
  const entries: LogEntry[] = [];
  let unplaced = '';
  for (const { seat, text } of logs) {
    const parsed = parseStoredLog(text, (move) => decidedBy(replay, seat, move));
    unplaced += parsed.unplaced;
    entries.push(...parsed.entries.map((e) => ({ seat, ...e })));
  }
  return unplaced + formatBotLogs(entries, (seat) => replay.seats[seat]?.name ?? `seat ${seat}`);
}
