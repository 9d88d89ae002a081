/**
 * `xix play --replays DIR`: one replay JSON per kept game (and the bots' logs beside it), and an
 * index of every game of the series (index.tsv for scripts, index.md to read), written in game
 * order whatever order games arrive in. A folder that already holds replays is refused unless
 * `--overwrite`, which removes the old ones first: two series are never mixed in one folder.
 */
import { mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { placesOf, seatsOfEntrant, type Seating } from '@xix/referee';
import type { HostGame } from '@xix/sandbox';
import { fail } from '../cli-error.ts';
import { formatBotLogs } from '../replay/bot-log.ts';

export interface ReplayFolderOptions {
  readonly dir: string;
  readonly overwrite: boolean;
  /** Total games of the series (file names are padded to its width). */
  readonly games: number;
  /** Seats of the table (the index has a name and points column per seat). */
  readonly seats: number;
  /** Which games get a replay file; every game gets a line in the index. */
  readonly keep: (game: HostGame) => boolean;
  /** A line above the index table, e.g. who played and the seed. */
  readonly title: string;
}

export interface ReplayFolder {
  save(game: HostGame): void;
  /** Writes the index of the games saved so far; returns how many replay files were written. */
  close(): number;
}

interface IndexRow {
  readonly index: number;
  readonly cells: readonly string[];
}

const OURS = /^(game-\d+\.(json|log)|index\.(tsv|md))$/;
/** For two seats: game, seat 0, seat 1, winner, points 0, points 1, forfeit by, verdict, file. */
const columns = (seats: number): string[] => {
  const each = (label: string): string[] => Array.from({ length: seats }, (_, seat) => `${label} ${seat}`);
  return ['game', ...each('seat'), 'winner', ...each('points'), 'forfeit by', 'verdict', 'file'];
};

export function openReplayFolder(options: ReplayFolderOptions): ReplayFolder {
  const { dir } = options;
  prepare(dir, options.overwrite);
  const width = String(options.games).length;
  const rows: IndexRow[] = [];
  const COLUMNS = columns(options.seats);
  const eachSeat = <T>(cell: (seat: number) => T): T[] => Array.from({ length: options.seats }, (_, seat) => cell(seat));
  let files = 0;
  return {
    save(game) {
      const replay = game.record.replay;
      const name = (seat: number): string => replay.seats[seat]?.name ?? `seat ${seat}`;
      let file = '';
      if (options.keep(game)) {
        file = `game-${String(game.index + 1).padStart(width, '0')}.json`;
        attempt(() => writeGame(path.join(dir, file), game), 'cannot write replays');
        files++;
      }
      const forfeit = replay.forfeit;
      rows.push({
        index: game.index,
        cells: [String(game.index + 1), ...eachSeat(name), name(replay.result.winner), ...eachSeat((seat) => String(replay.result.points[seat] ?? 0)), forfeit === null ? '' : name(forfeit.seat), forfeit?.verdict ?? '', file],
      });
    },
    close() {
      rows.sort((a, b) => a.index - b.index);
      const tsv = [COLUMNS, ...rows.map((r) => r.cells)].map((cells) => cells.join('\t')).join('\n');
      const md = [`# ${options.title}`, '', ...[COLUMNS, COLUMNS.map(() => '---'), ...rows.map((r) => r.cells.map((c) => (c === '' ? '—' : c)))].map((cells) => `| ${cells.join(' | ')} |`)].join('\n');
      attempt(() => {
        writeFileSync(path.join(dir, 'index.tsv'), `${tsv}\n`);
        writeFileSync(path.join(dir, 'index.md'), `${md}\n`);
      }, 'cannot write the replay index');
      return files;
    },
  };
}

/** Whether bot A did not place first in `game` (a forfeit by A is a loss; a shared first place is not), at its first seat (a partnership's share the place). */
export const lostByA = (game: HostGame, seating: Seating): boolean => {
  const { result, seats } = game.record.replay;
  return placesOf(result, seats.length)[seatsOfEntrant(0, game.rotation, seating)[0]!] !== 1;
};

function writeGame(file: string, game: HostGame): void {
  writeFileSync(file, `${JSON.stringify(game.record.replay)}\n`);
  // The bots' own logs, for their authors: beside the replay, never in it.
  const { logs, replay } = game.record;
  if (logs.length > 0) writeFileSync(file.replace(/\.json$/, '.log'), formatBotLogs(logs, (seat) => replay.seats[seat]?.name ?? `seat ${seat}`));
}

function prepare(dir: string, overwrite: boolean): void {
  let isDir: boolean | null = null;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    // Missing: created below.
  }
  if (isDir === false) fail(`--replays ${dir} is a file, not a folder: give a folder for the replays`);
  if (isDir === true) {
    const old = readdirSync(dir).filter((f) => OURS.test(f));
    if (old.length > 0 && !overwrite) {
      fail(`${dir} already holds replays (${old.length} file${old.length === 1 ? '' : 's'}): choose another folder, or add --overwrite to replace them`);
    }
    attempt(() => old.forEach((f) => rmSync(path.join(dir, f))), `cannot remove the old replays in ${dir}`);
    return;
  }
  try {
    mkdirSync(dir, { recursive: true });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST') fail(`cannot create the folder ${dir}: ${blockingFile(dir)} is a file`);
    fail(`cannot create the folder ${dir}: ${(error as Error).message}`);
  }
}

/** The first part of `dir` that exists and is not a folder. */
function blockingFile(dir: string): string {
  const parts = path.resolve(dir).split(path.sep);
  for (let i = 2; i <= parts.length; i++) {
    const prefix = parts.slice(0, i).join(path.sep);
    try {
      if (!statSync(prefix).isDirectory()) return path.relative(process.cwd(), prefix) || prefix;
    } catch {
      break;
    }
  }
  return 'a part of the path';
}

function attempt(action: () => void, what: string): void {
  try {
    action();
  } catch (error) {
    fail(`${what}: ${(error as Error).message}`);
  }
}
